package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.GpuCudaAdapter;
import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.GpuProgram;
import dev.panbench.adapters.gpu.device.HostMemory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** CUDA's error paths and resource life cycle; skipped, with the reason, where there is no NVIDIA driver. */
class CudaResourcesTest {

    /** Every test starts here: skipped, visibly and with the adapter's reason, where there is no CUDA device. */
    private static void needsACudaDevice() {
        GpuCudaAdapter adapter = new GpuCudaAdapter();
        if (!adapter.probe().available()) {
            System.out.println("SKIPPED: gpu-cuda unavailable: " + adapter.probe().reason());
        }
        assumeTrue(adapter.probe().available(), () -> "gpu-cuda unavailable: " + adapter.probe().reason());
    }

    @Test
    void aKernelThatFailsToCompileGivesOneLineAndNvrtcsLog() {
        needsACudaDevice();
        try (CudaDevice device = CudaDevice.open("0")) {
            GpuException e = assertThrows(GpuException.class, () -> device.programFromSource("broken.cu",
                    "extern \"C\" __global__ void broken(float *x) { x[0] = undefined_name; }"));
            String[] lines = e.getMessage().split("\n");
            assertTrue(lines[0].startsWith("CUDA kernel broken.cu failed to compile"), lines[0]);
            assertTrue(e.getMessage().contains("undefined_name"), e.getMessage());
        }
    }

    @Test
    void anAllocationBeyondTheDeviceNamesTheSize() {
        needsACudaDevice();
        try (CudaDevice device = CudaDevice.open("0")) {
            long tooMuch = device.globalMemoryBytes() + (1L << 30);
            GpuException e = assertThrows(GpuException.class, () -> device.allocate(tooMuch));
            assertTrue(e.getMessage().startsWith("cannot allocate " + tooMuch + " bytes"), e.getMessage());
            try (DeviceMemory ok = device.allocate(4096)) {
                assertTrue(ok.bytes() == 4096, "the device stays usable after the refusal");
            }
        }
    }

    @Test
    void tenThousandContextsBuffersAndModulesReleaseEverything() throws IOException {
        needsACudaDevice();
        String source = "extern \"C\" __global__ void touch(float *x) { x[threadIdx.x] += 1.0f; }";
        for (int i = 0; i < 200; i++) {
            cycle(source, i % 100 == 0);
        }
        long before = residentKiB();
        for (int i = 0; i < 10_000; i++) {
            cycle(source, i % 100 == 0);
        }
        long grown = residentKiB() - before;
        System.out.println("resident memory growth over 10,000 CUDA cycles: " + grown + " KiB");
        assertTrue(grown < 8 * 1024, "resident memory grew by " + grown + " KiB over 10,000 cycles");
    }

    /** Context, stream, events, device and pinned buffers every cycle; an NVRTC module every 100th (~10 ms each). */
    private static void cycle(String source, boolean withModule) {
        try (CudaDevice device = CudaDevice.open("0");
             DeviceMemory buffer = device.allocate(4096);
             HostMemory pinned = device.allocateHost(4096, true)) {
            device.copyToDevice(pinned, buffer, 4096);
            device.synchronize();
            if (withModule) {
                try (GpuProgram p = device.programFromSource("touch.cu", source)) {
                    p.kernel("touch").arg(0, buffer).close();
                }
            }
        }
    }

    private static long residentKiB() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }
}
