package dev.panbench.adapters.tvmffi.api;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CallbackTest {

    @BeforeAll
    static void library() {
        TvmFfiLibraryRequired.assume();
    }

    @Test
    void javaFunctionRegisteredAsGlobalIsCallableThroughTvm() {
        TvmFfi.registerGlobal("panbench.test.add", (args, result) -> result.setLong(args.getLong(0) + args.getLong(1)),
                true);
        try (TvmFunction add = TvmFfi.getGlobal("panbench.test.add")) {
            assertEquals(30L, add.call(10L, 20L));
            try (CallFrame f = add.frame(2)) {
                assertEquals(7L, f.setLong(0, 3).setLong(1, 4).invoke().resultLong());
            }
        }
    }

    @Test
    void tvmCallsJavaBackThroughApply() {
        try (TvmFunction apply = TvmFfi.getGlobal("testing.apply");
             TvmFunction twice = TvmFfi.function((args, result) -> result.setDouble(2 * args.getDouble(0)))) {
            assertEquals(5.0, apply.call(twice, 2.5));
        }
    }

    @Test
    void callbackSeesStringsAndObjectsAndReturnsThem() {
        AtomicReference<Object> seen = new AtomicReference<>();
        try (TvmFunction apply = TvmFfi.getGlobal("testing.apply");
             TvmFunction upper = TvmFfi.function(JavaFunction.boxed(a -> ((String) a[0]).toUpperCase()));
             TvmFunction keep = TvmFfi.function((args, result) -> {
                 Object o = args.get(0);
                 seen.set(o);
                 result.set(o);
             });
             TvmObject obj = TvmObject.construct("testing.TestCxxClassBase", 5L, 6L)) {
            assertEquals("A LONGER STRING THAN SEVEN BYTES", apply.call(upper, "a longer string than seven bytes"));
            try (TvmObject back = (TvmObject) apply.call(keep, obj)) {
                assertEquals(obj.handle(), back.handle());
                assertEquals(3L, obj.useCount(), "Java wrappers of the argument and of the result each hold one");
            }
            ((TvmObject) seen.get()).close();
            assertEquals(1L, obj.useCount());
        }
    }

    @Test
    void javaExceptionInCallbackReachesTheCallerAsTvmError() {
        try (TvmFunction apply = TvmFfi.getGlobal("testing.apply");
             TvmFunction bad = TvmFfi.function((args, result) -> {
                 throw new IllegalArgumentException("negative sizes are not allowed");
             })) {
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> apply.call(bad, -1L));
            assertEquals("ValueError", e.kind());
            assertTrue(e.errorMessage().contains("negative sizes are not allowed"), e.errorMessage());
            assertTrue(e.backtrace().contains("CallbackTest"), "Java frames in the backtrace: " + e.backtrace());
        }
    }

    @Test
    void tvmErrorThrownByCallbackKeepsItsKind() {
        try (TvmFunction apply = TvmFfi.getGlobal("testing.apply");
             TvmFunction bad = TvmFfi.function((args, result) -> {
                 throw new TvmFfiException("AttributeError", "no such attribute", "");
             })) {
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> apply.call(bad));
            assertEquals("AttributeError", e.kind());
            assertEquals("no such attribute", e.errorMessage());
        }
    }

    @Test
    void wrongArgumentTypeInsideCallbackIsATypeError() {
        try (TvmFunction apply = TvmFfi.getGlobal("testing.apply");
             TvmFunction wantsInt = TvmFfi.function((args, result) -> result.setLong(args.getLong(0)))) {
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> apply.call(wantsInt, "text"));
            assertEquals("TypeError", e.kind());
        }
    }

    @Test
    void nestedCallbacksRunInsideEachOther() {
        try (TvmFunction apply = TvmFfi.getGlobal("testing.apply");
             TvmFunction inner = TvmFfi.function((args, result) -> result.setLong(args.getLong(0) + 1));
             TvmFunction outer = TvmFfi.function((args, result) ->
                     result.setLong((Long) apply.call(inner, args.getLong(0)) * 10))) {
            assertEquals(50L, apply.call(outer, 4L));
        }
    }

    @Test
    void releasedJavaFunctionsFreeTheirSlots() {
        int before = TvmFfi.liveJavaFunctions();
        for (int i = 0; i < 10_000; i++) {
            try (TvmFunction f = TvmFfi.function((args, result) -> result.setLong(1))) {
                f.handle();
            }
        }
        assertEquals(before, TvmFfi.liveJavaFunctions());
    }
}
