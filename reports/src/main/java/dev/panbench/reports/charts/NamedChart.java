package dev.panbench.reports.charts;

import org.knowm.xchart.internal.chartpart.Chart;

/**
 * One chart of a report: the section it belongs to ({@code groups}, {@code scaling}, {@code distributions},
 * {@code comparison}), a file-name-safe {@code slug} (also its element id in HTML), a title and a caption in plain
 * text, and the XChart chart itself.
 */
public record NamedChart(String section, String slug, String title, String caption, Chart<?, ?> chart) {
}
