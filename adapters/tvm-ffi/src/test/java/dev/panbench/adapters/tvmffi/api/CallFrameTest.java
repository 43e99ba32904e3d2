package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.TypeIndex;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reusable frame's hot path: its critical call ({@code invokeLeaf}, no thread-state transition) returns the
 * same answers as the safe call, one result slot serves results of every kind in turn (the slot is cleared by its
 * tag word only), errors raised inside a critical call come back as one exception with kind and message, and the
 * frame holds its own reference to its function.
 */
class CallFrameTest {

    @BeforeAll
    static void library() {
        TvmFfiLibraryRequired.assume();
    }

    @Test
    void oneResultSlotServesEveryKindInTurnAndReleasesObjects() {
        try (TvmObject o = TvmObject.construct("testing.TestCxxClassBase", 1L, 2L);
             TvmFunction echo = TvmFfi.getGlobal("testing.echo");
             CallFrame f = echo.frame(1)) {
            assertEquals(42L, f.setLong(0, 42).invokeLeaf().resultLong());
            assertEquals(0.25, f.setDouble(0, 0.25).invokeLeaf().resultDouble());
            f.set(0, o).invokeLeaf();
            assertEquals(o.handle(), f.resultHandle());
            assertEquals(2L, o.useCount(), "the frame's result holds one reference");
            f.invokeLeaf(); // the previous object result is released before the call
            assertEquals(2L, o.useCount());
            f.setNone(0).invokeLeaf();
            assertEquals(TypeIndex.NONE, f.resultTypeIndex());
            assertEquals(1L, o.useCount(), "a None result released the object");
            assertNull(f.result());
            assertEquals("small", f.set(0, "small").invokeLeaf().result());
            String longer = "a string longer than the inline small-string capacity";
            assertEquals(longer, f.set(0, longer).invokeLeaf().result());
            assertTrue(f.setBoolean(0, true).invokeLeaf().resultBoolean());
            assertEquals(-7L, f.setLong(0, -7).invoke().resultLong(), "the safe call reads the same slots");
        }
    }

    @Test
    void criticalAndSafeCallsAgreeOverManyCalls() {
        try (TvmFunction addOne = TvmFfi.getGlobal("testing.add_one"); CallFrame f = addOne.frame(1)) {
            for (long i = -1000; i < 1000; i++) {
                assertEquals(i + 1, f.setLong(0, i).invokeLeaf().resultLong());
                assertEquals(i + 1, f.invoke().resultLong());
            }
        }
    }

    @Test
    void anErrorRaisedInACriticalCallIsOneExceptionWithKindAndMessage() {
        try (TvmFunction raise = TvmFfi.getGlobal("testing.test_raise_error"); CallFrame f = raise.frame(2)) {
            f.set(0, "ValueError").set(1, "boom");
            TvmFfiException e = assertThrows(TvmFfiException.class, f::invokeLeaf);
            assertEquals("ValueError", e.kind());
            assertEquals("ValueError: boom", e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
            // the frame is usable again: the error was taken, the result slot says None
            assertThrows(TvmFfiException.class, f::invokeLeaf);
            assertEquals(TypeIndex.NONE, f.resultTypeIndex());
        }
    }

    @Test
    void theFrameKeepsItsFunctionAliveUntilItIsClosed() {
        TvmFunction addOne = TvmFfi.getGlobal("testing.add_one");
        long registryAndWrapper = addOne.useCount();
        CallFrame f = addOne.frame(1);
        assertEquals(registryAndWrapper + 1, addOne.useCount(), "the frame holds its own reference");
        addOne.close();
        assertEquals(8L, f.setLong(0, 7).invokeLeaf().resultLong(), "closing the wrapper leaves the frame working");
        f.close();
        f.close(); // idempotent
        IllegalStateException e = assertThrows(IllegalStateException.class, f::invokeLeaf);
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, f::invoke);
    }
}
