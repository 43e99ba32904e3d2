package dev.panbench.reports.charts;

import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;

/** The one look of every panbench chart: white, light grid, colour-blind-safe palette (Okabe-Ito). */
final class ChartStyle {

    static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73),
            new Color(0xCC79A7), new Color(0x56B4E9), new Color(0xD55E00), new Color(0xF0E442), new Color(0x000000)};

    private ChartStyle() {
    }

    static void apply(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderVisible(false);
        s.setPlotGridLinesColor(new Color(0xDDDDDD));
        s.setPlotGridLinesStroke(new BasicStroke(1f));
        s.setChartTitleBoxVisible(false);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        s.setLegendBorderColor(Color.WHITE);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setSeriesColors(PALETTE);
        s.setAntiAlias(true);
    }

    /**
     * Three-significant-digit tick labels for a linear y axis. (XChart lays out ticks linearly whenever a formatting
     * function is set, so logarithmic axes keep its own labels.)
     */
    static void linearTicks(AxesChartStyler s) {
        if (!s.isYAxisLogarithmic()) {
            s.setyAxisTickLabelsFormattingFunction(v -> dev.panbench.reports.view.Numbers.sig(v));
        }
    }

    /** Slanted category labels only when upright ones would run into each other. */
    static boolean needsRotation(java.util.List<String> labels, int chartWidth) {
        int longest = labels.stream().mapToInt(String::length).max().orElse(0);
        return labels.size() * longest * 7.5 > chartWidth * 0.6;
    }

    /** XChart draws labels as outlines and cannot wrap them: long labels are cut with an ellipsis. */
    static String shorten(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        return s.substring(0, max - 1) + "\u2026";
    }

    /** The lower bound of a logarithmic axis: the decade at or below {@code min}. */
    static double decadeBelow(double min) {
        return Math.pow(10, Math.floor(Math.log10(min)));
    }

    /** The upper bound of a logarithmic axis: the decade at or above {@code max}. */
    static double decadeAbove(double max) {
        return Math.pow(10, Math.ceil(Math.log10(max)));
    }
}
