package dev.panbench.harness.catalog.model;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A user's model as a catalog entry, made at plan time from its file and the run's {@link ModelSettings}: the workload
 * {@code model/STEM} whose shape parameters are the model's free dimensions (each {@code --dim} value, else the test
 * data's, else 1), its inputs (the test data's, {@code --inputs}, or generated from the signature with the seed), its
 * reference (the test data's outputs; else the reference backend's, which the adapter computes) and the check every
 * backend's outputs go through before timing. Every adapter that runs ONNX starts its workload from {@link #spec()}.
 */
public final class ModelEntry {

    /** Where the inputs came from, as a row's note says. */
    public enum InputSource { TEST_DATA, FILE, GENERATED }

    /**
     * The framework fact every row of a model records: its file's short hash, so that a comparison of two runs can
     * say that the same id ran another model file.
     */
    public static final String HASH_FACT = "model.sha256";

    private final ModelFile file;
    private final ModelSettings settings;
    private final Map<String, Long> dims = new LinkedHashMap<>();
    private final Set<String> defaulted = new LinkedHashSet<>();
    private final InputSource source;
    private Map<String, TensorValue> inputs;

    public ModelEntry(ModelFile file, ModelSettings settings) {
        this.file = file;
        this.settings = settings;
        Map<String, TensorValue> test = null;
        if (settings.inputs() != null) {
            source = InputSource.FILE;
        } else if (file.testData() != null && settings.dims().keySet().stream().noneMatch(
                file.signature().freeDimensions()::contains)) {
            source = InputSource.TEST_DATA;
            test = readTest("input", file.signature().inputs());
        } else {
            source = InputSource.GENERATED;
        }
        if (source == InputSource.FILE) {
            test = readInputsFile(settings.inputs());
        }
        for (ModelSignature.TensorSpec t : file.signature().inputs()) {
            if (t.dims() == null) {
                continue;
            }
            for (int i = 0; i < t.dims().size(); i++) {
                if (!t.dims().get(i).free()) {
                    continue;
                }
                String name = ModelSignature.paramName(t, i);
                Long given = settings.dims().get(name);
                TensorValue v = test == null ? null : test.get(t.name());
                if (given != null) {
                    dims.putIfAbsent(name, given);
                } else if (v != null && v.shape().length == t.dims().size()) {
                    dims.putIfAbsent(name, v.shape()[i]);
                } else if (!dims.containsKey(name)) {
                    dims.put(name, 1L);
                    defaulted.add(name);
                }
            }
        }
        if (test != null) {
            inputs = checkedInputs(test);
        } else {
            file.signature().inputs().forEach(this::generatable);
        }
    }

    public ModelFile file() {
        return file;
    }

    public ModelSettings settings() {
        return settings;
    }

    /** {@code model/STEM}. */
    public String name() {
        return "model/" + file.stem();
    }

    /** Each free dimension's value, in the order the inputs name them. */
    public Map<String, Long> dims() {
        return java.util.Collections.unmodifiableMap(dims);
    }

    /** The free dimensions no {@code --dim} and no test data set, which took 1. */
    public Set<String> defaulted() {
        return java.util.Collections.unmodifiableSet(defaulted);
    }

    public InputSource source() {
        return source;
    }

    /** One line for {@code list} and the workload's description. */
    public String description() {
        String from = switch (source) {
            case TEST_DATA -> "inputs and reference from " + file.testData().getFileName();
            case FILE -> "inputs from " + settings.inputs();
            case GENERATED -> "inputs generated (seed " + settings.seed() + ")";
        };
        return "your model " + file.onnx() + " (sha256 " + file.shortHash() + ", opset " + file.signature().opset()
                + "); " + from + (defaulted.isEmpty() ? "" : "; " + String.join(", ", defaulted) + " defaulted to 1");
    }

