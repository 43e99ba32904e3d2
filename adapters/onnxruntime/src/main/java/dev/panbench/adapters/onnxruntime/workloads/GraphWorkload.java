package dev.panbench.adapters.onnxruntime.workloads;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.panbench.adapters.onnxruntime.runtime.OrtNatives;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One catalog entry run by ONNX Runtime: the cached model loaded into a session, every input copied once into a
 * 64-byte-aligned direct buffer that an {@link OnnxTensor} wraps without copying, and the output pinned to another
 * such tensor, so a run reads and writes the same native memory every time and ONNX Runtime allocates no output.
 * What a run still allocates on the Java heap is the Java API's bookkeeping per call (arrays of names and native
 * handles, the {@link OrtSession.Result} with its map and list), a few hundred bytes whatever the size: it shows in
 * {@code allocBytesPerOp}. The Java API has no IO binding; pinned outputs are its equivalent for the CPU.
 */
public final class GraphWorkload implements Workload {

    private static final String BACKEND = OrtWorkloads.BACKEND;

    private final CatalogGraph graph;
    private final OwnedResources owned = new OwnedResources();
    private Problem problem;
    private OrtSession session;
    private Map<String, OnnxTensor> inputs;
    private Map<String, OnnxTensor> outputs;
    private FloatBuffer output;

    GraphWorkload(CatalogGraph graph) {
        this.graph = graph;
    }

    @Override
    public void setup(Params params) throws Exception {
        int threads = threads(params.get("threads", "1"));
        Params shape = graph.entry().shapeOf(params);
        problem = graph.entry().problem(params);
        ModelCache.Key model = ModelCache.ensure(graph, problem, shape);
        OrtEnvironment env = OrtNatives.environment();
        session = ModelCache.open(model, threads);
        owned.add(session);
        inputs = new LinkedHashMap<>();
        for (Operand o : problem.inputs()) {
            if (graph.weight().test(o.name())) {
                continue;
            }
            long[] dims = Arrays.stream(o.dims()).asLongStream().toArray();
            OnnxTensor t;
            if (o.floats() != null) {
                FloatBuffer b = aligned(o.floats().length * 4L).asFloatBuffer();
                b.put(0, o.floats());
                t = OnnxTensor.createTensor(env, b, dims);
            } else {
                ByteBuffer b = aligned(o.bytes().length);
                b.put(0, o.bytes());
                t = OnnxTensor.createTensor(env, b, dims, OnnxJavaType.UINT8);
            }
            owned.add(t);
            inputs.put(o.name(), t);
        }
        output = aligned(problem.outputLength() * 4L).asFloatBuffer();
        OnnxTensor out = OnnxTensor.createTensor(env, output,
                Arrays.stream(problem.outputDims()).asLongStream().toArray());
        owned.add(out);
        outputs = Map.of(CatalogGraph.OUTPUT, out);
    }

    @Override
    public void verify() throws Exception {
        float[] got = new float[problem.outputLength()];
        Arrays.fill(got, Float.NaN);
        output.put(0, got);
        try (OrtSession.Result r = session.run(inputs, outputs)) {
            if (r.get(CatalogGraph.OUTPUT).orElse(null) != outputs.get(CatalogGraph.OUTPUT)) {
                throw new IllegalStateException("ONNX Runtime did not write the pinned output");
            }
        }
        output.get(0, got);
        problem.check(BACKEND, got);
        // the inputs live in the tensors now; the problem's arrays and float64 reference are not needed for timing
        problem = null;
    }

    @Override
    public void run(Blackhole bh) throws OrtException {
        try (OrtSession.Result r = session.run(inputs, outputs)) {
            bh.consume(r);
        }
    }

    @Override
    public void close() throws Exception {
        owned.close();
    }

    /** A {@code threads} parameter's value as a positive count. */
    public static int threads(String value) {
        int t;
        try {
            t = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            t = 0;
        }
        if (t < 1) {
            throw new IllegalArgumentException("threads=" + value + ": expected a positive integer");
        }
        return t;
    }

    /** A native-order direct buffer of {@code bytes} starting on a 64-byte boundary. */
    private static ByteBuffer aligned(long bytes) {
        // alignedSlice also rounds the end down to a boundary: room for a whole extra unit at both ends
        long rounded = (bytes + 63) & ~63L;
        return ByteBuffer.allocateDirect(Math.toIntExact(rounded + 64)).alignedSlice(64)
                .limit(Math.toIntExact(bytes)).slice().order(ByteOrder.nativeOrder());
    }
}
