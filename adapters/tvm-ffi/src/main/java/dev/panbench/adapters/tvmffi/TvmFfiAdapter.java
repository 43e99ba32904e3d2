package dev.panbench.adapters.tvmffi;

import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.adapters.tvmffi.api.TvmFfi;
import dev.panbench.adapters.tvmffi.compiled.CompiledModule;
import dev.panbench.adapters.tvmffi.compiled.CompiledWorkloads;
import dev.panbench.adapters.tvmffi.compiled.TvmBuild;
import dev.panbench.adapters.tvmffi.fixtures.NativeFixtures;
import dev.panbench.adapters.tvmffi.usermodel.ModelTune;
import dev.panbench.adapters.tvmffi.usermodel.ModelWorkloads;
import dev.panbench.adapters.tvmffi.workloads.TvmFfiWorkloads;
import dev.panbench.harness.nativelib.NativeLibraryCheck;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.AdapterOption;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Tuner;
import dev.panbench.harness.spi.WorkloadSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * TVM FFI through a Panama binding of its C ABI ({@code libtvm_ffi.so} from the apache-tvm-ffi wheel), with the
 * TVMFFI.jl overhead suite measured against a C floor, and the catalog's workloads as TVM-compiled modules called
 * through that binding and from Python's tvm_ffi, as are a user's models ({@code --model}) built by Relax's ONNX
 * frontend.
 */
public final class TvmFfiAdapter implements Adapter {

    @Override
    public String id() {
        return "tvm-ffi";
    }

    @Override
    public String describe() {
        return "TVM FFI C ABI through Panama FFM: calls, conversions, tensors, callbacks, modules, objects vs a C loop;"
                + " TVM-compiled catalog workloads (impl=tvm, tvm-python)";
    }

    @Override
    public Availability probe() {
        Optional<Path> lib = LibraryLocator.locate();
        if (lib.isEmpty()) {
            return Availability.unavailable(LibraryLocator.NOT_FOUND);
        }
        Optional<String> unsafe = NativeLibraryCheck.problem(lib.get(), "TVMFFIGetVersion", "TVMFFIFunctionCall");
        if (unsafe.isPresent()) {
            return Availability.unavailable(unsafe.get() + "; set --tvm-ffi-lib or PANBENCH_TVM_FFI_LIB to a sound copy");
        }
        try {
            return Availability.ok(TvmFfi.version(), lib.get().toString(), "cpu");
        } catch (Throwable t) {
            return Availability.unavailable("cannot load " + lib.get() + ": " + t);
        }
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        Availability a = probe();
        env.put("available", Boolean.toString(a.available()));
        if (!a.available()) {
            env.put("reason", a.reason());
            return env;
        }
        env.put("version", a.version());
        env.put("library", a.library());
        LibraryLocator.testingLibrary().ifPresent(p -> env.put("testingLibrary", p.toString()));
        LibraryLocator.includeDirectory().ifPresent(p -> env.put("include", p.toString()));
        env.put("nativeFixtures", NativeFixtures.unavailableReason().orElse("g++ available"));
        env.put("tvm.cache", TvmBuild.cacheDir().toString());
        for (CompiledModule m : TvmBuild.seen()) {
            env.put("tvm", m.tvmVersion());
            env.put("tvm.target", m.target());
            String workload = m.sidecar().getParent().getFileName().toString();
            env.merge("tvm.schedule." + workload, m.schedule(), (x, y) -> x.equals(y) ? x : x + "; " + y);
        }
        return env;
    }

    @Override
    public List<AdapterOption> options() {
        return List.of(new AdapterOption("--tvm-ffi-lib", "PATH", LibraryLocator.PROPERTY,
                "libtvm_ffi.so to use (default: PANBENCH_TVM_FFI_LIB, the project .venv, python3's tvm_ffi)."));
    }

    @Override
    public List<String> forkProperties() {
        return List.of(NativeFixtures.DIR_PROPERTY, TvmBuild.CACHE_PROPERTY, TvmBuild.MCPU_PROPERTY);
    }

    /** {@value TvmBuild#MCPU_PROPERTY}, where set, names the LLVM CPU the TVM builds target. */
    @Override
    public void checkSettings() {
        TvmBuild.forcedMcpu();
    }

    @Override
    public Optional<Tuner> tuner() {
        return Optional.of(new ModelTune());
    }

    @Override
    public List<WorkloadSpec> workloads() {
        List<WorkloadSpec> all = new ArrayList<>(TvmFfiWorkloads.all());
        all.addAll(CompiledWorkloads.all());
        all.addAll(ModelWorkloads.all());
        return List.copyOf(all);
    }
}
