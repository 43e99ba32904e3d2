package dev.panbench.cli;

import dev.panbench.harness.Defaults;

import java.util.ListResourceBundle;

/**
 * Help texts that name a typed default ({@link Defaults}), which an annotation cannot hold (it takes constants
 * only): picocli reads them by each option's {@code descriptionKey}, in every command ({@link Main} sets this bundle).
 */
public final class HelpTexts extends ListResourceBundle {

    static final String ADAPTIVE_WARMUP = "adaptive-warmup";

    @Override
    protected Object[][] getContents() {
        return new Object[][] {
                {ADAPTIVE_WARMUP, "Before its warm-up iterations, each fork runs the operation until two 50 ms windows"
                        + " agree within 5%% with the JIT idle, for at most CAP (quick "
                        + Defaults.QUICK_ADAPTIVE_WARMUP + ", default " + Defaults.ADAPTIVE_WARMUP + ": none)."},
        };
    }
}
