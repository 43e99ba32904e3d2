package dev.panbench.adapters.gpu.opencl;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuException;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.adapters.gpu.device.GpuProgram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** OpenCL's error paths and resource life cycle on the first device (PoCL's CPU device in CI). */
class OpenClResourcesTest {

    @BeforeAll
    static void needsAnOpenClDevice() {
        assumeTrue(ClLibrary.missingReason() == null, ClLibrary.missingReason());
        assumeTrue(!ClPlatforms.devices().isEmpty(), "no OpenCL platform: install pocl-opencl-icd");
    }

    @Test
    void aKernelThatFailsToBuildGivesOneLineAndTheBuildLog() {
        try (ClDevice device = ClDevice.open("0")) {
            GpuException e = assertThrows(GpuException.class, () -> device.programFromSource("broken.cl",
                    "__kernel void broken(__global float *x) { x[0] = undefined_name; }"));
            String[] lines = e.getMessage().split("\n");
            assertTrue(lines[0].startsWith("OpenCL kernel broken.cl failed to build on " + device.name()), lines[0]);
            assertTrue(lines[0].endsWith("CL_BUILD_PROGRAM_FAILURE"), lines[0]);
            assertTrue(lines.length > 1 && e.getMessage().contains("undefined_name"), "build log: " + e.getMessage());
        }
    }

    @Test
    void anAllocationBeyondTheDeviceNamesTheSize() {
        try (ClDevice device = ClDevice.open("0")) {
            long tooMuch = device.info().maxAllocationBytes() + 4096;
            GpuException e = assertThrows(GpuException.class, () -> device.allocate(tooMuch));
            assertTrue(e.getMessage().startsWith("cannot allocate " + tooMuch + " bytes"), e.getMessage());
            assertTrue(e.getMessage().contains(device.name()), e.getMessage());
            try (DeviceMemory ok = device.allocate(4096)) {
                assertEquals(4096, ok.bytes(), "the device stays usable after the refusal");
            }
        }
    }

    @Test
    void anUnknownDeviceIndexSaysHowManyThereAre() {
        int n = ClPlatforms.devices().size();
        GpuException e = assertThrows(GpuException.class, () -> ClDevice.open(Integer.toString(n)));
        assertTrue(e.getMessage().contains("there are " + n + " OpenCL devices"), e.getMessage());
    }

    /**
     * Contexts with their queues, buffers and program objects made and released 10,000 times, after a warm-up that
     * lets the heap and the driver's pools reach their size: resident memory stays flat. (A 4 KiB buffer leaked per
     * cycle alone would be 40 MB; the limit is 16 MiB.)
     */
    @Test
    void tenThousandContextsBuffersAndProgramsReleaseEverything() throws IOException {
        ClDeviceInfo info = ClPlatforms.select("0");
        for (int i = 0; i < 3_000; i++) {
            cycle(info);
        }
        long before = residentKiB();
        for (int i = 0; i < 10_000; i++) {
            cycle(info);
        }
        long grown = residentKiB() - before;
        System.out.println("resident memory growth over 10,000 context/buffer/program cycles: " + grown + " KiB");
        // allocator and JIT noise stays within a few MiB; a leak of 1.6 KiB or more per cycle does not
        assertTrue(grown < 16 * 1024, "resident memory grew by " + grown + " KiB over 10,000 cycles");
    }

    /**
     * Building costs PoCL ~0.1 s a program, so full builds with their kernels are repeated 40 times, not 10,000:
     * a leaked compiled program (hundreds of KiB on PoCL) would still show.
     */
    @Test
    void builtProgramsAndKernelsAreReleased() throws IOException {
        String source = "__kernel void touch(__global float *x) { x[get_global_id(0)] += 1.0f; }";
        try (ClDevice device = ClDevice.open("0")) {
            for (int i = 0; i < 10; i++) {
                build(device, source);
            }
            long before = residentKiB();
            for (int i = 0; i < 40; i++) {
                build(device, source);
            }
            long grown = residentKiB() - before;
            System.out.println("resident memory growth over 40 program builds: " + grown + " KiB");
            assertTrue(grown < 4 * 1024, "resident memory grew by " + grown + " KiB over 40 builds");
        }
    }

    private static void cycle(ClDeviceInfo info) {
        try (ClDevice device = ClDevice.open(info);
             DeviceMemory buffer = device.allocate(4096);
             ClProgram program = ClProgram.create(device, "__kernel void k(void) {}")) {
            assertEquals(4096, buffer.bytes());
        }
    }

    private static void build(ClDevice device, String source) {
        try (DeviceMemory buffer = device.allocate(4096);
             GpuProgram program = device.programFromSource("touch.cl", source);
             GpuKernel kernel = program.kernel("touch")) {
            kernel.arg(0, buffer);
            device.launch(kernel, new long[] {1024}, new long[] {64});
            device.synchronize();
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
