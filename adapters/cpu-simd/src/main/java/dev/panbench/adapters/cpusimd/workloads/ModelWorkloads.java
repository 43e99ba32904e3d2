package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.BlockWeights;
import dev.panbench.adapters.cpusimd.kernels.DecoderStep;
import dev.panbench.adapters.cpusimd.kernels.EncoderLayer;
import dev.panbench.adapters.cpusimd.kernels.Int4Gemm;
import dev.panbench.adapters.cpusimd.kernels.Int8Gemm;
import dev.panbench.adapters.cpusimd.kernels.PackedGemm;
import dev.panbench.adapters.cpusimd.kernels.Parallel;
import dev.panbench.adapters.cpusimd.kernels.WeightOnlyGemm;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.Int4Blocks;
import dev.panbench.harness.catalog.Int8Blocks;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.WeightFormat;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalog's model workloads in this adapter: {@code model/bert-layer}, {@code model/gpt2-decode},
 * {@code quant/matmul-int4} and {@code quant/matmul-int8}. {@code impl=simd} composes this adapter's Vector API
 * kernels ({@link EncoderLayer}, {@link DecoderStep}, {@link Int4Gemm}, {@link Int8Gemm}) and is the reference
 * backend; {@code impl=numpy} and {@code impl=torch} are their twins in {@code cpusimd_frameworks.py}, timed by the
 * Python driver. For the quantized products, {@code impl=simd-f32} is the same product in float32, the row the
 * quantized one is read against: B dequantized and packed once at setup into {@link PackedGemm}, whose six-row
 * register tile the quantized kernels run too, so the two differ in the weights they read (4 or 8 bits and a scale
 * per 32, or 32 bits), the unpacking, and how deep a slice of k each tile covers; numpy and torch have no such
 * product, so theirs is the float32 product of the weights dequantized at setup too. The BERT layer's bf16 and
 * int8-dynamic rows are {@link BertWeights}': simd's layer on {@code Bf16Gemm} or {@code Int8DynamicGemm} products,
 * numpy's on bf16 weights widened once at setup (its float32 layer on bf16-valued weights) or on the quantized
 * product in float64 BLAS; torch runs f32 alone. Every answer is checked by the entry's {@link Problem#check} before
 * timing.
 * <p>
 * The default profile runs every shape the entries declare; the model entries' larger shapes (batch 8 and 32, ctx
 * 1024) take seconds of setup and reference each, so a quick run takes batch 1 and ctx 128 (the entries' quick
 * values) and the int4 product alone.
 */
final class ModelWorkloads {

    static final String SIMD_F32 = "simd-f32";

