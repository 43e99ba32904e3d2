package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.harness.spi.Params;

/** How a workload issues its calls: the binding's fast path, its convenient boxed path, or the C floor loop. */
enum Impl {
    /** The binding's allocation-free path (reused frames, typed accessors). */
    JAVA("java"),
    /** The convenient path: Java values boxed in, decoded out ({@code fn.call(args...)}). */
    JAVA_BOXED("java-boxed"),
    /** The same native calls from a C loop: the floor the binding is read against. */
    C_LOOP("c-loop"),
    /** The same call from Python's own {@code tvm_ffi} package, timed by panbench's Python driver. */
    PYTHON("python");

    final String id;

    Impl(String id) {
        this.id = id;
    }

    static Impl of(Params p) {
        String v = p.get("impl", "java");
        for (Impl i : values()) {
            if (i.id.equals(v)) {
                return i;
            }
        }
        throw new IllegalArgumentException("unknown impl '" + v + "' (java, java-boxed, c-loop, python)");
    }
}
