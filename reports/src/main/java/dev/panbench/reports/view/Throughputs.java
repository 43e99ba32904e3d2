package dev.panbench.reports.view;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.spi.Role;

/** The throughput a table shows for a result, chosen by what the result measures. */
public final class Throughputs {

    private Throughputs() {
    }

    /**
     * The most telling throughput of a result: bytes/s for a bandwidth ceiling (every STREAM kernel, {@code copy} as
     * much as {@code triad}, in one unit), else FLOP/s, else bytes/s, else elements/s.
     */
    public static String text(BenchResult r) {
        var t = r.throughput();
        if (t == null) {
            return "";
        }
        if (t.bytesPerSec() != null && measuresBandwidth(r)) {
            return Numbers.rate(t.bytesPerSec(), "B/s");
        }
        if (t.flopsPerSec() != null) {
            return Numbers.rate(t.flopsPerSec(), "FLOP/s");
        }
        if (t.bytesPerSec() != null) {
            return Numbers.rate(t.bytesPerSec(), "B/s");
        }
        if (t.elementsPerSec() != null) {
            return Numbers.rate(t.elementsPerSec(), "elem/s");
        }
        return "";
    }

    /**
     * A row that measures the machine's memory bandwidth ({@link Roles}): the bandwidth ceiling and its sibling
     * kernels (STREAM's copy, scale and add), read from roles, or for older results from their names.
     */
    public static boolean measuresBandwidth(BenchResult r) {
        return Roles.measuresMachine(r) && !Role.FLOPS.equals(Roles.ceiling(r));
    }
}
