package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.LlamaDecodeStep;
import dev.panbench.adapters.cpusimd.kernels.LlamaDecodeStep.Projection;
import dev.panbench.adapters.cpusimd.kernels.Parallel;
import dev.panbench.harness.catalog.Bf16;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.Int4Blocks;
import dev.panbench.harness.catalog.Int4Dynamic;
import dev.panbench.harness.catalog.LlamaDecodeEntry;
import dev.panbench.harness.catalog.LlamaWeights;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.catalog.WeightFormat;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalog's {@code model/llama-decode} in this adapter. {@code impl=simd} is {@link LlamaDecodeStep}: float32
 * weights in {@code PackedGemm} panels, bfloat16 weights in {@code Bf16Gemm}'s (16 bits a weight in memory, widened in
 * registers, float32 sums), INT4 weights in {@code Int4Gemv}'s (the dequantizing fused into the multiply-adds, each
 * weight read once at four bits), dynamic INT4 in {@code Int4DynamicGemv}'s (the same bytes, the activations quantized
 * to int8 per block at every product, the products in 16-bit integer lanes), dynamic INT8 in {@code Int8DynamicGemv}'s
 * (the activations quantized at every product, int32 sums). {@code impl=numpy} is its twin in
 * {@code cpusimd_frameworks.py}, timed by the Python driver. numpy has no bfloat16 or INT4 product, so at
 * {@code weights=bf16} and {@code weights=int4} it multiplies by the weights widened or dequantized once, at setup (the
 * row is numpy's float32 step on bf16- or INT4-valued weights, reading 32 bits a weight); at
 * {@code weights=int8-dynamic} it quantizes the activations at every product as the catalog defines and multiplies in
 * int32 (numpy's integer matmul, no BLAS), the weights held as int32 (numpy has no int8 product into int32); at
 * {@code weights=int4-dynamic} likewise, per block of 32, on the weights' integer levels held as int32. Every answer is
 * checked by the entry's {@link Problem#check} before timing.
 */
final class LlamaWorkloads {

    private LlamaWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(Catalog.LLAMA_DECODE.spec().param(ParamSpec.of("impl", "simd", "numpy")).param("threads", "1")
                .availability(LlamaWorkloads::availability)
                .role(p -> Catalog.LLAMA_DECODE.role(p, p.get("impl"), ModelWorkloads.framework(p)))
                .factory(() -> new KernelWorkload(LlamaWorkloads::llama)).build());
    }

    /** A shape that makes no layer is unavailable with its reason, as is numpy where it is missing. */
    private static Availability availability(Params p) {
        String fault = LlamaDecodeEntry.shapeFault(Catalog.LLAMA_DECODE.shapeOf(p));
        if (fault != null) {
            return Availability.unavailable(fault);
        }
        return p.get("impl").equals("simd") ? Availability.ok() : Impl.availability(p);
    }

    private static Case llama(Params p) {
        Problem prob = Catalog.LLAMA_DECODE.problem(p);
        WeightFormat format = WeightFormat.of(p);
        int ctx = p.getInt("ctx"), h = p.getInt("hidden"), heads = p.getInt("heads"), kv = p.getInt("kv_heads");
        int ffn = p.getInt("ffn"), kvDim = kv * (h / heads);
        float[] out = new float[prob.outputLength()];
        Case.Verifier check = r -> prob.check("impl=" + p.get("impl"), out);
        if (ModelWorkloads.framework(p) != null) {
            Map<String, Object> shape = new LinkedHashMap<>();
            for (String n : List.of("ctx", "hidden", "heads", "kv_heads", "ffn")) {
                shape.put(n, p.getInt(n));
            }
            shape.put("eps", Catalog.LLAMA_DECODE.layerNormEpsilon());
            shape.put("weights", format.value());
            FrameworkCall fw = FrameworkCall.of(p, "model.llama", shape, floatOperands(prob, format, h, ffn));
            return new Case(fw.into(out), check).with(fw);
        }
        int threads = Parallel.parseThreads(p.get("threads"));
        LlamaDecodeStep step = new LlamaDecodeStep(
                new LlamaDecodeStep.Shape(ctx, h, heads, kv, ffn, (float) Catalog.LLAMA_DECODE.layerNormEpsilon()),
                projection(prob, format, h, h + 2 * kvDim, threads, "wq", "wk", "wv"),
                projection(prob, format, h, h, threads, "wo"),
                projection(prob, format, h, 2 * ffn, threads, "w1", "w3"),
                projection(prob, format, ffn, h, threads, "w2"),
                prob.floats("attn_norm"), prob.floats("ffn_norm"), prob.floats("rope_cos"), prob.floats("rope_sin"));
        float[] x = prob.floats("x"), kc = prob.floats("k_cache"), vc = prob.floats("v_cache");
        return new Case(() -> {
            step.forward(x, kc, vc, out);
            return 0;
        }, check);
    }

    /** The matrices {@code names} joined column-wise, as the problem stores them in its format. */
    private static Projection projection(Problem prob, WeightFormat format, int in, int out, int threads,
                                         String... names) {
        return switch (format) {
            case F32 -> {
                float[][] parts = new float[names.length][];
                for (int i = 0; i < names.length; i++) {
                    parts[i] = prob.floats(names[i]);
                }
                yield LlamaDecodeStep.f32(in, out, threads, parts);
            }
            case BF16 -> {
                short[][] parts = new short[names.length][];
                for (int i = 0; i < names.length; i++) {
                    parts[i] = Bf16.patterns(prob.input(names[i] + "_bf16").bytes());
                }
                yield LlamaDecodeStep.bf16(in, threads, parts);
            }
            case INT4 -> LlamaDecodeStep.int4(in, out, threads, parts(prob, names, "_packed"));
            case INT4_DYNAMIC -> LlamaDecodeStep.int4Dynamic(in, out, threads, parts(prob, names, "_packed"));
            case INT8_DYNAMIC -> LlamaDecodeStep.int8Dynamic(in, threads, parts(prob, names, "_int8"));
        };
    }

    /** {@code bytes, scales, bytes, scales...} of the matrices {@code names}. */
    private static Object[] parts(Problem prob, String[] names, String bytes) {
        Object[] parts = new Object[2 * names.length];
        for (int i = 0; i < names.length; i++) {
            parts[2 * i] = prob.input(names[i] + bytes).bytes();
            parts[2 * i + 1] = prob.floats(names[i] + "_scales");
        }
        return parts;
    }

    /**
     * Name, floats, name, floats... for the framework twin: every float operand but the INT4 scales; at INT4 and
     * bfloat16 each matrix as float32 under its own name (dequantized or widened, once); in dynamic INT8 each matrix's
     * int8 values as floats under {@code <name>_int8} (exact), beside its {@code <name>_scales}; in dynamic INT4 each
     * matrix's levels {@code nibble - 8} as floats under {@code <name>_q} ({@code [in][out]}, exact), beside its
     * block scales.
     */
    private static Object[] floatOperands(Problem prob, WeightFormat format, int h, int ffn) {
        List<Object> in = new ArrayList<>();
        for (Operand o : prob.inputs()) {
            if (o.floats() != null && !(format == WeightFormat.INT4 && o.name().endsWith("_scales"))) {
                in.add(o.name());
                in.add(o.floats());
            }
        }
        for (String name : LlamaWeights.MATRICES) {
            int k = name.equals("w2") ? ffn : h;
            switch (format) {
                case F32 -> {
                }
                case INT4 -> {
                    int n = prob.input(name + "_scales").dims()[0];
                    in.add(name);
                    in.add(Int4Blocks.dequantize(prob.input(name + "_packed").bytes(), prob.floats(name + "_scales"),
                            k, n));
                }
                case BF16 -> {
                    in.add(name);
                    in.add(Bf16.widen(Bf16.patterns(prob.input(name + "_bf16").bytes())));
                }
                case INT4_DYNAMIC -> {
                    int n = prob.input(name + "_scales").dims()[0];
                    in.add(name + "_q");
                    in.add(Int4Dynamic.levels(prob.input(name + "_packed").bytes(), k, n));
                }
                case INT8_DYNAMIC -> {
                    byte[] q = prob.input(name + "_int8").bytes();
                    float[] f = new float[q.length];
                    for (int i = 0; i < q.length; i++) {
                        f[i] = q[i];
                    }
                    in.add(name + "_int8");
                    in.add(f);
                }
            }
        }
        return in.toArray();
    }
}
