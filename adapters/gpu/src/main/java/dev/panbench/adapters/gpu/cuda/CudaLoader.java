package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.cuda.CudaLibraries.Library;

import dev.panbench.harness.nativelib.NativeLibraryCheck;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Loads each CUDA library once per JVM from the first candidate {@link CudaLibraries} lists that loads. */
public final class CudaLoader {

    /** A loaded library, or why none was. */
    record Loaded(SymbolLookup lookup, String path, String missing) {
    }

    private static final Map<Library, Loaded> LOADED = new EnumMap<>(Library.class);
    private static volatile CudaLibraries.Inputs inputs;

    private CudaLoader() {
    }

    static synchronized Loaded get(Library lib) {
        return LOADED.computeIfAbsent(lib, CudaLoader::load);
    }

    private static Loaded load(Library lib) {
        CudaLibraries.Inputs in = inputs;
        if (in == null) {
            in = CudaLibraries.Inputs.ofThisProcess();
            inputs = in;
        }
        List<String> candidates = CudaLibraries.candidates(lib, in);
        for (String c : candidates) {
            Path file = Path.of(c);
            // a file is loaded in another process first, so a damaged one cannot crash panbench; sonames are the
            // loader's to resolve
            if (file.isAbsolute() && NativeLibraryCheck.problem(file, lib.symbol).isPresent()) {
                continue;
            }
            try {
                return new Loaded(SymbolLookup.libraryLookup(c, Arena.global()), c, null);
            } catch (IllegalArgumentException e) {
                // not there, or not loadable: the next candidate
            }
        }
        return new Loaded(null, null, missing(lib, candidates.size()));
    }

    /** The one-line reason a library is missing, saying where it was looked for and how to point at it. */
    static String missing(Library lib, int tried) {
        String what = switch (lib) {
            case DRIVER -> "libcuda.so.1 not found (no NVIDIA driver on this machine)";
            case NVRTC -> "libnvrtc not found (needed to compile the kernels; install the CUDA toolkit or the "
                    + "nvidia-cuda-nvrtc wheel)";
            case CUBLAS -> "libcublas not found (install the CUDA toolkit or the nvidia-cublas wheel)";
        };
        return what + "; searched " + CudaLibraries.ENV + ", LD_LIBRARY_PATH, the loader cache, CUDA_HOME/lib64, "
                + "/usr/local/cuda and site-packages/nvidia/*/lib (" + tried + " candidates); set "
                + CudaLibraries.ENV + " or --cuda-path";
    }

    /** Where {@code lib} was loaded from; null when it was not. */
    public static String path(Library lib) {
        return get(lib).path();
    }

    /** Why {@code lib} is missing; null when it loaded. */
    public static String missingReason(Library lib) {
        return get(lib).missing();
    }
}
