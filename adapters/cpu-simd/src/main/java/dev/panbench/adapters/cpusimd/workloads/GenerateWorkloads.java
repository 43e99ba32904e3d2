package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.BlockWeights;
import dev.panbench.adapters.cpusimd.kernels.GptGeneration;
import dev.panbench.adapters.cpusimd.kernels.Parallel;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.GenerateEntry;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalog's {@code model/generate} in this adapter. {@code impl=simd} is {@link GptGeneration}: an operation at
 * {@code phase=prefill} empties the cache, runs the prompt's first {@code prompt - 1} tokens as one causal pass and
 * step 1 on its last token (the time to first token); at {@code phase=decode} the prefill is done once, at setup, and
 * an operation cuts the cache back to the prompt and runs the {@code tokens} greedy steps, each fed the last one's
 * argmax. {@code impl=numpy} and {@code impl=torch} are the same generation in {@code cpusimd_frameworks.py}, timed by
 * the Python driver (torch skipped with its reason where it is not importable). Every answer, the emitted ids and the
 * last logits, is checked by the entry's {@link Problem#check} before timing.
 */
final class GenerateWorkloads {

    private GenerateWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(Catalog.GENERATE.spec().param(ParamSpec.of("impl", "simd", "numpy", "torch"))
                .param("threads", "1")
                .availability(p -> p.get("impl").equals("simd") ? dev.panbench.harness.spi.Availability.ok()
                        : Impl.availability(p))
                .role(p -> Catalog.GENERATE.role(p, p.get("impl"), ModelWorkloads.framework(p)))
                .factory(() -> new KernelWorkload(GenerateWorkloads::generate)).build());
    }

    private static Case generate(Params p) {
        Problem prob = Catalog.GENERATE.problem(p);
        boolean decode = GenerateEntry.decode(p);
        int layers = p.getInt("layers"), prompt = p.getInt("prompt"), tokens = p.getInt("tokens");
        int vocab = p.getInt("vocab"), emitted = GenerateEntry.emitted(p);
        int[] ids = GenerateEntry.promptIds(prob);
        float[] out = new float[prob.outputLength()];
        Case.Verifier check = r -> prob.check("impl=" + p.get("impl"), out);
        if (ModelWorkloads.framework(p) != null) {
            Map<String, Object> shape = new LinkedHashMap<>();
            for (String n : List.of("layers", "prompt", "tokens", "vocab", "hidden", "heads", "ffn")) {
                shape.put(n, p.getInt(n));
            }
            shape.put("phase", p.get("phase"));
            shape.put("eps", Catalog.GENERATE.layerNormEpsilon());
            FrameworkCall fw = FrameworkCall.of(p, "model.generate", shape, prob);
            return new Case(fw.into(out), check).with(fw);
        }
        BlockWeights[] blocks = new BlockWeights[layers];
        for (int l = 0; l < layers; l++) {
            int layer = l;
            blocks[l] = new BlockWeights(f(prob, layer, "wq"), f(prob, layer, "bq"), f(prob, layer, "wk"),
                    f(prob, layer, "bk"), f(prob, layer, "wv"), f(prob, layer, "bv"), f(prob, layer, "wo"),
                    f(prob, layer, "bo"), f(prob, layer, "ln1_gamma"), f(prob, layer, "ln1_beta"),
                    f(prob, layer, "w1"), f(prob, layer, "b1"), f(prob, layer, "w2"), f(prob, layer, "b2"),
                    f(prob, layer, "ln2_gamma"), f(prob, layer, "ln2_beta"));
        }
        GptGeneration g = new GptGeneration(new GptGeneration.Shape(layers, p.getInt("hidden"), p.getInt("heads"),
                p.getInt("ffn"), vocab, prompt + tokens, Math.max(1, prompt - 1),
                (float) Catalog.GENERATE.layerNormEpsilon()), blocks, prob.floats("wte"), prob.floats("wpe"),
                prob.floats("lnf_gamma"), prob.floats("lnf_beta"), prob.floats("lm_head"),
                Parallel.parseThreads(p.get("threads")));
        int pre = prompt - 1;
        if (decode) {
            g.prefill(ids, 0, pre);
        }
        return new Case(() -> {
            if (decode) {
                g.truncate(pre);
            } else {
                g.truncate(0);
                g.prefill(ids, 0, pre);
            }
            int id = ids[pre];
            for (int s = 0; s < emitted; s++) {
                id = g.step(id);
                out[s] = id;
            }
            System.arraycopy(g.logits(), 0, out, emitted, vocab);
            return id;
        }, check);
    }

    private static float[] f(Problem prob, int layer, String name) {
        return prob.floats(GenerateEntry.blockOperand(layer, name));
    }
}
