package dev.panbench.adapters.cpusimd.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * SentencePiece's Unigram model, read from the model the {@code tokenizers} package saves ({@code unigram.json}:
 * {@code vocab} as {@code [piece, log-probability]} pairs, {@code unk_id}). A line is pre-tokenized as SentencePiece
 * does (Metaspace: every space becomes U+2581, one is put in front unless the line starts with one, and the line is
 * cut before each U+2581), and each word is segmented by Viterbi over a trie of the pieces: the best path's score is
 * the sum of its pieces' log-probabilities; a character no piece covers is an unknown piece scored 10 below the
 * lowest, and adjacent unknowns fuse into one {@code <unk>}. Ties keep the first path found, shorter pieces first, as
 * the {@code tokenizers} package's lattice does. Words seen before come from a cache.
 */
public final class Unigram implements TokenEncoder {

    private static final char META = '\u2581';
    private static final double UNK_PENALTY = 10;
    private static final int CACHE_LIMIT = 1 << 17;
    private final CharTrie trie = new CharTrie();
    private final double[] scores;
    private final int unk;
    private final double unkScore;
    private final int end;
    private final Map<String, int[]> cache = new HashMap<>();
    private int[] buf = new int[64];
    private int size;

    private Unigram(String[] pieces, double[] scores, int unk, int end) {
        this.scores = scores;
        this.unk = unk;
        this.end = end;
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < pieces.length; i++) {
            trie.put(pieces[i], i);
            min = Math.min(min, scores[i]);
        }
        unkScore = min - UNK_PENALTY;
    }

    public static Unigram read(Path dir) throws IOException {
        JsonNode m = new ObjectMapper().readTree(dir.resolve("unigram.json").toFile());
        JsonNode v = m.get("vocab");
        String[] pieces = new String[v.size()];
        double[] scores = new double[v.size()];
        int eos = -1;
        for (int i = 0; i < v.size(); i++) {
            pieces[i] = v.get(i).get(0).asText();
            scores[i] = v.get(i).get(1).asDouble();
            if (pieces[i].equals("</s>")) {
                eos = i;
            }
        }
        if (m.path("byte_fallback").asBoolean(false)) {
            throw new IllegalArgumentException(dir.resolve("unigram.json") + ": byte fallback is not supported");
        }
        return new Unigram(pieces, scores, m.path("unk_id").asInt(0), eos);
    }

    @Override
    public int[] encode(String line, boolean special) {
        size = 0;
        String s = line.replace(' ', META);
        if (s.isEmpty() || s.charAt(0) != META) {
            s = META + s;
        }
        int start = 0;
        for (int i = 1; i < s.length(); i++) {
            if (s.charAt(i) == META) {
                word(s.substring(start, i));
                start = i;
            }
        }
        word(s.substring(start));
        if (special && end >= 0) {
            push(end);
        }
        return Arrays.copyOf(buf, size);
    }

    private void push(int id) {
        if (size == buf.length) {
            buf = Arrays.copyOf(buf, size * 2);
        }
        buf[size++] = id;
    }

    private void word(String w) {
        int[] ids = cache.get(w);
        if (ids == null) {
            ids = viterbi(w);
            if (cache.size() < CACHE_LIMIT) {
                cache.put(w, ids);
            }
        }
        for (int id : ids) {
            push(id);
        }
    }

    /** The best segmentation of {@code w} (positions are UTF-16 indices; a surrogate pair is one character). */
    int[] viterbi(String w) {
        int n = w.length();
        double[] best = new double[n + 1];
        int[] from = new int[n + 1];
        int[] id = new int[n + 1];
        Arrays.fill(from, -1);
        from[0] = 0;
        int[] hits = new int[2 * Math.min(n, 64) + 2];
        for (int at = 0; at < n; ) {
            int width = Character.isHighSurrogate(w.charAt(at)) && at + 1 < n ? 2 : 1;
            if (from[at] < 0) {
                at += width;
                continue;
            }
            double base = best[at];
            boolean single = false;
            int found = trie.prefixes(w, at, hits);
            for (int h = 0; h < found; h++) {
                int len = hits[2 * h], piece = hits[2 * h + 1];
                int to = at + len;
                double score = base + scores[piece];
                if (from[to] < 0 || score > best[to]) {
                    best[to] = score;
                    from[to] = at;
                    id[to] = piece;
                }
                single |= len == width;
            }
            if (!single) {
                int to = at + width;
                double score = base + unkScore;
                if (from[to] < 0 || score > best[to]) {
                    best[to] = score;
                    from[to] = at;
                    id[to] = unk;
                }
            }
            at += width;
        }
        int[] out = new int[n];
        int count = 0;
        for (int at = n; at > 0; at = from[at]) {
            out[count++] = id[at];
        }
        int[] ids = new int[count];
        int k = 0;
        for (int i = count - 1; i >= 0; i--) {
            if (out[i] == unk && k > 0 && ids[k - 1] == unk) {
                continue; // adjacent unknowns are one <unk>
            }
            ids[k++] = out[i];
        }
        return Arrays.copyOf(ids, k);
    }

    @Override
    public void clearCache() {
        cache.clear();
    }
}
