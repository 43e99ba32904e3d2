package @PACKAGE@;

import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Map;

/** The {@code @ID@} adapter: its workloads, and whether they can run here. Listed in META-INF/services. */
public final class @CLASS@Adapter implements Adapter {

    @Override
    public String id() {
        return "@ID@";
    }

    @Override
    public String describe() {
        return "@ID@'s kernels";
    }

    @Override
    public Availability probe() {
        // where a native library or a device is needed, say here whether it is found, and if not, why
        return Availability.ok();
    }

    @Override
    public Map<String, String> environment() {
        return Map.of("java", System.getProperty("java.runtime.version"));
    }

    @Override
    public List<WorkloadSpec> workloads() {
        return List.of(WorkloadSpec.builder(DotWorkload.NAME)
                .group("blas1")
                .description("float dot product, one accumulator")
                .param(ParamSpec.of("size", "4096", "65536").quick("4096"))
                .counts(p -> {
                    long n = p.getInt("size");
                    return new OpCounts(n, 2 * n * Float.BYTES, 2 * n);
                })
                .factory(DotWorkload::new)
                .build());
    }
}
