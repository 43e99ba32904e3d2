package dev.panbench.adapters.gpu.workloads;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.WeightFormat;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The workloads both GPU adapters declare, under the same ids. {@code binary/add}, {@code reduce/sum},
 * {@code softmax/rows} and {@code gemm/sgemm} are catalog entries (their counts, inputs, references and tolerances
 * come from the catalog); the copies, launch and axpy are this adapter's own rows, {@code machine/d2d} and
 * {@code machine/peak-flops} the device's bandwidth and FLOP ceilings. Bytes count what one operation must move
 * through device memory at least (a device-to-device copy reads and writes); FLOPs count additions and
 * multiplications. {@code model/bert-layer} and {@code model/gpt2-decode} are the catalog's model layers, composed
 * of GEMMs and this module's kernels ({@link LayerSteps}) at the entry's shapes (batch 1 in a quick run); their GEMMs
 * are cuBLAS's on CUDA (without it they are unavailable) and the GEMM kernels' on OpenCL (tiled, naive below 64 rows).
 */
public final class GpuWorkloads {

    private GpuWorkloads() {
    }

    /** The shape parameter the GPU rows leave out of their ids: they run f32 only. */
    private static final List<String> F32_ONLY = List.of("dtype");
    private static final List<String> F32_WEIGHTS = List.of(WeightFormat.PARAM);

    /**
     * @param api    the backend label of this API's rows in cross-backend tables ({@code opencl}, {@code cuda}); the
     *               SGEMM kernels are {@code API-naive} and {@code API-tiled}, the vendor BLAS {@code cublas}
     * @param opener opens the device {@code device=} names
     * @param blas   whether {@code impl=cublas} can run here
     */
    public static List<WorkloadSpec> all(String api, DeviceOpener opener, GpuDefaults d,
                                         Function<Params, Availability> blas) {
        String[] dev = {"0"};
        // the model rows' GEMMs are cuBLAS's on CUDA (what the "cuda" column of their rows stands for)
        Function<Params, Availability> models = api.equals("cuda") ? blas : p -> Availability.ok();
        return List.of(
                WorkloadSpec.builder("launch/empty")
                        .description("launch of an empty kernel and the wait for it")
                        .param("device", dev).defaultProfileOnly() // a quick run's tour: h2d, sgemm, a model
                        .factory(() -> new LaunchEmpty(opener)).build(),
                copy("copy/h2d", "host to device", d.copySizes(), Copy.Direction.H2D, opener, 4).build(),
                copy("copy/d2h", "device to host", d.copySizes(), Copy.Direction.D2H, opener, 4).defaultProfileOnly()
                        .build(),
                // a quick run copies the smallest size from pageable memory; machine/d2d stands for d2d
                copy("copy/d2d", "device to device", d.copySizes(), Copy.Direction.D2D, opener, 8)
                        .defaultProfileOnly().build(),
                Catalog.BINARY_ADD.spec(Map.of("size", d.elementSizes()), F32_ONLY)
                        .description("c = a + b, f32, one work item per element").param("device", dev)
                        .role(p -> Catalog.BINARY_ADD.role(p, api, null))
                        .factory(() -> new BinaryAdd(opener)).build(),
                WorkloadSpec.builder("axpy")
                        .description("y = alpha * x + y, f32, in place")
                        .param("size", array(d.elementSizes())).param("device", dev).defaultProfileOnly()
                        .counts(p -> {
                            long n = p.getLong("size");
                            return new OpCounts(n, 12 * n, 2 * n);
                        })
                        .factory(() -> new Axpy(opener)).build(),
                Catalog.REDUCE_SUM.spec(Map.of("size", d.elementSizes()), F32_ONLY)
                        .description("f32 sum: partial sums per work group, then one group, answer copied back")
                        .param("device", dev).defaultProfileOnly()
                        .role(p -> Catalog.REDUCE_SUM.role(p, api, null))
                        .factory(() -> new ReduceSum(opener)).build(),
                Catalog.SOFTMAX_ROWS.spec(Map.of("shape", d.softmaxShapes()), F32_ONLY)
                        .description("stable softmax of every row of a ROWSxCOLS f32 matrix (bytes: read + write)")
                        .param("device", dev).defaultProfileOnly()
                        .role(p -> Catalog.SOFTMAX_ROWS.role(p, api, null))
                        .factory(() -> new SoftmaxRows(opener)).build(),
                Catalog.SGEMM.spec(Map.of("size", d.gemmSizes()), F32_ONLY)
                        .description("row-major C = A * B, f32: naive kernel, 64x64-tiled kernel, or cuBLAS")
                        .param("impl", array(d.gemmImpls())).param("device", dev)
                        .role(p -> Catalog.SGEMM.role(p, p.get("impl").equals("cublas") ? "cublas"
                                : api + "-" + p.get("impl"), null))
                        .availability(p -> p.get("impl").equals("cublas") ? blas.apply(p) : Availability.ok())
                        .factory(() -> new Sgemm(opener)).build(),
                // on OpenCL (PoCL's CPU device where there is no GPU: 20 s a row) a quick run's model row is GPT-2's
                model(Catalog.BERT_LAYER, api, opener, models, BertLayer::new,
                        "one BERT-base encoder layer, f32: GEMMs by cuBLAS (CUDA) or the GEMM kernels (OpenCL), "
                                + "softmax_rows, and kernels for bias, GELU, residual + layer norm and attention",
                        !api.equals("opencl")),
                model(Catalog.GPT2_DECODE, api, opener, models, Gpt2Decode::new,
                        "one token through one GPT-2 small block with a KV cache, f32: GEMMs by cuBLAS (CUDA) or "
                                + "the GEMM kernels (OpenCL), softmax_rows, the new K and V appended on the device",
                        true),
                copy("machine/d2d", "ceiling: device-to-device copy bandwidth (read + write)", d.d2dSizes(),
                        Copy.Direction.D2D, opener, 8).role(p -> Role.ceiling(Role.BANDWIDTH)).defaultProfileOnly()
                        .build(),
                WorkloadSpec.builder("machine/peak-flops")
                        .description("ceiling: " + FmaPeak.CHAINS + " independent f32 FMA chains per work item")
                        .param("items", array(d.peakItems())).param("iters", array(d.peakIters())).param("device", dev)
                        .counts(p -> new OpCounts(0, 0, FmaPeak.flops(
                                GpuWorkload.roundUp(p.getLong("items"), BinaryAdd.GROUP), p.getInt("iters"))))
                        .role(p -> Role.ceiling(Role.FLOPS)).defaultProfileOnly()
                        .factory(() -> new FmaPeak(opener)).build());
    }

