package dev.panbench.adapters.cpusimd.text;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The Rust {@code tokenizers} library in this JVM through DJL's JNI binding ({@code ai.djl.huggingface:tokenizers}),
 * loading the same {@code tokenizer.json} the {@code hf} rows load: {@code impl=djl}, line by line. DJL unpacks its
 * JNI library into {@code build/djl} of the project (its {@code DJL_CACHE_DIR}, unless set) and is told never to
 * download one ({@code ai.djl.offline}).
 */
final class DjlTokenizer implements TokenEncoder, AutoCloseable {

    private final HuggingFaceTokenizer tokenizer;

    private DjlTokenizer(HuggingFaceTokenizer tokenizer) {
        this.tokenizer = tokenizer;
    }

    /** Loads {@code tokenizer.json} from {@code dir}; {@code cache} is where DJL unpacks its JNI library. */
    static DjlTokenizer read(Path dir, Path cache) throws IOException {
        if (System.getProperty("DJL_CACHE_DIR") == null && System.getenv("DJL_CACHE_DIR") == null) {
            System.setProperty("DJL_CACHE_DIR", cache.toAbsolutePath().toString());
        }
        System.setProperty("ai.djl.offline", "true");
        return new DjlTokenizer(HuggingFaceTokenizer.newInstance(dir.resolve("tokenizer.json"),
                Map.of("addSpecialTokens", "false")));
    }

    /** Why the JNI library for this machine is not on the class path, or empty when it is. */
    static Optional<String> unavailable() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String platform = (os.startsWith("linux") ? "linux" : os.startsWith("mac") ? "osx" : os.startsWith("windows")
                ? "win" : os) + "-" + (arch.equals("amd64") || arch.equals("x86_64") ? "x86_64" : arch);
        String lib = "native/lib/" + platform + "/cpu/" + System.mapLibraryName("tokenizers");
        return DjlTokenizer.class.getClassLoader().getResource(lib) != null ? Optional.empty()
                : Optional.of("DJL's tokenizers JNI library for " + platform + " is not on the class path (panbench's "
                + "jar keeps linux-x86_64's)");
    }

    @Override
    public int[] encode(String line, boolean special) {
        long[] ids = tokenizer.encode(line, special, false).getIds();
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = (int) ids[i];
        }
        return out;
    }

    @Override
    public void close() {
        tokenizer.close();
    }
}
