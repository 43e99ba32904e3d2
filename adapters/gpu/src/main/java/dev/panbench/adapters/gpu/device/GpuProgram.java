package dev.panbench.adapters.gpu.device;

/** A built program (OpenCL) or loaded module (CUDA, from NVRTC's PTX); kernels are taken from it by name. */
public interface GpuProgram extends AutoCloseable {

    GpuKernel kernel(String name);

    @Override
    void close();
}
