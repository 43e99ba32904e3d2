package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.CApi;
import dev.panbench.adapters.tvmffi.abi.ErrorAbi;
import dev.panbench.adapters.tvmffi.abi.Pointers;
import dev.panbench.adapters.tvmffi.abi.UpcallStubs;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.NoSuchElementException;

/**
 * Java functions living inside TVM Function objects. Each gets a slot number, passed to TVM as the Function's
 * {@code self}; one upcall stub dispatches every call by slot, and one deleter frees the slot when TVM releases the
 * last reference.
 */
final class JavaFunctions {

    private static final Object LOCK = new Object();
    private static volatile JavaFunction[] slots = new JavaFunction[64];
    private static final ArrayDeque<Integer> FREE = new ArrayDeque<>();
    private static int next = 1;
    private static int live;

    private static final long SAFE_CALL;
    private static final long DELETER;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SAFE_CALL = UpcallStubs.safeCall(lookup.findStatic(JavaFunctions.class, "safeCall",
                    MethodType.methodType(int.class, long.class, long.class, int.class, long.class)));
            DELETER = UpcallStubs.deleter(lookup.findStatic(JavaFunctions.class, "delete",
                    MethodType.methodType(void.class, long.class)));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private JavaFunctions() {
    }

    /** A new Function object (owned by the caller) that runs {@code f}. */
    static TvmFunction create(JavaFunction f) {
        int slot;
        synchronized (LOCK) {
            Integer reused = FREE.pollFirst();
            slot = reused != null ? reused : next++;
            JavaFunction[] s = slots;
            if (slot >= s.length) {
                s = Arrays.copyOf(s, s.length * 2);
            }
            s[slot] = f;
            slots = s;
            live++;
        }
        try (Scratch scratch = Scratch.confined()) {
            long out = scratch.allocate(8);
            if (CApi.functionCreate(slot, SAFE_CALL, DELETER, out) != 0) {
                delete(slot);
                throw TvmFfiException.raised();
            }
            return new TvmFunction(Pointers.readPointer(out));
        }
    }

    /** How many Java functions TVM still holds (for leak checks). */
    static int live() {
        synchronized (LOCK) {
            return live;
        }
    }

    /** {@code TVMFFISafeCallType} of every Java function; never throws. */
    private static int safeCall(long self, long args, int numArgs, long result) {
        try {
            JavaFunction f = slots[(int) self];
            if (f == null) {
                throw new NoSuchElementException("Java function #" + self + " was released");
            }
            f.call(new CallArgs(args, numArgs), new CallResult(result));
            return 0;
        } catch (Throwable t) {
            try {
                ErrorAbi.raise(kindOf(t), messageOf(t), backtraceOf(t));
            } catch (Throwable ignored) {
                // nothing else can be reported from inside an upcall
            }
            return -1;
        }
    }

    /** Deleter of every Java function: frees its slot; never throws. */
    private static void delete(long self) {
        synchronized (LOCK) {
            JavaFunction[] s = slots;
            if (self > 0 && self < s.length && s[(int) self] != null) {
                s[(int) self] = null;
                FREE.addFirst((int) self);
                live--;
            }
        }
    }

    static String kindOf(Throwable t) {
        return switch (t) {
            case TvmFfiException e -> e.kind();
            case NumberFormatException e -> "ValueError";
            case IllegalArgumentException e -> "ValueError";
            case ClassCastException e -> "TypeError";
            case IndexOutOfBoundsException e -> "IndexError";
            case NoSuchElementException e -> "KeyError";
            case UnsupportedOperationException e -> "NotImplementedError";
            default -> "RuntimeError";
        };
    }

    static String messageOf(Throwable t) {
        if (t instanceof TvmFfiException e) {
            return e.errorMessage();
        }
        return t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }

    static String backtraceOf(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        String java = w.toString();
        return t instanceof TvmFfiException e && !e.backtrace().isEmpty() ? e.backtrace() + "\n" + java : java;
    }
}
