package dev.panbench.reports.console;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.Numbers;

import java.util.ArrayList;
import java.util.List;

/**
 * The table {@code panbench run} prints: id, median, 99% CI of the mean, allocation per operation, throughput.
 * A pure function of the results; failed and skipped rows show their reason.
 */
public final class ConsoleTable {

    private static final String[] HEADER = {"id", "median", "99% CI (mean)", "B/op", "throughput"};

    private ConsoleTable() {
    }

    public static String render(ResultFile file) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        List<String> notes = new ArrayList<>();
        for (BenchResult r : file.results()) {
            if (r.ok() && r.stats() != null) {
                var s = r.stats();
                String ci = s.ci99() == null || s.ci99().size() != 2 ? ""
                        : "[" + Numbers.score(s.ci99().get(0), r.unit()) + ", " + Numbers.score(s.ci99().get(1), r.unit()) + "]";
                rows.add(new String[]{r.id(), Numbers.score(s.median(), r.unit()), ci,
                        r.allocBytesPerOp() == null ? "" : Numbers.bytes(r.allocBytesPerOp()), throughput(r)});
            } else {
                rows.add(new String[]{r.id(), r.status().name(), "", "", ""});
                notes.add(r.status() + " " + r.id() + ": " + (r.error() == null ? "no reason given" : r.error()));
            }
        }
        StringBuilder sb = new StringBuilder(table(rows));
        for (String n : notes) {
            sb.append(n).append('\n');
        }
        return sb.toString();
    }

    /** The most telling throughput of a result: FLOP/s, else bytes/s, else elements/s. */
    public static String throughput(BenchResult r) {
        var t = r.throughput();
        if (t == null) {
            return "";
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

    /** Left-aligned first column, right-aligned others, two spaces apart, a rule under the header. */
    static String table(List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] w = new int[cols];
        for (String[] r : rows) {
            for (int c = 0; c < cols; c++) {
                w[c] = Math.max(w[c], r[c].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                if (c > 0) {
                    line.append("  ");
                }
                line.append(c == 0 ? pad(r[c], w[c], false) : pad(r[c], w[c], true));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
            if (i == 0) {
                int total = 0;
                for (int x : w) {
                    total += x;
                }
                sb.append("-".repeat(total + 2 * (cols - 1))).append('\n');
            }
        }
        return sb.toString();
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return right ? fill + s : s + fill;
    }
}
