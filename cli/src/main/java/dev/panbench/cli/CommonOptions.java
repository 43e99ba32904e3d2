package dev.panbench.cli;

import picocli.CommandLine.Option;

/** Options every command takes: diagnostics and where native libraries are. */
public final class CommonOptions {

    @Option(names = "--verbose", description = "Print stack traces of errors; run lists every skipped result.")
    boolean verbose;

    @Option(names = "--tvm-ffi-lib", paramLabel = "PATH",
            description = "libtvm_ffi.so to use (default: PANBENCH_TVM_FFI_LIB, the project .venv, python3's tvm_ffi).")
    void tvmFfiLib(String path) {
        System.setProperty("panbench.tvmffi.lib", path);
    }

    @Option(names = "--opencl-lib", paramLabel = "PATH",
            description = "OpenCL ICD loader to use (default: PANBENCH_OPENCL_LIB, then libOpenCL.so.1).")
    void openClLib(String path) {
        System.setProperty("panbench.opencl.lib", path);
    }

    @Option(names = "--cuda-path", paramLabel = "DIRS",
            description = "Directories (:-separated) searched first for libcuda, libnvrtc and libcublas (default: "
                    + "PANBENCH_CUDA_PATH, LD_LIBRARY_PATH, the loader cache, CUDA_HOME/lib64, site-packages/nvidia).")
    void cudaPath(String dirs) {
        System.setProperty("panbench.cuda.path", dirs);
    }
}
