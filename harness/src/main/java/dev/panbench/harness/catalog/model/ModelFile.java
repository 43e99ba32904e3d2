package dev.panbench.harness.catalog.model;

import dev.panbench.harness.BadInputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A user's model as given to {@code --model}: an {@code .onnx} file, or a folder holding {@code model.onnx} and
 * {@code test_data_set_N/} folders of {@code input_K.pb} and {@code output_K.pb} (ONNX's model zoo layout). Its stem
 * names the workload, its SHA-256 keys what is built from it, and its signature is read without its weights.
 *
 * @param given the path as given, for messages
 * @param onnx  the model file itself
 * @param testData the first {@code test_data_set_N/} folder, or null
 */
public record ModelFile(Path given, Path onnx, String stem, String sha256, ModelSignature signature, Path testData) {

    private static final Pattern SET = Pattern.compile("test_data_set_(\\d+)");
    private static final Pattern TENSOR = Pattern.compile("(input|output)_(\\d+)\\.pb");

    /** Reads the model at {@code path}; bad input names {@code flag} and the path. */
    public static ModelFile open(Path path, String flag) {
        Path onnx = path;
        Path testData = null;
        if (Files.isDirectory(path)) {
            onnx = path.resolve("model.onnx");
            if (!Files.isRegularFile(onnx)) {
                throw new BadInputException(flag + " " + path + ": a folder without model.onnx (expected an .onnx file,"
                        + " or a folder holding model.onnx and test_data_set_N/)");
            }
            testData = firstTestDataSet(path);
        } else if (!Files.isRegularFile(path)) {
            throw new BadInputException(flag + " " + path + ": no such file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(onnx);
        } catch (IOException | OutOfMemoryError e) {
            throw new BadInputException(flag + " " + path + ": cannot read it (" + e.getMessage() + ")");
        }
        ModelSignature sig;
        try {
            sig = OnnxProtoReader.signature(bytes);
        } catch (IOException | RuntimeException e) {
            throw new BadInputException(flag + " " + path + ": not an ONNX model (" + e.getMessage() + ")");
        }
        String name = (Files.isDirectory(path) ? path.toAbsolutePath().normalize().getFileName()
                : onnx.getFileName()).toString().replaceFirst("\\.onnx$", "");
        String stem = name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_.-]", "-")
                .replaceAll("^[^a-z0-9]+", "");
        if (stem.isEmpty()) {
            stem = "model";
        }
        return new ModelFile(path, onnx.toAbsolutePath().normalize(), stem, sha256(bytes), sig,
                testData == null ? null : testData.toAbsolutePath().normalize());
    }

    private static Path firstTestDataSet(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).filter(p -> SET.matcher(p.getFileName().toString()).matches())
                    .min(java.util.Comparator.comparingInt(p -> {
                        Matcher m = SET.matcher(p.getFileName().toString());
                        m.matches();
                        return Integer.parseInt(m.group(1));
                    })).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** The first twelve hex digits of the hash: what a cache folder's name carries. */
    public String shortHash() {
        return sha256.substring(0, 12);
    }

    public Optional<Path> testDataSet() {
        return Optional.ofNullable(testData);
    }

    /**
     * The {@code input_K.pb} (or {@code output_K.pb}) tensors of a test data folder, in K's order, each named as the
     * model's input (output) K is, whatever name the file holds.
     */
    public static Map<String, TensorValue> readTestTensors(Path dir, String kind, List<ModelSignature.TensorSpec> specs)
            throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> {
                Matcher m = TENSOR.matcher(p.getFileName().toString());
                return m.matches() && m.group(1).equals(kind);
            }).forEach(files::add);
        }
        files.sort(java.util.Comparator.comparingInt(p -> {
            Matcher m = TENSOR.matcher(p.getFileName().toString());
            m.matches();
            return Integer.parseInt(m.group(2));
        }));
        Map<String, TensorValue> out = new LinkedHashMap<>();
        for (int i = 0; i < files.size() && i < specs.size(); i++) {
            try {
                out.put(specs.get(i).name(), OnnxProtoReader.tensor(Files.readAllBytes(files.get(i)))
                        .named(specs.get(i).name()));
            } catch (IOException e) {
                throw new IOException(files.get(i) + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
