package dev.panbench.adapters.tvmffi.compiled;

import dev.panbench.adapters.tvmffi.abi.GlobalLibraries;
import dev.panbench.adapters.tvmffi.api.TvmFfi;

import java.nio.file.Path;

/**
 * What a benchmark JVM must do once before it loads a TVM-compiled module: set {@code TVM_NUM_THREADS} (read when
 * TVM's thread pool starts), make {@code libtvm_ffi.so}'s symbols global, and open {@code libtvm_runtime.so}
 * globally (it registers the parallel launch and workspace functions compiled modules call).
 */
public final class TvmRuntime {

    private static Path loaded;
    private static int loadedThreads;

    private TvmRuntime() {
    }

    public static synchronized void prepare(Path runtime, int threads) {
        if (loaded != null) {
            if (loadedThreads != threads) {
                throw new IllegalStateException("TVM's thread pool already runs " + loadedThreads
                        + " threads in this JVM; threads=" + threads + " needs a fork of its own");
            }
            return;
        }
        GlobalLibraries.setenv("TVM_NUM_THREADS", Integer.toString(threads));
        TvmFfi.version(); // loads libtvm_ffi.so (with the JVM's SIGSEGV handler kept)
        GlobalLibraries.promoteTvmFfi();
        try {
            GlobalLibraries.open(runtime);
        } catch (IllegalStateException e) {
            throw new IllegalStateException("cannot load " + runtime + ": " + e.getMessage()
                    + "; run scripts/setup.sh to reinstall apache-tvm");
        }
        loaded = runtime;
        loadedThreads = threads;
    }
}
