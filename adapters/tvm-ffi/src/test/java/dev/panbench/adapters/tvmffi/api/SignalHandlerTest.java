package dev.panbench.adapters.tvmffi.api;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * libtvm_ffi.so installs its own SIGSEGV handler when loaded; the JVM relies on SIGSEGV for implicit null checks.
 * With the binding's guard, compiled code throwing NullPointerException keeps working.
 */
class SignalHandlerTest {

    @BeforeAll
    static void library() {
        TvmFfiLibraryRequired.assume();
        TvmFfi.version();
    }

    private static int length(String s) {
        return s.length(); // compiled with an implicit null check
    }

    @Test
    void nullPointerExceptionsInCompiledCodeSurviveLoadingTheLibrary() {
        int caught = 0;
        String[] values = {"a", null};
        for (int i = 0; i < 200_000; i++) {
            try {
                length(values[i & 1]);
            } catch (NullPointerException e) {
                caught++;
            }
        }
        assertEquals(100_000, caught);
    }
}
