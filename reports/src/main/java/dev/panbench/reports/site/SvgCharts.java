package dev.panbench.reports.site;

import dev.panbench.harness.history.Trend;
import dev.panbench.reports.html.Html;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The history site's charts as inline SVG, written here rather than by XChart because each point must be a link to
 * its commit with its run's environment as a tooltip, and a 500-row index needs sparklines of a few hundred bytes:
 * a sparkline per result, a result's trend (each run's median and interval, the band a new run may fall in, the
 * change points), and a catalog row's backends on one chart.
 */
final class SvgCharts {

    static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
            "#17becf", "#7f7f7f", "#bcbd22"};
    private static final MathContext FOUR = new MathContext(4);

    private SvgCharts() {
    }

    /**
     * A 120 x 24 line of the runs' medians (log scale, at most 100 columns: runs sharing a column are averaged), the
     * change points as red ticks, the latest run as a dot.
     */
    static String sparkline(Trend t, int firstRun, int lastRun) {
        int w = 120;
        int h = 24;
        int columns = Math.min(100, Math.max(1, lastRun - firstRun + 1));
        double[] sum = new double[columns];
        int[] count = new int[columns];
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Trend.Point p : t.points()) {
            int c = column(p.run(), firstRun, lastRun, columns);
            double v = Math.log(p.median());
            sum[c] += v;
            count[c]++;
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        double span = Math.max(hi - lo, 0.02);
        double mid = (hi + lo) / 2;
        StringBuilder pts = new StringBuilder(columns * 8);
        double lastX = 0;
        double lastY = 0;
        for (int c = 0; c < columns; c++) {
            if (count[c] == 0) {
                continue;
            }
            lastX = columns == 1 ? w / 2.0 : 1 + c * (w - 3.0) / (columns - 1);
            lastY = h / 2.0 - (sum[c] / count[c] - mid) / span * (h - 4);
            pts.append(num1(lastX)).append(',').append(num1(lastY)).append(' ');
        }
        StringBuilder sb = new StringBuilder(pts.length() + 200);
        sb.append("<svg class=\"spark\" width=\"").append(w).append("\" height=\"").append(h)
                .append("\" viewBox=\"0 0 ").append(w).append(' ').append(h).append("\" aria-hidden=\"true\">");
        for (Trend.Change c : t.changes()) {
            double x = columns == 1 ? w / 2.0 : 1 + column(c.run(), firstRun, lastRun, columns) * (w - 3.0) / (columns - 1);
            sb.append("<path class=\"cp\" d=\"M").append(num1(x)).append(" 0v").append(h).append("\"/>");
        }
        sb.append("<polyline points=\"").append(pts.toString().strip()).append("\"/>")
                .append("<circle r=\"2\" cx=\"").append(num1(lastX)).append("\" cy=\"").append(num1(lastY))
                .append("\"/></svg>");
        return sb.toString();
    }

    private static int column(int run, int firstRun, int lastRun, int columns) {
        if (lastRun == firstRun) {
            return 0;
        }
        return (int) Math.round((run - firstRun) * (columns - 1.0) / (lastRun - firstRun));
    }

    /**
     * One result's trend: each run's median (a point linked to {@code href} of it, titled {@code title} of it) with
     * its interval as a bar, the band a new run may fall in shaded over the runs since the last change point, and a
     * dashed line before each change point, labelled with its ratio and linked to its commit.
     */
    static String trend(Trend t, Function<Trend.Point, String> href, Function<Trend.Point, String> title,
                        Function<Trend.Change, String> changeHref) {
        int w = 960;
        int h = 340;
        Frame f = new Frame(w, h, t.points().getFirst().run(), t.points().getLast().run());
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Trend.Point p : t.points()) {
            lo = Math.min(lo, p.lower());
            hi = Math.max(hi, p.upper());
        }
        // the runs set the scale; a band wider than they are (few runs, a noisy machine) fills the height, clipped
        f.y(lo, hi, false);
        StringBuilder sb = new StringBuilder(t.points().size() * 260 + 2000);
        f.open(sb, "trend", t.unit());
        if (t.bandLower() != null) {
            int from = t.changes().isEmpty() ? t.points().getFirst().run() : t.changes().getLast().run();
            double x0 = f.x(from - 0.5);
            double x1 = f.x(t.points().getLast().run() + 0.5);
            double y0 = Math.max(f.top, f.y(t.bandUpper()));
            double y1 = Math.min(f.bottom, f.y(t.bandLower()));
            sb.append("<rect class=\"band\" x=\"").append(num1(x0)).append("\" y=\"").append(num1(y0))
                    .append("\" width=\"").append(num1(x1 - x0)).append("\" height=\"").append(num1(Math.max(0, y1 - y0)))
                    .append("\"><title>a new run may fall here (99%): ").append(fmt(t.bandLower())).append(" to ")
                    .append(fmt(t.bandUpper())).append(' ').append(Html.escape(t.unit())).append("</title></rect>\n");
        }
        StringBuilder line = new StringBuilder();
        for (Trend.Point p : t.points()) {
            line.append(num1(f.x(p.run()))).append(',').append(num1(f.y(p.median()))).append(' ');
        }
        sb.append("<polyline class=\"median\" points=\"").append(line.toString().strip()).append("\"/>\n");
        for (Trend.Point p : t.points()) {
            double x = f.x(p.run());
            String u = href.apply(p);
            sb.append(u == null ? "<g class=\"pt\">" : "<a class=\"pt\" href=\"" + Html.escape(u) + "\">")
                    .append("<title>").append(Html.escape(title.apply(p))).append("</title>")
                    .append("<path d=\"M").append(num1(x)).append(' ').append(num1(f.y(p.lower()))).append("V")
                    .append(num1(f.y(p.upper()))).append("\"/><circle r=\"3\" cx=\"").append(num1(x))
                    .append("\" cy=\"").append(num1(f.y(p.median()))).append("\"/>")
                    .append(u == null ? "</g>" : "</a>").append('\n');
        }
        for (Trend.Change c : t.changes()) {
            double x = f.x(c.run() - 0.5);
            String u = changeHref.apply(c);
            String label = String.format(Locale.ROOT, "%+.1f%% at run %d", 100 * (c.ratio() - 1), c.run());
            sb.append(u == null ? "<g class=\"change\">" : "<a class=\"change\" href=\"" + Html.escape(u) + "\">")
                    .append("<title>change point at run ").append(c.run())
                    .append(c.commit() == null ? "" : ", commit " + Html.escape(c.commit()))
                    .append(String.format(Locale.ROOT, ": x%.3f (p = %.3f)", c.ratio(), c.pValue()))
                    .append("</title><path d=\"M").append(num1(x)).append(' ').append(f.top).append("V")
                    .append(f.bottom).append("\"/><text x=\"").append(num1(x > w * 0.7 ? x - 3 : x + 3))
                    .append("\" y=\"").append(f.top + 11).append(x > w * 0.7 ? "\" text-anchor=\"end\">" : "\">")
                    .append(Html.escape(label)).append("</text>")
                    .append(u == null ? "</g>" : "</a>").append('\n');
        }
        return sb.append("</svg>").toString();
    }

    /**
     * A catalog row over time: one line per backend, log scale (backends differ by orders of magnitude), each line
     * linked to its result's page (where every run has its point) and its latest run marked.
     */
    record Line(String label, Trend trend, String href) {
    }

    static String lines(List<Line> lines, int firstRun, int lastRun, Function<Trend.Point, String> title) {
        int w = 960;
        int h = 380;
        Frame f = new Frame(w, h, firstRun, lastRun);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Line l : lines) {
            for (Trend.Point p : l.trend().points()) {
                lo = Math.min(lo, p.median());
                hi = Math.max(hi, p.median());
            }
        }
        f.y(lo, hi, true);
        StringBuilder sb = new StringBuilder(lines.size() * 4000);
        f.open(sb, "lines", lines.getFirst().trend().unit() + " (log scale)");
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            String color = PALETTE[i % PALETTE.length];
            StringBuilder pts = new StringBuilder();
            for (Trend.Point p : l.trend().points()) {
                pts.append(num1(f.x(p.run()))).append(',').append(num1(f.y(p.median()))).append(' ');
            }
            sb.append("<a href=\"").append(Html.escape(l.href())).append("\"><g class=\"series\" stroke=\"")
                    .append(color).append("\" fill=\"").append(color).append("\"><title>").append(Html.escape(l.label()))
                    .append("</title><polyline points=\"").append(pts.toString().strip()).append("\"/>");
            Trend.Point last = l.trend().points().getLast();
            sb.append("<circle r=\"3\" cx=\"").append(num1(f.x(last.run()))).append("\" cy=\"")
                    .append(num1(f.y(last.median()))).append("\"><title>").append(Html.escape(l.label()))
                    .append(": ").append(Html.escape(title.apply(last))).append("</title></circle>");
            sb.append("</g></a>\n");
        }
        return sb.append("</svg>").toString();
    }

    /** The plotting area, its axes and their ticks. */
    private static final class Frame {
        final int w;
        final int h;
        final int left = 84;
        final int right;
        final int top = 12;
        final int bottom;
        final int firstRun;
        final int lastRun;
        double ylo;
        double yhi;
        boolean log;

        Frame(int w, int h, int firstRun, int lastRun) {
            this.w = w;
            this.h = h;
            this.right = w - 16;
            this.bottom = h - 34;
            this.firstRun = firstRun;
            this.lastRun = lastRun;
        }

        void y(double lo, double hi, boolean logScale) {
            log = logScale;
            double a = log ? Math.log10(lo) : lo;
            double b = log ? Math.log10(hi) : hi;
            double pad = Math.max((b - a) * 0.06, Math.abs(b) * 0.01 + 1e-12);
            ylo = log || a < 0 ? a - pad : Math.max(0, a - pad);
            yhi = b + pad;
        }

        double x(double run) {
            double span = Math.max(1, lastRun - firstRun + 1);
            return left + (run - firstRun + 0.5) / span * (right - left);
        }

        double y(double v) {
            double u = log ? Math.log10(v) : v;
            return bottom - (u - ylo) / (yhi - ylo) * (bottom - top);
        }

        void open(StringBuilder sb, String cls, String unit) {
            sb.append("<svg class=\"").append(cls).append("\" width=\"").append(w).append("\" height=\"").append(h)
                    .append("\" viewBox=\"0 0 ").append(w).append(' ').append(h).append("\" role=\"img\">\n")
                    .append("<g class=\"axis\"><path d=\"M").append(left).append(' ').append(top).append("V")
                    .append(bottom).append("H").append(right).append("\"/>");
            for (int i = 0; i <= 5; i++) {
                double u = ylo + (yhi - ylo) * i / 5;
                double v = log ? Math.pow(10, u) : u;
                double yy = bottom - (double) i / 5 * (bottom - top);
                sb.append("<path class=\"grid\" d=\"M").append(left).append(' ').append(num1(yy)).append("H")
                        .append(right).append("\"/><text x=\"").append(left - 4).append("\" y=\"")
                        .append(num1(yy + 4)).append("\" text-anchor=\"end\">").append(fmt(v)).append("</text>");
            }
            int step = Math.max(1, (int) Math.ceil((lastRun - firstRun + 1) / 12.0));
            for (int r = firstRun; r <= lastRun; r += step) {
                sb.append("<text x=\"").append(num1(x(r))).append("\" y=\"").append(bottom + 14)
                        .append("\" text-anchor=\"middle\">").append(r).append("</text>");
            }
            sb.append("<text x=\"").append((left + right) / 2).append("\" y=\"").append(h - 4)
                    .append("\" text-anchor=\"middle\">run (oldest first)</text><text x=\"10\" y=\"")
                    .append((top + bottom) / 2).append("\" transform=\"rotate(-90 10 ").append((top + bottom) / 2)
                    .append(")\" text-anchor=\"middle\">").append(Html.escape(unit == null ? "" : unit))
                    .append("</text></g>\n");
        }
    }

    /** A figure to four significant digits, without exponent for everyday magnitudes. */
    static String fmt(double v) {
        if (!Double.isFinite(v)) {
            return String.valueOf(v);
        }
        if (v != 0 && (Math.abs(v) >= 1e10 || Math.abs(v) < 1e-4)) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        return new BigDecimal(v).round(FOUR).stripTrailingZeros().toPlainString();
    }

    /** A figure with its unit, a time per operation in the unit that reads best: {@code 23.06 ms}, {@code 69.66 ns}. */
    static String value(double v, String unit) {
        if ("ns/op".equals(unit) && Double.isFinite(v)) {
            String[] units = {"ns", "us", "ms", "s"};
            int u = 0;
            while (u < units.length - 1 && Math.abs(v) >= 1000) {
                v /= 1000;
                u++;
            }
            return fmt(v) + " " + units[u];
        }
        return fmt(v) + (unit == null ? "" : " " + unit);
    }

    static String num1(double v) {
        long t = Math.round(v * 10);
        String sign = t < 0 ? "-" : "";
        t = Math.abs(t);
        return sign + t / 10 + (t % 10 == 0 ? "" : "." + t % 10);
    }
}
