package dev.panbench.adapters.cpusimd.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * GPT-2's byte-level BPE, read from {@code vocab.json} and {@code merges.txt} as the {@code tokenizers} package saves
 * them: a line is cut into pieces by GPT-2's pattern ({@link Gpt2Pieces}), each piece's UTF-8 bytes start as one
 * token a byte, and the adjacent pair of lowest merge rank is merged until no pair is a merge. The ranks are looked
 * up by the pair of ids packed in a long ({@link PairRanks}); a piece seen before is answered from a cache of pieces,
 * as tiktoken and the {@code tokenizers} package keep one.
 */
public final class ByteLevelBpe implements TokenEncoder {

    private static final int CACHE_LIMIT = 1 << 17;
    private final int[] byteIds = new int[256];
    private final PairRanks ranks;
    private final int endOfText;
    private final Map<String, int[]> cache = new HashMap<>();
    private int[] buf = new int[64];
    private int size;

    private ByteLevelBpe(Map<String, Integer> vocab, List<String> merges, String special) {
        char[] unicode = bytesToUnicode();
        for (int b = 0; b < 256; b++) {
            Integer id = vocab.get(String.valueOf(unicode[b]));
            if (id == null) {
                throw new IllegalArgumentException("vocab.json has no token for byte " + b);
            }
            byteIds[b] = id;
        }
        ranks = new PairRanks(merges.size());
        int rank = 0;
        for (String m : merges) {
            int space = m.indexOf(' ');
            String a = m.substring(0, space), b = m.substring(space + 1);
            Integer left = vocab.get(a), right = vocab.get(b), merged = vocab.get(a + b);
            if (left == null || right == null || merged == null) {
                throw new IllegalArgumentException("merges.txt line " + (rank + 2) + " '" + m
                        + "' names a token vocab.json does not have");
            }
            ranks.put(left, right, rank++, merged);
        }
        Integer eot = vocab.get(special);
        endOfText = eot == null ? -1 : eot;
    }

    /** Reads {@code vocab.json} and {@code merges.txt} from {@code dir}; {@code <|endoftext|>} is the special token. */
    public static ByteLevelBpe read(Path dir) throws IOException {
        JsonNode v = new ObjectMapper().readTree(dir.resolve("vocab.json").toFile());
        Map<String, Integer> vocab = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            vocab.put(e.getKey(), e.getValue().asInt());
        }
        List<String> merges = Files.readAllLines(dir.resolve("merges.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.startsWith("#version") && !l.isEmpty()).toList();
        return new ByteLevelBpe(vocab, merges, "<|endoftext|>");
    }

    /** GPT-2's map of the 256 byte values to printable characters, in which vocab.json writes tokens. */
    static char[] bytesToUnicode() {
        char[] out = new char[256];
        int n = 0;
        for (int b = 0; b < 256; b++) {
            boolean printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            out[b] = printable ? (char) b : (char) (256 + n++);
        }
        return out;
    }

    @Override
    public int[] encode(String line, boolean special) {
        size = 0;
        Gpt2Pieces.split(line, (start, end) -> piece(line, start, end));
        if (special && endOfText >= 0) {
            push(endOfText);
        }
        return java.util.Arrays.copyOf(buf, size);
    }

    private void push(int id) {
        if (size == buf.length) {
            buf = java.util.Arrays.copyOf(buf, size * 2);
        }
        buf[size++] = id;
    }

    private void piece(String line, int start, int end) {
        String key = line.substring(start, end);
        int[] ids = cache.get(key);
        if (ids == null) {
            ids = merge(key.getBytes(StandardCharsets.UTF_8));
            if (cache.size() < CACHE_LIMIT) {
                cache.put(key, ids);
            }
        }
        for (int id : ids) {
            push(id);
        }
    }

    /** The ids of one piece: merges by rank, lowest first, over the piece's bytes (few: a scan beats a queue). */
    int[] merge(byte[] bytes) {
        int n = bytes.length;
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = byteIds[bytes[i] & 0xFF];
        }
        if (n < 2) {
            return ids;
        }
        long[] pair = new long[n - 1];
        for (int i = 0; i < n - 1; i++) {
            pair[i] = ranks.get(ids[i], ids[i + 1]);
        }
        while (n > 1) {
            int best = -1;
            long min = Long.MAX_VALUE;
            for (int i = 0; i < n - 1; i++) {
                if (pair[i] < min) {
                    min = pair[i];
                    best = i;
                }
            }
            if (best < 0) {
                break;
            }
            ids[best] = (int) min;
            System.arraycopy(ids, best + 2, ids, best + 1, n - best - 2);
            System.arraycopy(pair, best + 1, pair, best, n - best - 2);
            n--;
            if (best > 0) {
                pair[best - 1] = ranks.get(ids[best - 1], ids[best]);
            }
            if (best < n - 1) {
                pair[best] = ranks.get(ids[best], ids[best + 1]);
            }
        }
        return java.util.Arrays.copyOf(ids, n);
    }

    @Override
    public void clearCache() {
        cache.clear();
    }
}
