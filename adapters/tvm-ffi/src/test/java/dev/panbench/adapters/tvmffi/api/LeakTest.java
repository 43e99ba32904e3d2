package dev.panbench.adapters.tvmffi.api;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Object life cycles leave nothing behind: use counts return to one and resident memory stays flat. */
class LeakTest {

    private static final int CYCLES = 1_000_000;

    @BeforeAll
    static void library() {
        TvmFfiLibraryRequired.assume();
    }

    private static long rssBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmRSS");
    }

    @Test
    void millionCreateReleaseCyclesKeepMemoryFlat() throws IOException {
        TvmFunction ctor = TypeInfo.of("testing.TestCxxClassBase").constructor();
        try (CallFrame frame = ctor.frame(2).setLong(0, 7).setLong(1, 8)) {
            for (int i = 0; i < CYCLES / 10; i++) { // warm up allocators and the JIT
                ((TvmObject) frame.invokeLeaf().result()).close();
            }
            System.gc();
            long before = rssBytes();
            for (int i = 0; i < CYCLES; i++) {
                try (TvmObject o = (TvmObject) frame.invokeLeaf().result()) {
                    if (o.useCount() != 1) {
                        throw new AssertionError("use count " + o.useCount() + " at cycle " + i);
                    }
                }
            }
            System.gc();
            long growth = rssBytes() - before;
            // a leak of one 40-byte object per cycle would be > 40 MB
            assertTrue(growth < 24L << 20, "RSS grew by " + (growth >> 20) + " MB over " + CYCLES + " cycles");
        }
    }

    @Test
    void passingAnObjectAMillionTimesLeavesItsCountAtOne() {
        try (TvmObject o = TvmObject.construct("testing.TestCxxClassBase", 1L, 2L);
             TvmFunction echo = TvmFfi.getGlobal("testing.echo");
             CallFrame frame = echo.frame(1).set(0, o)) {
            for (int i = 0; i < CYCLES; i++) {
                frame.invokeLeaf();
            }
            frame.clearResult();
            assertEquals(1L, o.useCount());
        }
    }

    @Test
    void droppedWrappersAreReleasedByTheCleaner() throws InterruptedException {
        try (TvmObject o = TvmObject.construct("testing.TestCxxClassBase", 1L, 2L);
             TvmFunction echo = TvmFfi.getGlobal("testing.echo")) {
            for (int i = 0; i < 1000; i++) {
                echo.call(o); // result wrapper dropped without close
            }
            for (int i = 0; i < 50 && o.useCount() > 1; i++) {
                System.gc();
                Thread.sleep(20);
            }
            assertEquals(1L, o.useCount());
        }
    }
}
