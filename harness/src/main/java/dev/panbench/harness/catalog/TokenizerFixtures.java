package dev.panbench.harness.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.driver.PythonLocator;
import dev.panbench.harness.io.Json;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The files {@code text/tokenize} reads, written once by {@code tokenize_fixtures.py} (a resource of this package)
 * with the project's Python and the {@code tokenizers} package: the corpus (CPython's {@code pydoc_data/topics.py}
 * cut into lines), a byte-level BPE, a WordPiece and a Unigram vocabulary trained on it, and the ids the
 * {@code tokenizers} package gives every line. They are cached under {@code build/tokenize/} of the project
 * ({@code panbench.tokenize.cache} overrides it), one folder per Python and {@code tokenizers} version, so every
 * backend of a run, and every later run, reads the same vocabularies (the WordPiece and Unigram trainers break ties in
 * hash order, so a second training could differ). Asked once per JVM.
 */
public final class TokenizerFixtures {

    public static final String CACHE_PROPERTY = "panbench.tokenize.cache";
    private static final String SCRIPT = "tokenize_fixtures.py";
    private static final long TIMEOUT_SECONDS = 300;
    private static final Map<String, Outcome> OUTCOMES = new ConcurrentHashMap<>();

    /**
     * The fixtures' folder, the corpus lines and the {@code tokenizers} version that wrote them.
     *
     * @param dir        holds {@code corpus.txt} and a folder per model ({@code bpe}, {@code wordpiece},
     *                   {@code unigram}) with its vocabulary, {@code tokenizer.json} and reference ids
     * @param lines      the corpus, one non-empty line each
     * @param tokenizers the {@code tokenizers} package's version
     */
    public record Fixtures(Path dir, List<String> lines, String tokenizers) {

        public Fixtures {
            lines = List.copyOf(lines);
        }

        /** The folder of one model's files. */
        public Path model(String model) {
            return dir.resolve(model);
        }

        /**
         * The {@code tokenizers} package's ids of the first {@code count} lines, without or with the special tokens:
         * {@code ids[line]}.
         */
        public int[][] ids(String model, boolean special, int count) throws IOException {
            byte[] raw = Files.readAllBytes(model(model).resolve(special ? "ids-yes.bin" : "ids-no.bin"));
            ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
            int[][] out = new int[count][];
            for (int i = 0; i < count; i++) {
                int[] line = new int[b.getInt()];
                for (int j = 0; j < line.length; j++) {
                    line[j] = b.getInt();
                }
                out[i] = line;
            }
            return out;
        }
    }

    private record Outcome(Fixtures fixtures, String reason) {
    }

    private TokenizerFixtures() {
    }

    /** The fixtures, written on first need; empty with {@link #reason()} when there is no Python or tokenizers. */
    public static Optional<Fixtures> find() {
        return Optional.ofNullable(outcome().fixtures());
    }

    /** Why there are no fixtures, or null when there are. */
    public static String reason() {
        return outcome().reason();
    }

    /** The fixtures, or throws with the reason there are none. */
    public static Fixtures require() {
        Outcome o = outcome();
        if (o.fixtures() == null) {
            throw new IllegalStateException(o.reason());
        }
        return o.fixtures();
    }

    /** The cache folder: {@code panbench.tokenize.cache}, else {@code build/tokenize} under the project. */
    public static Path cacheDir() {
        String explicit = System.getProperty(CACHE_PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).toAbsolutePath();
        }
        String home = System.getProperty("panbench.home");
        Path root = home != null && !home.isBlank() ? Path.of(home).toAbsolutePath() : projectRoot();
        return root.resolve("build").resolve("tokenize");
    }

    private static Path projectRoot() {
        Path cwd = Path.of("").toAbsolutePath();
        for (Path dir = cwd; dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(".venv"))) {
                return dir;
            }
        }
        return cwd;
    }

    private static Outcome outcome() {
        Optional<Path> python = PythonLocator.locate();
        String key = python.map(Path::toString).orElse("") + "|" + cacheDir();
        return OUTCOMES.computeIfAbsent(key, k -> python.map(TokenizerFixtures::write)
                .orElseGet(() -> new Outcome(null, PythonLocator.NOT_FOUND)));
    }

    private static Outcome write(Path python) {
        Path cache = cacheDir();
        try {
            Files.createDirectories(cache);
            Path script = cache.resolve(SCRIPT);
            try (InputStream s = TokenizerFixtures.class.getResourceAsStream(SCRIPT)) {
                if (s == null) {
                    throw new IllegalStateException("resource " + SCRIPT + " missing next to "
                            + TokenizerFixtures.class.getName());
                }
                byte[] text = s.readAllBytes();
                Path tmp = Files.createTempFile(cache, SCRIPT, ".tmp");
                Files.write(tmp, text);
                Files.move(tmp, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
            Path log = cache.resolve("fixtures.log");
            ProcessBuilder pb = new ProcessBuilder(python.toString(), script.toString(), cache.toString())
                    .redirectError(log.toFile());
            pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
            Process p = pb.start();
            p.getOutputStream().close();
            String out;
            try (InputStream s = p.getInputStream()) {
                out = new String(s.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Outcome(null, SCRIPT + " took over " + TIMEOUT_SECONDS + " s (see " + log + ")");
            }
            JsonNode reply;
            try {
                reply = Json.MAPPER.readTree(out.lines().reduce((a, b) -> b).orElse(""));
            } catch (IOException e) {
                reply = null;
            }
            if (reply == null || !reply.isObject()) {
                return new Outcome(null, SCRIPT + " gave no answer (exit code " + p.exitValue() + "; see " + log
                        + ")");
            }
            if (reply.hasNonNull("skipped")) {
                return new Outcome(null, reply.get("skipped").asText() + "; run scripts/setup.sh");
            }
            Path dir = Path.of(reply.get("dir").asText());
            // split on '\n' alone, as the script joined them (a line may hold a '\r' or a form feed)
            String corpus = Files.readString(dir.resolve("corpus.txt"), StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>(List.of(corpus.split("\n")));
            if (lines.size() != reply.get("lines").asInt()) {
                return new Outcome(null, dir.resolve("corpus.txt") + ": " + lines.size() + " lines, "
                        + reply.get("lines").asInt() + " expected");
            }
            return new Outcome(new Fixtures(dir, lines, reply.get("tokenizers").asText()), null);
        } catch (IOException e) {
            return new Outcome(null, "cannot write the tokenizer fixtures in " + cache + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(null, "interrupted while writing the tokenizer fixtures");
        }
    }
}
