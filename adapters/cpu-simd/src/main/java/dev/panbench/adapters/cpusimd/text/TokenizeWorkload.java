package dev.panbench.adapters.cpusimd.text;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.TokenizeEntry;
import dev.panbench.harness.catalog.TokenizerFixtures;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.ExternallyTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@code text/tokenize} row: panbench's encoder of the model over every line ({@code impl=java}), or the Python
 * driver's fork of a framework row, whose answer (each line's count, then its ids) is checked here before it times.
 */
final class TokenizeWorkload implements Workload, ExternallyTimed {

    private static final String MODULE = "text_tokenize.py";
    private final TokenizeEntry entry = Catalog.TOKENIZE;
    private Params params;
    private String[] lines;
    private boolean special;
    private TokenEncoder encoder;
    private PythonDriver.Answer answer;

    @Override
    public void setup(Params p) throws Exception {
        params = p;
        lines = TokenizeEntry.lines(p).toArray(String[]::new);
        special = TokenizeEntry.special(p);
        if (timedExternally(p)) {
            return;
        }
        Path dir = TokenizerFixtures.require().model(TokenizeEntry.model(p));
        encoder = p.get("impl").equals(TokenizeWorkloads.DJL)
                ? DjlTokenizer.read(dir, TokenizerFixtures.cacheDir().resolveSibling("djl"))
                : encoder(TokenizeEntry.model(p), dir);
    }

    /** panbench's encoder of {@code model}, reading the files in {@code dir}. */
    static TokenEncoder encoder(String model, Path dir) throws IOException {
        return switch (model) {
            case "bpe" -> ByteLevelBpe.read(dir);
            case "wordpiece" -> WordPiece.read(dir);
            case "unigram" -> Unigram.read(dir);
            default -> throw new IllegalArgumentException("model=" + model);
        };
    }

    @Override
    public boolean timedExternally(Params p) {
        return TokenizeWorkloads.framework(p.get("impl", TokenizeWorkloads.JAVA)) != null;
    }

    @Override
    public Fork measureFork(ForkPlan plan) throws Exception {
        Map<String, Object> args = new LinkedHashMap<>();
        String impl = params.get("impl");
        args.put("impl", impl);
        args.put("model", TokenizeEntry.model(params));
        args.put("special", special);
        args.put("lines", lines.length);
        args.put("fixtures", TokenizerFixtures.require().dir().toString());
        boolean parallel = impl.endsWith("-parallel");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TOKENIZERS_PARALLELISM", parallel ? "true" : "false");
        env.put("RAYON_NUM_THREADS", parallel ? Integer.toString(Runtime.getRuntime().availableProcessors()) : "1");
        PythonDriver.Request request = new PythonDriver.Request(TokenizeWorkload.class, MODULE, "text.tokenize", args,
                Map.of(), env);
        return PythonDriver.runFork(request, plan, a -> {
            answer = a;
            verify();
        });
    }

    @Override
    public void verify() throws Exception {
        String backend = "impl=" + params.get("impl");
        if (timedExternally(params)) {
            if (answer == null || answer.array() == null) {
                throw new IllegalStateException(backend + ": no answer yet; framework rows run through their driver");
            }
            entry.checkFlat(backend, params, answer.array());
            return;
        }
        int[][] got = new int[lines.length][];
        for (int i = 0; i < lines.length; i++) {
            got[i] = encoder.encode(lines[i], special);
        }
        entry.check(backend, params, got);
    }

    @Override
    public void close() {
        if (encoder instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing impl=" + params.get("impl") + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void run(Blackhole bh) {
        encoder.clearCache(); // every operation from an empty cache: TokenizeWorkloads.terms
        for (String line : lines) {
            bh.consume(encoder.encode(line, special));
        }
    }
}
