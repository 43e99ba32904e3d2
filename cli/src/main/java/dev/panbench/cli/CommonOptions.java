package dev.panbench.cli;

import picocli.CommandLine.Option;

/** Options every command takes: diagnostics and where native libraries are. */
public final class CommonOptions {

    @Option(names = "--verbose", description = "Print stack traces of errors.")
    boolean verbose;

    @Option(names = "--tvm-ffi-lib", paramLabel = "PATH",
            description = "libtvm_ffi.so to use (default: PANBENCH_TVM_FFI_LIB, the project .venv, python3's tvm_ffi).")
    void tvmFfiLib(String path) {
        System.setProperty("panbench.tvmffi.lib", path);
    }
}
