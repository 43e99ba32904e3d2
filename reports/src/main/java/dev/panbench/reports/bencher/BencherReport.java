package dev.panbench.reports.bencher;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;

/**
 * {@code bencher.txt}: Rust libtest's bench lines, {@code test NAME ... bench: N ns/iter (+/- M)}, which bencher,
 * github-action-benchmark ({@code cargo} tool) and other dashboards parse. N is the median in nanoseconds, M the
 * spread (max - min) as libtest reports it; values under 100 ns keep two decimals. Names cannot hold spaces
 * there, so whitespace in an id becomes {@code _}.
 */
public final class BencherReport implements ResultsFormat, ComparisonFormat {

    @Override
    public String name() {
        return "bencher";
    }

    @Override
    public String summary() {
        return "Rust libtest lines";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        StringBuilder sb = new StringBuilder();
        for (ResultsView.Row row : view.rows()) {
            BenchResult r = row.result();
            double ns = row.medianNanos();
            if (Double.isNaN(ns)) {
                continue;
            }
            double spread = row.nanos(r.stats().max()) - row.nanos(r.stats().min());
            line(sb, r.id().toString(), ns, Math.abs(spread));
        }
        return List.of(ReportFile.text("bencher.txt", sb.toString()));
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable c, ReportOptions options) {
        StringBuilder sb = new StringBuilder();
        for (ComparisonTable.Row r : c.rows()) {
            if (r.currentValue() == null) {
                continue;
            }
            double ns = Grouping.nanos(r.currentValue(), r.unit());
            if (Double.isNaN(ns)) {
                continue;
            }
            double spread = r.low() != null && r.high() != null && r.ratio() != null && r.ratio() > 0
                    ? ns * (r.high() - r.low()) / r.ratio() : 0;
            line(sb, r.id().toString(), ns, Math.abs(spread));
        }
        return List.of(ReportFile.text("comparison-bencher.txt", sb.toString()));
    }

    static void line(StringBuilder sb, String id, double ns, double spread) {
        sb.append("test ").append(name(id)).append(" ... bench: ")
                .append(String.format(Locale.ROOT, "%14s", number(ns))).append(" ns/iter (+/- ")
                .append(number(spread)).append(")\n");
    }

    static String name(String id) {
        StringBuilder sb = new StringBuilder(id.length());
        id.codePoints().forEach(cp -> sb.appendCodePoint(Character.isWhitespace(cp) || Character.isISOControl(cp) ? '_' : cp));
        return sb.toString();
    }

    /** Thousands separated; two decimals below 100, none above (as libtest prints). */
    static String number(double v) {
        DecimalFormat f = new DecimalFormat(v < 100 ? "#,##0.00" : "#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setRoundingMode(RoundingMode.HALF_EVEN);
        return f.format(BigDecimal.valueOf(v));
    }
}
