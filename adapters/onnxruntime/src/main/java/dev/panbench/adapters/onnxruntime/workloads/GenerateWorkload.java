package dev.panbench.adapters.onnxruntime.workloads;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.panbench.adapters.onnxruntime.CacheDir;
import dev.panbench.adapters.onnxruntime.graph.OnnxGraph;
import dev.panbench.adapters.onnxruntime.graph.OnnxModel;
import dev.panbench.adapters.onnxruntime.runtime.OrtNatives;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.GenerateEntry;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code model/generate} in ONNX Runtime: {@link GenerateGraphs}' prefill and step graphs in two sessions, looped
 * from Java with the KV cache carried. Every tensor is a direct buffer bound once (inputs and pinned outputs, as
 * {@link GraphWorkload} binds its own): the caches {@code [heads][capacity][d]} per block, the token, its position
 * and the mask; the prefill's keys and values, each step's new ones, the logits and the next id. A pass writes its
 * keys and values into the caches (the prefill's {@code prompt - 1} positions per head in one copy, a step's
 * {@code d} values per head) and opens the mask over them; the next id goes back into the token buffer. At
 * {@code phase=prefill} an operation is the prefill and step 1; at {@code phase=decode} the prefill runs once at
 * setup and an operation closes the mask back to the prompt and runs the steps.
 */
final class GenerateWorkload implements Workload {

    private static final String BACKEND = OrtWorkloads.BACKEND;
    static final int VERSION = 1;

    private final Function<Problem, OnnxGraph> prefillGraph;
    private final OwnedResources owned = new OwnedResources();
    private Problem problem;
    private GenerateGraphs.Sizes s;
    private boolean decode;
    private int emitted;
    private int[] prompt;
    private OrtSession prefill, step;
    private Map<String, OnnxTensor> prefillIn, prefillOut, stepIn, stepOut;
    private FloatBuffer[] kCache, vCache, kPrefill, vPrefill, kNew, vNew;
    private FloatBuffer mask, logits;
    private LongBuffer token, position, next;
    private float[] out;

    GenerateWorkload() {
        this(null);
    }

    /** (Tests) with another prefill graph, a wrong one. */
    GenerateWorkload(Function<Problem, OnnxGraph> prefillGraph) {
        this.prefillGraph = prefillGraph;
    }

    static WorkloadSpec spec() {
        return Catalog.GENERATE.spec()
                .description(Catalog.GENERATE.description() + "; ONNX prefill and step graphs (MatMul, Add, "
                        + "LayerNormalization, Gelu(tanh), Softmax, Gather, ArgMax) looped from Java, the KV cache "
                        + "carried in bound buffers")
                .param("threads", "1")
                .counts(p -> {
                    GraphWorkload.threads(p.get("threads", "1"));
                    return Catalog.GENERATE.counts(p);
                })
                .role(p -> Catalog.GENERATE.role(p, BACKEND, null))
                .factory(GenerateWorkload::new).build();
    }

    @Override
    public void setup(Params params) throws Exception {
        int threads = GraphWorkload.threads(params.get("threads", "1"));
        Params shape = Catalog.GENERATE.shapeOf(params);
        problem = Catalog.GENERATE.problem(params);
        decode = GenerateEntry.decode(shape);
        emitted = GenerateEntry.emitted(shape);
        s = GenerateGraphs.Sizes.of(problem, shape.getInt("heads"));
        prompt = GenerateEntry.promptIds(problem);
        OrtEnvironment env = OrtNatives.environment();
        int n = s.prompt() - 1, L = s.layers(), hd = s.heads() * s.d();
        kCache = new FloatBuffer[L];
        vCache = new FloatBuffer[L];
        kPrefill = new FloatBuffer[L];
        vPrefill = new FloatBuffer[L];
        kNew = new FloatBuffer[L];
        vNew = new FloatBuffer[L];
        stepIn = new LinkedHashMap<>();
        stepOut = new LinkedHashMap<>();
        prefillIn = new LinkedHashMap<>();
        prefillOut = new LinkedHashMap<>();
        token = aligned(8).asLongBuffer();
        position = aligned(8).asLongBuffer();
        next = aligned(8).asLongBuffer();
        mask = aligned(4L * s.capacity()).asFloatBuffer();
        logits = aligned(4L * s.vocab()).asFloatBuffer();
        stepIn.put("token", own(OnnxTensor.createTensor(env, token, new long[]{1})));
        stepIn.put("position", own(OnnxTensor.createTensor(env, position, new long[]{1})));
        stepIn.put("mask", own(OnnxTensor.createTensor(env, mask, new long[]{1, s.capacity()})));
        long[] cacheDims = {s.heads(), s.capacity(), s.d()}, newDims = {s.heads(), 1, s.d()};
        for (int l = 0; l < L; l++) {
            kCache[l] = aligned(4L * s.capacity() * hd).asFloatBuffer();
            vCache[l] = aligned(4L * s.capacity() * hd).asFloatBuffer();
            kNew[l] = aligned(4L * hd).asFloatBuffer();
            vNew[l] = aligned(4L * hd).asFloatBuffer();
            stepIn.put("l" + l + "_k_cache", own(OnnxTensor.createTensor(env, kCache[l], cacheDims)));
            stepIn.put("l" + l + "_v_cache", own(OnnxTensor.createTensor(env, vCache[l], cacheDims)));
            stepOut.put("l" + l + "_k_new", own(OnnxTensor.createTensor(env, kNew[l], newDims)));
            stepOut.put("l" + l + "_v_new", own(OnnxTensor.createTensor(env, vNew[l], newDims)));
        }
        stepOut.put("logits", own(OnnxTensor.createTensor(env, logits, new long[]{1, s.vocab()})));
        stepOut.put("next", own(OnnxTensor.createTensor(env, next, new long[]{1})));
        String crc = weightsCrc(problem);
        Problem p = problem;
        GenerateGraphs.Sizes sizes = s;
        step = own(open(() -> GenerateGraphs.step(p, sizes), "step", shape, crc, threads));
        if (n > 0) {
            prefill = own(open(() -> prefillGraph == null ? GenerateGraphs.prefill(p, sizes) : prefillGraph.apply(p),
                    prefillGraph == null ? "prefill" : "prefill-test", shape, crc, threads));
            LongBuffer ids = aligned(8L * n).asLongBuffer();
            for (int i = 0; i < n; i++) {
                ids.put(i, prompt[i]);
            }
            prefillIn.put("ids", own(OnnxTensor.createTensor(env, ids, new long[]{n})));
            long[] dims = {s.heads(), n, s.d()};
            for (int l = 0; l < L; l++) {
                kPrefill[l] = aligned(4L * n * hd).asFloatBuffer();
                vPrefill[l] = aligned(4L * n * hd).asFloatBuffer();
                prefillOut.put("l" + l + "_k", own(OnnxTensor.createTensor(env, kPrefill[l], dims)));
                prefillOut.put("l" + l + "_v", own(OnnxTensor.createTensor(env, vPrefill[l], dims)));
            }
        }
        out = new float[problem.outputLength()];
        if (decode) {
            runPrefill();
        }
    }

