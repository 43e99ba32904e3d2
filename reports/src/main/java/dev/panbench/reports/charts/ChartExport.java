package dev.panbench.reports.charts;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Turns an XChart chart into an SVG element fit to inline in HTML, or into PNG bytes. XChart draws text as glyph
 * outlines, so no label reaches the SVG as markup; the element gets our own {@code <title>} (escaped), ids
 * prefixed by the chart's slug so that several charts share one page, and coordinates rounded to two decimals.
 */
public final class ChartExport {

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private ChartExport() {
    }

    public static byte[] png(Chart<?, ?> chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An {@code <svg>} element; {@code slug} must be {@code [a-z0-9-]}, {@code escapedTitle} already escaped. */
    public static String inlineSvg(Chart<?, ?> chart, String slug, String escapedTitle) {
        ByteArrayOutputStream bo = new ByteArrayOutputStream(256 * 1024);
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, bo, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String svg = bo.toString(StandardCharsets.UTF_8);
        int open = svg.indexOf("<svg");
        int openEnd = svg.indexOf('>', open);
        if (open < 0 || openEnd < 0) {
            throw new IllegalStateException("XChart produced no <svg> element");
        }
        int w = chart.getWidth();
        int h = chart.getHeight();
        StringBuilder sb = new StringBuilder(svg.length() / 2);
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(w).append(' ').append(h)
                .append("\" width=\"").append(w).append("\" height=\"").append(h)
                .append("\" role=\"img\" aria-labelledby=\"").append(slug).append("-title\" class=\"chart\">")
                .append("<title id=\"").append(slug).append("-title\">").append(escapedTitle).append("</title>");
        String body = svg.substring(openEnd + 1)
                .replace("id=\"clip", "id=\"" + slug + "-clip")
                .replace("url(#clip", "url(#" + slug + "-clip");
        roundDecimals(body, sb);
        int end = sb.lastIndexOf("</svg>");
        sb.setLength(end + "</svg>".length());
        return sb.toString();
    }

    /** Copies {@code s}, keeping at most two digits after each decimal point and dropping indentation. */
    static void roundDecimals(String s, StringBuilder out) {
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            out.append(c);
            i++;
            if (c == '\n') {
                while (i < n && s.charAt(i) == ' ') {
                    i++;
                }
            } else if (c == '.' && i >= 2 && Character.isDigit(s.charAt(i - 2)) && i < n && Character.isDigit(s.charAt(i))) {
                int kept = 0;
                while (i < n && Character.isDigit(s.charAt(i))) {
                    if (kept < 2) {
                        out.append(s.charAt(i));
                        kept++;
                    }
                    i++;
                }
            }
        }
    }
}
