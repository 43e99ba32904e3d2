package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code text/tokenize}: every line of a fixed English corpus turned into token ids, line by line, by one of three
 * tokenizers trained on that corpus ({@link TokenizerFixtures}): {@code model=bpe} (byte-level BPE, GPT-2's
 * {@code vocab.json} + {@code merges.txt}), {@code wordpiece} (BERT's {@code vocab.txt} with its normalisation:
 * lower-case, accents stripped, punctuation split) and {@code unigram} (SentencePiece's model). {@code lines} takes the
 * corpus's first lines ({@code all}: its 8,716 on CPython 3.11); {@code special=yes} adds the model's special tokens
 * ({@code <|endoftext|>} after a line, {@code [CLS]} before and {@code [SEP]} after, {@code </s>} after).
 * The answer is exact: every line's ids equal those the {@code tokenizers} package gives it. Counts: elements are
 * tokens, bytes the lines' UTF-8 bytes (one operation encodes every line once), so throughput reads tokens/s and
 * bytes/s. The problem's output is the lines' ids flattened as {@code count, ids...} per line. A quick run takes
 * BPE on the first 512 lines, without special tokens (every one of its three backends).
 */
public final class TokenizeEntry extends CatalogEntry {

    public static final List<String> MODELS = List.of("bpe", "wordpiece", "unigram");
    private final Map<String, int[][]> references = new ConcurrentHashMap<>();

    TokenizeEntry() {
        super("text/tokenize", "token ids of every line of a fixed English corpus (CPython's pydoc topics): "
                        + "byte-level BPE, WordPiece or Unigram trained on it, exact against the tokenizers package",
                List.of(ParamSpec.of("model", "bpe", "wordpiece", "unigram").quick("bpe"),
                        ParamSpec.of("lines", "all").quick("512"), ParamSpec.of("special", "no", "yes").quick("no")));
    }

    /** The lines this shape encodes: the corpus's first {@code lines}, or all of them. */
    public static List<String> lines(Params p) {
        List<String> all = TokenizerFixtures.require().lines();
        String n = p.get("lines", "all");
        if (n.equals("all")) {
            return all;
        }
        int count = Integer.parseInt(n);
        if (count < 1) {
            throw new IllegalArgumentException("lines=" + n + ": expected a positive count or all");
        }
        return all.subList(0, Math.min(count, all.size()));
    }

    /** Whether this shape adds the special tokens. */
    public static boolean special(Params p) {
        String s = p.get("special", "no");
        if (!s.equals("no") && !s.equals("yes")) {
            throw new IllegalArgumentException("special=" + s + ": expected no or yes");
        }
        return s.equals("yes");
    }

    /** The model at this shape, checked. */
    public static String model(Params p) {
        String m = p.get("model", "bpe");
        if (!MODELS.contains(m)) {
            throw new IllegalArgumentException("model=" + m + ": expected one of " + MODELS);
        }
        return m;
    }

    /** The {@code tokenizers} package's ids of every line at this shape (read once). */
    public int[][] reference(Params params) {
        Params s = shapeOf(params);
        return references.computeIfAbsent(s.render(), k -> {
            try {
                return TokenizerFixtures.require().ids(model(s), special(s), lines(s).size());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Tokens and UTF-8 bytes of one pass over the lines; none when the fixtures cannot be written here. */
    @Override
    public OpCounts counts(Params p) {
        if (TokenizerFixtures.find().isEmpty()) {
            return OpCounts.NONE;
        }
        long tokens = 0;
        for (int[] line : reference(p)) {
            tokens += line.length;
        }
        long bytes = 0;
        for (String line : lines(shapeOf(p))) {
            bytes += line.getBytes(StandardCharsets.UTF_8).length;
        }
        return new OpCounts(tokens, bytes, 0);
    }

    @Override
    protected Problem create(Params shape, String title) {
        int[][] ref = reference(shape);
        double[] flat = Arrays.stream(flatten(ref)).asDoubleStream().toArray();
        return new Problem(title, List.of(), new int[]{flat.length}, () -> Reference.elementwise(flat),
                Tolerance.ulps(0));
    }

    /** Ids of every line as {@code count, ids...} per line, the problem's output layout. */
    public static int[] flatten(int[][] lines) {
        int n = 0;
        for (int[] l : lines) {
            n += 1 + l.length;
        }
        int[] out = new int[n];
        int at = 0;
        for (int[] l : lines) {
            out[at++] = l.length;
            System.arraycopy(l, 0, out, at, l.length);
            at += l.length;
        }
        return out;
    }

    /**
     * Throws naming the first line whose ids differ from the {@code tokenizers} package's, with both id lists.
     *
     * @param backend who encoded them, for the message
     */
    public void check(String backend, Params params, int[][] got) throws VerificationException {
        int[][] ref = reference(params);
        String title = name() + "[" + shapeOf(params).render() + "]";
        if (got.length != ref.length) {
            throw new VerificationException(backend + " " + title + ": " + got.length + " lines encoded, expected "
                    + ref.length);
        }
        for (int i = 0; i < ref.length; i++) {
            if (!Arrays.equals(ref[i], got[i])) {
                throw new VerificationException(backend + " " + title + ": line " + (i + 1) + " "
                        + quote(lines(shapeOf(params)).get(i)) + " gave " + Arrays.toString(got[i])
                        + ", tokenizers gives " + Arrays.toString(ref[i]));
            }
        }
    }

    /** The lines' ids from a flattened {@code count, ids...} answer; throws when it does not split into them. */
    public void checkFlat(String backend, Params params, float[] flat) throws VerificationException {
        int lines = reference(params).length;
        int[][] got = new int[lines][];
        int at = 0;
        for (int i = 0; i < lines; i++) {
            if (at >= flat.length) {
                throw new VerificationException(backend + ": the answer ends after " + i + " of " + lines + " lines");
            }
            int n = (int) flat[at++];
            if (n < 0 || at + n > flat.length) {
                throw new VerificationException(backend + ": line " + (i + 1) + " claims " + n + " ids, "
                        + (flat.length - at) + " left in the answer");
            }
            got[i] = new int[n];
            for (int j = 0; j < n; j++) {
                got[i][j] = (int) flat[at++];
            }
        }
        if (at != flat.length) {
            throw new VerificationException(backend + ": " + (flat.length - at) + " values after the last line");
        }
        check(backend, params, got);
    }

    private static String quote(String line) {
        String s = line.length() > 80 ? line.substring(0, 80) + "..." : line;
        return "\"" + s.replace("\"", "\\\"") + "\"";
    }
}
