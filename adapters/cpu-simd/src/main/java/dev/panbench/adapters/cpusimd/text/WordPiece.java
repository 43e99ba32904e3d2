package dev.panbench.adapters.cpusimd.text;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * BERT's WordPiece, read from {@code vocab.txt} (a token a line, its id the line's index): the line normalised
 * ({@link BertNormalizer}), split on whitespace and around each punctuation character (BERT's pre-tokenizer), and
 * each word cut greedily into the longest vocabulary entries from its start, continuations prefixed {@code ##}; a
 * word with a piece not in the vocabulary, or over 100 characters, is {@code [UNK]}. Words seen before come from a
 * cache.
 */
public final class WordPiece implements TokenEncoder {

    private static final int MAX_CHARS = 100;
    private static final int CACHE_LIMIT = 1 << 17;
    private final Map<String, Integer> vocab;
    private final int unk, cls, sep;
    private final Map<String, int[]> cache = new HashMap<>();
    private int[] buf = new int[64];
    private int size;

    private WordPiece(Map<String, Integer> vocab) {
        this.vocab = vocab;
        unk = require("[UNK]");
        cls = require("[CLS]");
        sep = require("[SEP]");
    }

    private int require(String token) {
        Integer id = vocab.get(token);
        if (id == null) {
            throw new IllegalArgumentException("vocab.txt has no " + token);
        }
        return id;
    }

    public static WordPiece read(Path dir) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("vocab.txt"), StandardCharsets.UTF_8);
        Map<String, Integer> vocab = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            vocab.putIfAbsent(lines.get(i), i);
        }
        return new WordPiece(vocab);
    }

    @Override
    public int[] encode(String line, boolean special) {
        size = 0;
        if (special) {
            push(cls);
        }
        String s = BertNormalizer.normalize(line);
        int n = s.length();
        int start = -1;
        for (int i = 0; i < n; ) {
            int cp = s.charAt(i);
            int width = 1;
            if (cp >= 128) {
                cp = s.codePointAt(i);
                width = Character.charCount(cp);
            }
            boolean space = cp == ' ' || (cp >= 128 && Gpt2Pieces.whiteSpace(cp))
                    || (cp >= 0x09 && cp <= 0x0D);
            if (space || BertNormalizer.punctuation(cp)) {
                if (start >= 0) {
                    word(s, start, i);
                    start = -1;
                }
                if (!space) {
                    word(s, i, i + width);
                }
            } else if (start < 0) {
                start = i;
            }
            i += width;
        }
        if (start >= 0) {
            word(s, start, n);
        }
        if (special) {
            push(sep);
        }
        return Arrays.copyOf(buf, size);
    }

    private void push(int id) {
        if (size == buf.length) {
            buf = Arrays.copyOf(buf, size * 2);
        }
        buf[size++] = id;
    }

    private void word(String s, int start, int end) {
        String w = s.substring(start, end);
        int[] ids = cache.get(w);
        if (ids == null) {
            ids = pieces(w);
            if (cache.size() < CACHE_LIMIT) {
                cache.put(w, ids);
            }
        }
        for (int id : ids) {
            push(id);
        }
    }

    /** Greedy longest match from the start, as the tokenizers package's WordPiece model. */
    int[] pieces(String w) {
        if (w.codePointCount(0, w.length()) > MAX_CHARS) {
            return new int[]{unk};
        }
        int[] out = new int[w.length()];
        int count = 0;
        int start = 0;
        while (start < w.length()) {
            int end = w.length();
            Integer found = null;
            while (start < end) {
                String sub = start > 0 ? "##" + w.substring(start, end) : w.substring(start, end);
                found = vocab.get(sub);
                if (found != null) {
                    break;
                }
                end = Character.isLowSurrogate(w.charAt(end - 1)) && end - 2 >= start ? end - 2 : end - 1;
            }
            if (found == null) {
                return new int[]{unk};
            }
            out[count++] = found;
            start = end;
        }
        return Arrays.copyOf(out, count);
    }

    @Override
    public void clearCache() {
        cache.clear();
    }
}
