package dev.panbench.adapters.tvmffi.usermodel;

import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Optional;

/**
 * The users' models of this run ({@code --model}) on TVM: {@code model/STEM[<free dimensions>, threads, impl]} where
 * {@code impl=tvm} runs the model's Relax build ({@link ModelBuild}) in its VM through panbench's binding (backend
 * {@code tvm}) and {@code impl=tvm-python} the same {@code .so} from Python's {@code tvm_ffi} in the Python driver
 * (backend {@code tvm-python}). {@code threads} is 1: the build has no parallel loops (MetaSchedule tunes it for one
 * core). A model TVM cannot take skips both rows with the first line of the reason. Each cell names its schedule:
 * {@code untuned}, or {@code tuned (N trials)} after {@code panbench tune --model}.
 */
public final class ModelWorkloads {

    static final String TVM = "tvm";
    static final String TVM_PYTHON = "tvm-python";

    private ModelWorkloads() {
    }

    public static List<WorkloadSpec> all() {
        return ModelEntries.current().stream().map(ModelWorkloads::spec).toList();
    }

    private static WorkloadSpec spec(ModelEntry e) {
        return e.spec()
                .param(ParamSpec.of("threads", "1"))
                .param(ParamSpec.of("impl", TVM, TVM_PYTHON))
                .availability(p -> availability(e, p))
                .role(p -> role(e, p))
                .factory(() -> new ModelRow(e)).build();
    }

    private static Role role(ModelEntry e, Params p) {
        String impl = p.get("impl");
        Role role = e.role(p, impl, TVM_PYTHON.equals(impl) ? "python" : null);
        return ModelBuild.built(e).map(m -> role.withSchedule(m.scheduleLabel(), m.untuned())).orElse(role);
    }

    private static Availability availability(ModelEntry e, Params p) {
        if (TVM_PYTHON.equals(p.get("impl"))) {
            Optional<String> missing = PythonDriver.importable("tvm_ffi");
            if (missing.isPresent()) {
                return Availability.unavailable(missing.get());
            }
        }
        return ModelBuild.availability(e);
    }
}