    private static WorkloadSpec model(CatalogEntry entry, String api, DeviceOpener opener,
                                      Function<Params, Availability> availability,
                                      Function<DeviceOpener, GpuWorkload> factory, String description,
                                      boolean quick) {
        // f32 weights only: a BERT layer's weights parameter left out, as dtype is of the element-wise rows
        WorkloadSpec.Builder b = entry.spec(Map.of(), F32_WEIGHTS).description(description).param("device", "0");
        if (!quick) {
            b.defaultProfileOnly();
        }
        return b.role(p -> entry.role(p, api, null))
                .availability(availability)
                .factory(() -> factory.apply(opener)).build();
    }

    private static WorkloadSpec.Builder copy(String name, String what, List<String> sizes,
                                             Copy.Direction direction, DeviceOpener opener, int bytesPerFloat) {
        WorkloadSpec.Builder b = WorkloadSpec.builder(name)
                .description("copy of SIZE floats, " + what)
                .param(ParamSpec.of("size", array(sizes)).quick(sizes.getFirst()));
        if (direction != Copy.Direction.D2D) {
            b.param(ParamSpec.of("host", "pageable", "pinned").quick("pageable"));
        }
        return b.param("device", "0")
                .counts(p -> {
                    long n = p.getLong("size");
                    return new OpCounts(n, bytesPerFloat * n, 0);
                })
                .factory(() -> new Copy(opener, direction));
    }

    private static String[] array(List<String> values) {
        return values.toArray(String[]::new);
    }
}