    /**
     * The workload's declaration: name, description, the free dimensions as shape parameters (one value each) and
     * the batch (the first free dimension, else the first input's leading size) as elements per operation; the adapter
     * adds {@code threads}, its role, availability and factory.
     */
    public WorkloadSpec.Builder spec() {
        WorkloadSpec.Builder b = WorkloadSpec.builder(name()).group("model").description(description());
        dims.forEach((k, v) -> b.param(ParamSpec.of(k, Long.toString(v))));
        long items = batch();
        return b.counts(p -> new OpCounts(items, 0, 0));
    }

    private long batch() {
        if (!dims.isEmpty()) {
            return dims.values().iterator().next();
        }
        return file.signature().inputs().stream().filter(t -> t.dims() != null && !t.dims().isEmpty())
                .map(t -> t.dims().getFirst().value()).filter(v -> v > 0).findFirst().orElse(1L);
    }

    /** The free dimensions of {@code params} (the shape of a cross-backend row). */
    public Params shapeOf(Params params) {
        Map<String, String> m = new LinkedHashMap<>();
        dims.forEach((k, v) -> m.put(k, params.get(k, Long.toString(v))));
        return new Params(m);
    }

    public Role role(Params params, String backend, String framework) {
        return Role.of(name(), shapeOf(params).values(), backend, framework);
    }

    /** The inputs every backend gets, by the model's input names, made once. */
    public synchronized Map<String, TensorValue> inputs() {
        if (inputs == null) {
            inputs = checkedInputs(generate());
        }
        return inputs;
    }

    /** The test data's outputs when the inputs are the test data's; else empty (the reference backend's then). */
    public Optional<Map<String, TensorValue>> testReference() {
        if (source != InputSource.TEST_DATA) {
            return Optional.empty();
        }
        return Optional.of(readTest("output", file.signature().outputs()));
    }

    /** This model's folder of things made from it: {@code <cache>/<stem>-<sha256 prefix>}. */
    public Path cacheDir() {
        return ModelSettings.cacheRoot().resolve(file.stem() + "-" + file.shortHash());
    }

