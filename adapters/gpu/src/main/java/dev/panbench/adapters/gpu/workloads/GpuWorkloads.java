package dev.panbench.adapters.gpu.workloads;

import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.function.Function;

/**
 * The workloads both GPU adapters declare, under the same ids. Bytes count what one operation must move through
 * device memory at least (a device-to-device copy reads and writes); FLOPs count additions and multiplications.
 */
public final class GpuWorkloads {

    private GpuWorkloads() {
    }

    /**
     * @param opener opens the device {@code device=} names
     * @param blas   whether {@code impl=cublas} can run here
     */
    public static List<WorkloadSpec> all(DeviceOpener opener, GpuDefaults d, Function<Params, Availability> blas) {
        String[] dev = {"0"};
        return List.of(
                WorkloadSpec.builder("launch/empty")
                        .description("launch of an empty kernel and the wait for it")
                        .param("device", dev)
                        .factory(() -> new LaunchEmpty(opener)).build(),
                copy("copy/h2d", "host to device", d.copySizes(), Copy.Direction.H2D, opener, 4),
                copy("copy/d2h", "device to host", d.copySizes(), Copy.Direction.D2H, opener, 4),
                copy("copy/d2d", "device to device", d.copySizes(), Copy.Direction.D2D, opener, 8),
                WorkloadSpec.builder("binary/add")
                        .description("c = a + b, f32, one work item per element")
                        .param("size", array(d.elementSizes())).param("device", dev)
                        .counts(p -> {
                            long n = p.getLong("size");
                            return new OpCounts(n, 12 * n, n);
                        })
                        .factory(() -> new BinaryAdd(opener)).build(),
                WorkloadSpec.builder("axpy")
                        .description("y = alpha * x + y, f32, in place")
                        .param("size", array(d.elementSizes())).param("device", dev)
                        .counts(p -> {
                            long n = p.getLong("size");
                            return new OpCounts(n, 12 * n, 2 * n);
                        })
                        .factory(() -> new Axpy(opener)).build(),
                WorkloadSpec.builder("reduce/sum")
                        .description("f32 sum: partial sums per work group, then one group, answer copied back")
                        .param("size", array(d.elementSizes())).param("device", dev)
                        .counts(p -> {
                            long n = p.getLong("size");
                            return new OpCounts(n, 4 * n, n);
                        })
                        .factory(() -> new ReduceSum(opener)).build(),
                WorkloadSpec.builder("softmax/rows")
                        .description("stable softmax of every row of a ROWSxCOLS f32 matrix (bytes: read + write)")
                        .param("shape", array(d.softmaxShapes())).param("device", dev)
                        .counts(p -> {
                            int[] s = Inputs.shape(p.get("shape"));
                            long n = (long) s[0] * s[1];
                            return new OpCounts(n, 8 * n, 0);
                        })
                        .factory(() -> new SoftmaxRows(opener)).build(),
                WorkloadSpec.builder("gemm/sgemm")
                        .description("row-major C = A * B, f32: naive kernel, 64x64-tiled kernel, or cuBLAS")
                        .param("size", array(d.gemmSizes())).param("impl", array(d.gemmImpls())).param("device", dev)
                        .counts(p -> {
                            int[] s = Inputs.gemm(p.get("size"));
                            long m = s[0];
                            long n = s[1];
                            long k = s[2];
                            return new OpCounts(m * n, 4 * (m * k + k * n + m * n), 2 * m * n * k);
                        })
                        .availability(p -> p.get("impl").equals("cublas") ? blas.apply(p) : Availability.ok())
                        .factory(() -> new Sgemm(opener)).build(),
                copy("machine/d2d", "ceiling: device-to-device copy bandwidth (read + write)", d.d2dSizes(),
                        Copy.Direction.D2D, opener, 8),
                WorkloadSpec.builder("machine/peak-flops")
                        .description("ceiling: " + FmaPeak.CHAINS + " independent f32 FMA chains per work item")
                        .param("items", array(d.peakItems())).param("iters", array(d.peakIters())).param("device", dev)
                        .counts(p -> new OpCounts(0, 0, FmaPeak.flops(
                                GpuWorkload.roundUp(p.getLong("items"), BinaryAdd.GROUP), p.getInt("iters"))))
                        .factory(() -> new FmaPeak(opener)).build());
    }

    private static WorkloadSpec copy(String name, String what, List<String> sizes, Copy.Direction direction,
                                     DeviceOpener opener, int bytesPerFloat) {
        WorkloadSpec.Builder b = WorkloadSpec.builder(name)
                .description("copy of SIZE floats, " + what)
                .param("size", array(sizes));
        if (direction != Copy.Direction.D2D) {
            b.param("host", "pageable", "pinned");
        }
        return b.param("device", "0")
                .counts(p -> {
                    long n = p.getLong("size");
                    return new OpCounts(n, bytesPerFloat * n, 0);
                })
                .factory(() -> new Copy(opener, direction)).build();
    }

    private static String[] array(List<String> values) {
        return values.toArray(String[]::new);
    }
}