    /** The prompt's first {@code prompt - 1} tokens into the caches, the mask open over them and closed after. */
    private void runPrefill() throws OrtException {
        int n = s.prompt() - 1, cap = s.capacity(), d = s.d();
        if (n > 0) {
            try (OrtSession.Result r = prefill.run(prefillIn, prefillOut)) {
                for (int l = 0; l < s.layers(); l++) {
                    for (int h = 0; h < s.heads(); h++) {
                        kCache[l].put(h * cap * d, kPrefill[l], h * n * d, n * d);
                        vCache[l].put(h * cap * d, vPrefill[l], h * n * d, n * d);
                    }
                }
            }
        }
        for (int i = 0; i < cap; i++) {
            mask.put(i, i < n ? 0f : Float.NEGATIVE_INFINITY);
        }
    }

    /** The generation from the prompt's cache: {@code emitted} steps, the ids into {@link #out}. */
    private void steps() throws OrtException {
        int pos = s.prompt() - 1, cap = s.capacity(), d = s.d();
        if (decode) {
            for (int i = pos; i < cap; i++) {
                mask.put(i, Float.NEGATIVE_INFINITY);
            }
        }
        long id = prompt[pos];
        for (int i = 0; i < emitted; i++, pos++) {
            token.put(0, id);
            position.put(0, pos);
            try (OrtSession.Result r = step.run(stepIn, stepOut)) {
                for (int l = 0; l < s.layers(); l++) {
                    for (int h = 0; h < s.heads(); h++) {
                        kCache[l].put((h * cap + pos) * d, kNew[l], h * d, d);
                        vCache[l].put((h * cap + pos) * d, vNew[l], h * d, d);
                    }
                }
            }
            mask.put(pos, 0f);
            id = next.get(0);
            out[i] = id;
        }
    }

    private void generate() throws OrtException {
        if (!decode) {
            runPrefill();
        }
        steps();
    }

    @Override
    public void verify() throws Exception {
        Arrays.fill(out, Float.NaN);
        generate();
        logits.get(0, out, emitted, s.vocab());
        problem.check(BACKEND, out);
        problem = null;
    }

    @Override
    public void run(Blackhole bh) throws OrtException {
        generate();
        bh.consume(next.get(0));
    }

    @Override
    public void close() throws Exception {
        owned.close();
    }

    private <T extends AutoCloseable> T own(T c) {
        return owned.add(c);
    }

    /**
     * A session on the graph's cached model, {@code models/model_generate/<shape>.<part>.v<version>.w<crc>.onnx}
     * (the shape without its phase: both phases load the same two models), written when it is not there yet.
     */
    private static OrtSession open(Supplier<OnnxGraph> graph, String part, Params shape, String crc, int threads)
            throws IOException, OrtException {
        Map<String, String> m = new LinkedHashMap<>(shape.values());
        m.remove("phase");
        String stem = new Params(m).render() + "." + part + ".v" + VERSION + ".w" + crc;
        Path file = CacheDir.get().resolve("models").resolve("model_generate").resolve(stem + ".onnx");
        ModelCache.Key key = new ModelCache.Key(file, "model/generate[" + new Params(m).render() + "] " + part + " v"
                + VERSION + " weights " + crc);
        if (!Files.exists(file)) {
            OnnxModel.write(graph.get(), Map.of(ModelCache.KEY, key.text()), file);
        }
        return ModelCache.open(key, threads);
    }

    /** The CRC-32 of every weight's bytes, hex. */
    private static String weightsCrc(Problem p) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        for (Operand o : p.inputs()) {
            ByteBuffer b = ByteBuffer.allocate(o.floats().length * 4).order(ByteOrder.LITTLE_ENDIAN);
            b.asFloatBuffer().put(o.floats());
            crc.update(b.array());
        }
        return String.format(java.util.Locale.ROOT, "%08x", crc.getValue());
    }

    /** A native-order direct buffer of {@code bytes} starting on a 64-byte boundary. */
    private static ByteBuffer aligned(long bytes) {
        long rounded = (bytes + 63) & ~63L;
        return ByteBuffer.allocateDirect(Math.toIntExact(rounded + 64)).alignedSlice(64)
                .limit(Math.toIntExact(bytes)).slice().order(ByteOrder.nativeOrder());
    }
}
