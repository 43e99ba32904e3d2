package dev.panbench.adapters.gpu.cuda;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the CUDA binding decides without a GPU: the argument block's layout and NVRTC's options. */
class CudaBindingShapesTest {

    @Test
    void kernelArgumentBlockHoldsSixteenEightByteSlotsAndTheirPointers() {
        // cuLaunchKernel reads kernelParams[i] as a pointer to argument i; a CUdeviceptr is 8 bytes
        assertEquals(16 * 8, CudaKernel.VALUES.byteSize());
        assertEquals(16 * 8, CudaKernel.POINTERS.byteSize());
    }

    @Test
    void nvrtcCompilesForTheDevicesComputeCapability() {
        assertEquals(List.of("--gpu-architecture=compute_90", "--std=c++17"), CudaModule.nvrtcOptions(9, 0));
        assertEquals("--gpu-architecture=compute_86", CudaModule.nvrtcOptions(8, 6).getFirst());
    }
}
