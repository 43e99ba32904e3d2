package dev.panbench.reports.site;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.reports.html.Html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * What every page of a history site shares: the shell (its stylesheet and script inlined, and a content security
 * policy that forbids every request, so a page opened from the disk or any static host fetches nothing), a run's
 * description for tooltips, and links to commits.
 */
final class SitePage {

    private static final String CSS = resource("site.css");
    static final String JS = resource("site.js");

    private final BaselineHistory history;
    private final String commitUrl;

    SitePage(BaselineHistory history, String commitUrl) {
        this.history = history;
        this.commitUrl = commitUrl == null || commitUrl.isBlank() ? null : commitUrl;
    }

    BaselineHistory history() {
        return history;
    }

    /** The page's opening up to {@code <main>}; {@code root} is the way back to the site's root ({@code ""}, {@code ../}). */
    static StringBuilder open(String title, String root, boolean script, int capacity) {
        StringBuilder sb = new StringBuilder(capacity);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'").append(script ? "; script-src 'unsafe-inline'" : "").append("\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"panbench\">\n<title>").append(Html.escape(title))
                .append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n<main>\n");
        if (!root.isEmpty()) {
            sb.append("<p class=\"crumbs\"><a href=\"").append(root).append(SitePaths.INDEX).append("\">&larr; all results</a></p>\n");
        }
        return sb;
    }

    static String close(boolean script) {
        return "</main>\n" + (script ? "<script>\n" + JS + "</script>\n" : "") + "</body>\n</html>\n";
    }

    /** The commit's page, or null without a template or a commit. */
    String commitHref(String commit) {
        return commitUrl == null || commit == null ? null : commitUrl.replace("{commit}", commit);
    }

    /** A short commit, linked when a template is given. */
    String commitLink(String commit, Boolean dirty) {
        if (commit == null) {
            return "";
        }
        String shown = Html.escape(commit.length() > 10 ? commit.substring(0, 10) : commit)
                + (Boolean.TRUE.equals(dirty) ? " (dirty)" : "");
        String href = commitHref(commit);
        return href == null ? "<code title=\"" + Html.escape(commit) + "\">" + shown + "</code>"
                : "<a class=\"commit\" href=\"" + Html.escape(href) + "\"><code>" + shown + "</code></a>";
    }

    /** A run as its tooltip tells it: number, time, commit, the median with its interval, and the machine. */
    String describe(Trend t, Trend.Point p) {
        BaselineHistory.Run run = history.runs().get(p.run() - 1);
        EnvironmentInfo env = run.results().environment();
        StringBuilder sb = new StringBuilder(200);
        sb.append("run ").append(p.run());
        if (p.time() != null) {
            sb.append(", ").append(p.time());
        }
        if (p.commit() != null) {
            sb.append(", commit ").append(p.commit(), 0, Math.min(10, p.commit().length()))
                    .append(Boolean.TRUE.equals(p.dirty()) ? " (dirty)" : "");
        }
        sb.append("\nmedian ").append(SvgCharts.value(p.median(), t.unit()))
                .append(" (95%: ").append(SvgCharts.fmt(p.lower())).append(" to ").append(SvgCharts.fmt(p.upper()))
                .append("), n = ").append(p.n()).append('\n').append(EnvironmentInfo.summary(env));
        if (env != null && env.hostname() != null) {
            sb.append(", host ").append(env.hostname());
        }
        return sb.toString();
    }

    static String percent(double change) {
        return String.format(java.util.Locale.ROOT, "%+.1f%%", 100 * change);
    }

    private static String resource(String name) {
        try (InputStream in = SitePage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
