package dev.panbench.adapters.cpusimd.text;

import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.TokenizeEntry;
import dev.panbench.harness.catalog.TokenizerFixtures;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Optional;

/**
 * {@code text/tokenize} in this adapter. {@code impl=java} is panbench's own encoders ({@link ByteLevelBpe},
 * {@link WordPiece}, {@link Unigram}) reading the fixtures' files, timed by JMH; the others are timed by the Python
 * driver ({@code text_tokenize.py}): {@code hf} is the {@code tokenizers} package (Rust) line by line,
 * {@code hf-batch64} its {@code encode_batch} of 64 lines with its parallelism off, {@code hf-batch64-parallel} the
 * same with its parallelism on (rayon on every core the process may use, stated in the row's environment), and
 * {@code tiktoken} OpenAI's Rust BPE, built from the BPE's own ranks and GPT-2's pattern (BPE only). Every row
 * encodes every line once an operation, one thread unless it says otherwise, and its ids are checked line by line
 * against the {@code tokenizers} package's before it is timed.
 * {@code impl=djl} is the same Rust library as {@code hf} in this JVM, through DJL's JNI binding
 * ({@link DjlTokenizer}), line by line and timed by JMH.
 */
public final class TokenizeWorkloads {

    static final String JAVA = "java";
    static final String DJL = "djl";
    /**
     * Why DJL has no Unigram row: the Unigram vocabulary is trained anew on each machine (its trainer is not
     * repeatable), and where two segmentations of a line score the same, DJL's own build of the Rust library picks
     * another one than the tokenizers package does (a line of 35 '=' gave pieces in the other order).
     */
    static final String DJL_UNIGRAM = "DJL's bundled tokenizers library breaks ties between equal-scoring Unigram"
            + " segmentations differently from the tokenizers package, so its ids differ on some lines";
    static final List<String> FRAMEWORK = List.of("hf", "hf-batch64", "hf-batch64-parallel", "tiktoken");

    private TokenizeWorkloads() {
    }

    public static List<WorkloadSpec> specs() {
        TokenizeEntry entry = Catalog.TOKENIZE;
        return List.of(entry.spec()
                .param(ParamSpec.of("impl", JAVA, "hf", "hf-batch64", "hf-batch64-parallel", "tiktoken", DJL)
                        .quick(JAVA, "hf", "tiktoken"))
                .availability(TokenizeWorkloads::availability)
                .role(p -> entry.role(p, p.get("impl"), framework(p.get("impl"))).withSchedule(terms(p.get("impl")),
                        null))
                .factory(TokenizeWorkload::new)
                .build());
    }

    /**
     * The terms a row is timed on, shown in its cell: a tokenizer that caches the pieces it has seen would, from
     * the second operation on, answer the same 512 lines from that cache (hash look-ups, 3x faster for the Java BPE),
     * where tiktoken, which keeps none, encodes them anew. So panbench's encoders and the tokenizers package's empty
     * their caches at the start of every operation ({@link TokenEncoder#clearCache}, {@code Model._clear_cache});
     * DJL's binding cannot reach its cache, and says so.
     */
    static String terms(String impl) {
        return switch (impl) {
            case "tiktoken" -> "keeps no cache";
            case DJL -> "cache kept across operations";
            default -> "cache emptied per operation";
        };
    }

    /** The Python package a row is timed in, or null for the JVM's. */
    static String framework(String impl) {
        if (impl.equals("tiktoken")) {
            return "tiktoken";
        }
        return impl.startsWith("hf") ? "tokenizers" : null;
    }

    static Availability availability(Params p) {
        Optional<TokenizerFixtures.Fixtures> fixtures = TokenizerFixtures.find();
        if (fixtures.isEmpty()) {
            return Availability.unavailable("text/tokenize needs its fixtures: " + TokenizerFixtures.reason());
        }
        String impl = p.get("impl");
        if (impl.equals("tiktoken") && !p.get("model").equals("bpe")) {
            return Availability.unavailable("tiktoken is a byte-level BPE only: it has no " + p.get("model"));
        }
        if (impl.equals(DJL) && p.get("model").equals("unigram")) {
            return Availability.unavailable(DJL_UNIGRAM);
        }
        if (impl.equals(DJL)) {
            return DjlTokenizer.unavailable().map(Availability::unavailable).orElse(Availability.ok());
        }
        String framework = framework(impl);
        if (framework == null) {
            return Availability.ok();
        }
        return PythonDriver.importable(framework).map(Availability::unavailable).orElse(Availability.ok());
    }
}