    private ModelWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(
                model(Catalog.BERT_LAYER, ModelWorkloads::bert, ParamSpec.of("impl", "simd", "numpy", "torch")).build(),
                model(Catalog.GPT2_DECODE, ModelWorkloads::gpt2, ParamSpec.of("impl", "simd", "numpy", "torch")).build(),
                // a quick run leaves out the float32 twin of the int4 product, and the int8 product
                model(Catalog.MATMUL_INT4, p -> quantized(Catalog.MATMUL_INT4, p),
                        ParamSpec.of("impl", "simd", SIMD_F32, "numpy", "torch").quick("simd", "numpy", "torch")).build(),
                model(Catalog.MATMUL_INT8, p -> quantized(Catalog.MATMUL_INT8, p),
                        ParamSpec.of("impl", "simd", SIMD_F32, "numpy", "torch")).defaultProfileOnly().build());
    }

    private static WorkloadSpec.Builder model(CatalogEntry entry, KernelWorkload.Factory factory, ParamSpec impls) {
        return entry.spec().param(impls).param("threads", "1")
                .availability(ModelWorkloads::availability)
                .role(p -> entry.role(p, p.get("impl"), framework(p)))
                .factory(() -> new KernelWorkload(factory));
    }

    private static Availability availability(Params p) {
        String impl = p.get("impl");
        if (impl.equals("torch") && WeightFormat.of(p) != WeightFormat.F32) {
            return Availability.unavailable("impl=torch runs weights=f32 only: its twin of the layer has no bf16 or"
                    + " dynamic int8 products");
        }
        return impl.equals("simd") || impl.equals(SIMD_F32) ? Availability.ok() : Impl.availability(p);
    }

    /** The framework whose runtime times the row, or null for the JVM's. */
    static String framework(Params p) {
        return framework(p.get("impl"));
    }

    /** {@code numpy} or {@code torch} for those impls, else null. */
    static String framework(String impl) {
        return impl.equals("numpy") || impl.equals("torch") ? impl : null;
    }

    static BlockWeights weights(Problem p) {
        return new BlockWeights(p.floats("wq"), p.floats("bq"), p.floats("wk"), p.floats("bk"), p.floats("wv"),
                p.floats("bv"), p.floats("wo"), p.floats("bo"), p.floats("ln1_gamma"), p.floats("ln1_beta"),
                p.floats("w1"), p.floats("b1"), p.floats("w2"), p.floats("b2"), p.floats("ln2_gamma"),
                p.floats("ln2_beta"));
    }

    /** Every operand of the problem, name then floats, for the framework twin. */
    private static Object[] operands(Problem p) {
        return p.inputs().stream().flatMap(o -> java.util.stream.Stream.of(o.name(), o.floats())).toArray();
    }

    /** The framework twin's arguments: the shape, and the entry's layer-norm epsilon ({@code eps}). */
    private static Map<String, Object> shape(Params p, CatalogEntry entry, String... names) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String n : names) {
            m.put(n, Integer.parseInt(p.get(n)));
        }
        m.put("eps", entry.layerNormEpsilon());
        return m;
    }

    private static Case bert(Params p) {
        Problem prob = Catalog.BERT_LAYER.problem(p);
        WeightFormat format = WeightFormat.of(p);
        float[] out = new float[prob.outputLength()];
        Case.Verifier check = r -> prob.check("impl=" + p.get("impl"), out);
        if (framework(p) != null) {
            Map<String, Object> shape = shape(p, Catalog.BERT_LAYER, "batch", "seq", "hidden", "heads", "ffn");
            shape.put(WeightFormat.PARAM, format.value());
            FrameworkCall fw = FrameworkCall.of(p, "model.bert", shape, BertWeights.frameworkOperands(prob));
            return new Case(fw.into(out), check).with(fw);
        }
        int batch = p.getInt("batch"), seq = p.getInt("seq"), h = p.getInt("hidden"), ffn = p.getInt("ffn");
        int threads = Parallel.parseThreads(p.get("threads"));
        float eps = (float) Catalog.BERT_LAYER.layerNormEpsilon();
        EncoderLayer layer = format == WeightFormat.F32
                ? new EncoderLayer(weights(prob), batch, seq, h, p.getInt("heads"), ffn, eps, threads)
                : BertWeights.layer(prob, format, batch, seq, h, p.getInt("heads"), ffn, eps, threads);
        float[] x = prob.floats("x");
        return new Case(() -> {
            layer.forward(x, out);
            return 0;
        }, check);
    }

    private static Case gpt2(Params p) {
        Problem prob = Catalog.GPT2_DECODE.problem(p);
        float[] out = new float[prob.outputLength()];
        Case.Verifier check = r -> prob.check("impl=" + p.get("impl"), out);
        if (framework(p) != null) {
            FrameworkCall fw = FrameworkCall.of(p, "model.gpt2", shape(p, Catalog.GPT2_DECODE, "batch", "ctx", "hidden", "heads", "ffn"),
                    operands(prob));
            return new Case(fw.into(out), check).with(fw);
        }
        DecoderStep step = new DecoderStep(weights(prob), p.getInt("batch"), p.getInt("ctx"), p.getInt("hidden"),
                p.getInt("heads"), p.getInt("ffn"), (float) Catalog.GPT2_DECODE.layerNormEpsilon(), Parallel.parseThreads(p.get("threads")));
        float[] x = prob.floats("x"), kc = prob.floats("k_cache"), vc = prob.floats("v_cache");
        return new Case(() -> {
            step.forward(x, kc, vc, out);
            return 0;
        }, check);
    }

    private static Case quantized(CatalogEntry entry, Params p) {
        Problem prob = entry.problem(p);
        boolean int4 = entry == Catalog.MATMUL_INT4;
        int m = p.getInt("m"), k = p.getInt("k"), n = p.getInt("n");
        int threads = Parallel.parseThreads(p.get("threads"));
        float[] a = prob.floats("a");
        byte[] packed = prob.input("b_packed").bytes();
        float[] scales = prob.floats("scales");
        float[] c = new float[m * n];
        Case.Verifier check = r -> prob.check("impl=" + p.get("impl"), c);
        String impl = p.get("impl");
        if (framework(p) != null || impl.equals(SIMD_F32)) {
            float[] w = int4 ? Int4Blocks.dequantize(packed, scales, k, n) : Int8Blocks.dequantize(packed, scales, k, n);
            if (framework(p) != null) {
                FrameworkCall fw = FrameworkCall.of(p, "gemm.sgemm", Map.of("m", m, "n", n, "k", k), "a", a, "b", w);
                return new Case(fw.into(c), check).with(fw);
            }
            PackedGemm g = new PackedGemm(w, k, n, threads);
            return new Case(() -> {
                g.multiply(a, m, c);
                return 0;
            }, check);
        }
        WeightOnlyGemm g = int4 ? new Int4Gemm(packed, scales, m, n, k, threads)
                : new Int8Gemm(packed, scales, m, n, k, threads);
        return new Case(() -> {
            g.multiply(a, c);
            return 0;
        }, check);
    }
}
