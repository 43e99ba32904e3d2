package dev.panbench.adapters.tvmffi.api;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.NoSuchElementException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FunctionCallTest {

    @BeforeAll
    static void library() {
        TvmFfiLibraryRequired.assume();
    }

    @Test
    void reportsTheWheelVersion() {
        assertTrue(TvmFfi.version().matches("0\\.\\d+\\.\\d+"), TvmFfi.version());
    }

    @Test
    void echoReturnsEveryPodKindUnchanged() {
        try (TvmFunction echo = TvmFfi.getGlobal("testing.echo")) {
            assertNull(echo.call((Object) null));
            assertEquals(42L, echo.call(42));
            assertEquals(-7L, echo.call(-7L));
            assertEquals(true, echo.call(true));
            assertEquals(2.5, echo.call(2.5));
            assertEquals(DataType.FLOAT32, echo.call(DataType.FLOAT32));
            assertEquals(Device.cuda(3), echo.call(Device.cuda(3)));
            assertEquals(java.lang.foreign.MemorySegment.ofAddress(0x1234), echo.call(
                    java.lang.foreign.MemorySegment.ofAddress(0x1234)));
        }
    }

    @Test
    void echoReturnsSmallAndHeapStringsAndBytes() {
        try (TvmFunction echo = TvmFfi.getGlobal("testing.echo")) {
            assertEquals("hi", echo.call("hi"));
            assertEquals("", echo.call(""));
            String longer = "a string well beyond the inline small-string capacity, with ünïcödé";
            assertEquals(longer, echo.call(longer));
            assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) echo.call((Object) new byte[] {1, 2, 3}));
            byte[] big = new byte[1000];
            big[999] = 9;
            assertArrayEquals(big, (byte[]) echo.call((Object) big));
        }
    }

    @Test
    void addOneComputesThroughTypedSignature() {
        try (TvmFunction addOne = TvmFfi.getGlobal("testing.add_one")) {
            assertEquals(42L, addOne.call(41));
            try (CallFrame f = addOne.frame(1)) {
                assertEquals(11L, f.setLong(0, 10).invokeLeaf().resultLong());
                assertEquals(-1L, f.setLong(0, -2).invoke().resultLong());
            }
        }
    }

    @Test
    void unknownGlobalFunctionIsAJavaException() {
        assertTrue(TvmFfi.findGlobal("no.such.function").isEmpty());
        NoSuchElementException e = assertThrows(NoSuchElementException.class,
                () -> TvmFfi.getGlobal("no.such.function"));
        assertTrue(e.getMessage().contains("no.such.function"));
    }

    @Test
    void wrongArgumentTypeRaisesTypeErrorFromTvm() {
        try (TvmFunction addOne = TvmFfi.getGlobal("testing.add_one")) {
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> addOne.call("not a number"));
            assertEquals("TypeError", e.kind());
            assertTrue(e.errorMessage().contains("int"), e.errorMessage());
        }
    }

    @Test
    void unsupportedJavaArgumentIsRejectedBeforeTheCall() {
        try (TvmFunction echo = TvmFfi.getGlobal("testing.echo")) {
            assertThrows(IllegalArgumentException.class, () -> echo.call(new java.util.ArrayList<>()));
        }
    }

    @Test
    void raisedErrorCarriesKindMessageAndBacktrace() {
        try (TvmFunction raise = TvmFfi.getGlobal("testing.test_raise_error")) {
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> raise.call("ValueError", "boom"));
            assertEquals("ValueError", e.kind());
            assertEquals("boom", e.errorMessage());
            // the C++ frame that raised it, as TVM FFI records it (Python shows the same frame)
            assertTrue(e.backtrace().contains("TestRaiseError"), e.backtrace());
        }
    }

    @Test
    void useAfterCloseThrowsInsteadOfCrashing() {
        TvmFunction nop = TvmFfi.getGlobal("testing.nop");
        CallFrame frame = nop.frame(0);
        nop.close();
        nop.close(); // idempotent
        assertTrue(nop.isClosed());
        assertThrows(IllegalStateException.class, nop::call);
        assertThrows(IllegalStateException.class, nop::useCount);
        frame.invokeLeaf(); // the frame holds its own reference to the function
        frame.close();
        assertThrows(IllegalStateException.class, frame::invokeLeaf);
    }

    @Test
    void frameResultOfWrongKindIsATypeError() {
        try (TvmFunction echo = TvmFfi.getGlobal("testing.echo"); CallFrame f = echo.frame(1)) {
            f.set(0, "text").invokeLeaf();
            TvmFfiException e = assertThrows(TvmFfiException.class, f::resultLong);
            assertEquals("TypeError", e.kind());
            assertEquals("text", f.result());
        }
    }
}
