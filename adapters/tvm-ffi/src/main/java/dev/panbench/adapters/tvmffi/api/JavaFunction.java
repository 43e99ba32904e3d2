package dev.panbench.adapters.tvmffi.api;

import java.util.function.Function;

/**
 * Java code TVM can call: wrap it with {@link TvmFfi#function} or register it with {@link TvmFfi#registerGlobal}.
 * Arguments are read from {@link CallArgs} and the result written to {@link CallResult} without boxing; anything
 * thrown reaches the TVM caller as an error (a {@link TvmFfiException} keeps its kind, other exceptions map to
 * {@code ValueError}, {@code TypeError}, {@code IndexError}, {@code KeyError} or {@code RuntimeError}).
 */
@FunctionalInterface
public interface JavaFunction {

    void call(CallArgs args, CallResult result) throws Exception;

    /** Adapts a boxed function: arguments decoded to Java values, its return value encoded back. */
    static JavaFunction boxed(Function<Object[], Object> f) {
        return (args, result) -> result.set(f.apply(args.toArray()));
    }
}
