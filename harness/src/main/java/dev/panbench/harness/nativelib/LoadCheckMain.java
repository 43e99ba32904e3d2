package dev.panbench.harness.nativelib;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;

/**
 * The child process of {@link IsolatedLoad}: loads one library and looks up the symbols named after it. Prints one
 * line starting with {@link #VERDICT} and exits 0 when all is well, 1 when the loader refused the file or a symbol is missing; a crash while
 * loading kills only this process.
 */
public final class LoadCheckMain {

    /** Starts every line this class prints, so that a crash banner is never mistaken for a verdict. */
    static final String VERDICT = "panbench-load-check: ";

    private LoadCheckMain() {
    }

    public static void main(String[] args) {
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup lookup = SymbolLookup.libraryLookup(Path.of(args[0]), arena);
            for (int i = 1; i < args.length; i++) {
                if (lookup.find(args[i]).isEmpty()) {
                    System.out.println(VERDICT + "symbol " + args[i] + " missing");
                    System.exit(1);
                }
            }
            System.out.println(VERDICT + "ok");
            System.exit(0);
        } catch (RuntimeException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            System.out.println(VERDICT + "the loader refused it: " + m.lines().findFirst().orElse(m));
            System.exit(1);
        }
    }
}