    /**
     * The inputs as an {@code .npz} file for a backend in another process, written once per dimensions, seed and
     * source ({@code inputs-<key>.npz} in {@link #cacheDir()}).
     */
    public Path inputsFile() throws IOException {
        String key = source.name().toLowerCase(java.util.Locale.ROOT) + "-" + ModelFile.sha256((dims + "|"
                + settings.seed() + "|" + settings.ranges().entrySet().stream().map(e -> e.getKey() + "="
                + e.getValue()[0] + ":" + e.getValue()[1]).toList() + "|" + settings.inputs())
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)).substring(0, 12);
        Path f = cacheDir().resolve("inputs-" + key + ".npz");
        if (!Files.isRegularFile(f)) {
            Npz.write(f, inputs().values());
        }
        return f;
    }

    /** The shape input {@code t} takes at this entry's dimensions. */
    long[] shape(ModelSignature.TensorSpec t) {
        if (t.dims() == null) {
            throw new BadInputException("--model " + file.given() + ": input '" + t.name() + "' declares no shape;"
                    + " give its values with --inputs FILE.npz");
        }
        long[] s = new long[t.dims().size()];
        for (int i = 0; i < s.length; i++) {
            ModelSignature.Dim d = t.dims().get(i);
            s[i] = d.free() ? dims.get(ModelSignature.paramName(t, i)) : d.value();
        }
        return s;
    }

    private Map<String, TensorValue> generate() {
        Map<String, TensorValue> out = new LinkedHashMap<>();
        for (ModelSignature.TensorSpec t : file.signature().inputs()) {
            out.put(t.name(), generate(t.name(), generatable(t), shape(t), settings.ranges().get(t.name())));
        }
        return out;
    }

    /**
     * The element type of input {@code t}, which panbench can generate sensibly; else one line naming the flag that
     * gives it (an integer scalar is a mode, a size or a rate, whose value no generator can guess).
     */
    private ElementType generatable(ModelSignature.TensorSpec t) {
        ElementType type = t.type().orElseThrow(() -> new BadInputException("--model " + file.given()
                + ": input '" + t.name() + "' is " + t.typeName() + ", which panbench cannot generate or pass"));
        long[] shape = shape(t);
        if (!settings.ranges().containsKey(t.name()) && !type.floating() && type != ElementType.BOOL
                && shape.length == 0) {
            throw new BadInputException("--model " + file.given() + ": input '" + t.name() + "' is an "
                    + type.label() + " scalar (a mode or a rate, not data): give it with"
                    + " --input-range " + t.name() + "=V:V or --inputs FILE.npz");
        }
        return type;
    }

    private TensorValue generate(String name, ElementType type, long[] shape, double[] range) {
        long n = TensorValue.count(shape);
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(n * type.bytes())).order(ByteOrder.LITTLE_ENDIAN);
        SplittableRandom rnd = new SplittableRandom(settings.seed() * 0x9E3779B97F4A7C15L + name.hashCode());
        double lo = range == null ? 0 : range[0];
        double hi = range == null ? 255 : range[1];
        double[] limits = limits(type);
        lo = Math.max(lo, limits[0]);
        hi = Math.min(hi, limits[1]);
        for (long i = 0; i < n; i++) {
            double v = type.floating() ? (range == null ? gaussian(rnd) : lo + (hi - lo) * rnd.nextDouble())
                    : type == ElementType.BOOL ? rnd.nextInt(2)
                    : (double) ((long) lo + rnd.nextLong((long) hi - (long) lo + 1));
            switch (type) {
                case FLOAT -> b.putFloat((float) v);
                case DOUBLE -> b.putDouble(v);
                case FLOAT16 -> b.putShort(Float.floatToFloat16((float) v));
                case INT64, UINT64 -> b.putLong((long) v);
                case INT32, UINT32 -> b.putInt((int) (long) v);
                case INT16, UINT16 -> b.putShort((short) (long) v);
                case INT8, UINT8, BOOL -> b.put((byte) (long) v);
            }
        }
        return new TensorValue(name, type, shape, b.flip());
    }

    private static double gaussian(SplittableRandom rnd) {
        // Box-Muller on two uniforms: the same numbers on every JVM
        double u = 1 - rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    private static double[] limits(ElementType type) {
        return switch (type) {
            case UINT8 -> new double[] {0, 255};
            case INT8 -> new double[] {-128, 127};
            case UINT16 -> new double[] {0, 65535};
            case INT16 -> new double[] {-32768, 32767};
            case INT32 -> new double[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
            case UINT32 -> new double[] {0, 4294967295.0};
            case INT64 -> new double[] {-0x1p62, 0x1p62};
            case UINT64 -> new double[] {0, 0x1p62};
            default -> new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
        };
    }

    private Map<String, TensorValue> readTest(String kind, List<ModelSignature.TensorSpec> specs) {
        try {
            return ModelFile.readTestTensors(file.testData(), kind, specs);
        } catch (IOException e) {
            throw new BadInputException("--model " + file.given() + ": unreadable test data: " + e.getMessage());
        }
    }

    private Map<String, TensorValue> readInputsFile(Path path) {
        try {
            if (Files.isDirectory(path)) {
                return ModelFile.readTestTensors(path, "input", file.signature().inputs());
            }
            return Npz.read(path);
        } catch (IOException e) {
            throw new BadInputException("--inputs " + path + ": " + e.getMessage());
        }
    }

    /** The inputs in the model's order, each present with its declared element type and rank. */
    private Map<String, TensorValue> checkedInputs(Map<String, TensorValue> given) {
        String flag = source == InputSource.FILE ? "--inputs " + settings.inputs() : "--model " + file.given();
        Map<String, TensorValue> out = new LinkedHashMap<>();
        for (ModelSignature.TensorSpec t : file.signature().inputs()) {
            TensorValue v = given.get(t.name());
            if (v == null) {
                throw new BadInputException(flag + ": no value for the model's input '" + t.name() + "' (it holds "
                        + String.join(", ", given.keySet()) + ")");
            }
            if (t.type().isPresent() && t.type().get() != v.type()) {
                throw new BadInputException(flag + ": input '" + t.name() + "' is " + v.type().label()
                        + ", the model takes " + t.typeText());
            }
            if (t.dims() != null && t.dims().size() != v.shape().length) {
                throw new BadInputException(flag + ": input '" + t.name() + "' has shape " + v.shapeText()
                        + ", the model takes " + t.dimsText());
            }
            out.put(t.name(), v);
        }
        return out;
    }

    /**
     * Checks a backend's outputs against the reference, every output and every element: {@code |got - ref| <= atol +
     * rtol |ref|} with the element type's tolerances (integers and booleans exactly; NaN only for NaN). Returns the
     * largest errors; a disagreement throws naming the backend, the output, the index and both values.
     */
    public Agreement check(String backend, Map<String, TensorValue> got, Map<String, TensorValue> reference)
            throws VerificationException {
        double maxAbs = 0;
        double maxRel = 0;
        for (Map.Entry<String, TensorValue> e : reference.entrySet()) {
            TensorValue ref = e.getValue();
            TensorValue g = got.get(e.getKey());
            if (g == null) {
                throw new VerificationException(backend + ": no output '" + e.getKey() + "' (it gave "
                        + String.join(", ", got.keySet()) + ")");
            }
            if (!java.util.Arrays.equals(g.shape(), ref.shape())) {
                throw new VerificationException(backend + ": output '" + e.getKey() + "' has shape " + g.shapeText()
                        + ", the reference " + ref.shapeText());
            }
            double atol = settings.atol(ref.type());
            double rtol = settings.rtol(ref.type());
            long n = ref.count();
            for (long i = 0; i < n; i++) {
                double r = ref.get(i);
                double v = g.get(i);
                if (Double.isNaN(r) || Double.isNaN(v)) {
                    if (Double.isNaN(r) != Double.isNaN(v)) {
                        throw disagree(backend, e.getKey(), ref, i, v, r, atol, rtol);
                    }
                    continue;
                }
                double abs = r == v ? 0 : Math.abs(v - r);
                if (!(abs <= atol + rtol * Math.abs(r))) {
                    throw disagree(backend, e.getKey(), ref, i, v, r, atol, rtol);
                }
                maxAbs = Math.max(maxAbs, abs);
                if (abs > 0) {
                    // relative to the reference, or to atol where the reference is smaller (a value near 0 has no
                    // relative error worth the name)
                    maxRel = Math.max(maxRel, abs / Math.max(Math.abs(r), Math.max(atol, 1e-30)));
                }
            }
        }
        return new Agreement(maxAbs, maxRel, reference.size());
    }

    private static VerificationException disagree(String backend, String output, TensorValue ref, long i, double got,
                                                  double want, double atol, double rtol) {
        return new VerificationException(backend + ": output '" + output + "' " + index(ref.shape(), i) + ": got "
                + got + ", reference " + want + " (|diff| " + String.format("%.3g", Math.abs(got - want))
                + " > atol " + atol + " + rtol " + rtol + " x |reference|)");
    }

    /** {@code [0, 17]} for flat index 17 of shape {@code [1, 1000]}. */
    static String index(long[] shape, long flat) {
        List<Long> idx = new ArrayList<>();
        for (int d = shape.length - 1; d >= 0; d--) {
            idx.addFirst(shape[d] == 0 ? 0 : flat % shape[d]);
            flat = shape[d] == 0 ? 0 : flat / shape[d];
        }
        return idx.toString();
    }

    /**
     * How close a backend came to the reference: the largest absolute and relative errors over every output, the
     * relative one against {@code max(|ref|, atol)}.
     */
    public record Agreement(double maxAbs, double maxRel, int outputs) {

        public String describe() {
            return String.format("max abs error %.3g, max rel error %.3g over %d output%s", maxAbs, maxRel, outputs,
                    outputs == 1 ? "" : "s");
        }
    }
}
