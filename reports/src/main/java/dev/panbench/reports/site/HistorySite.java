package dev.panbench.reports.site;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.history.Trend;
import dev.panbench.harness.history.Trends;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.model.BenchResult;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code panbench history NAME --site DIR}: a static site of a baseline's whole history that opens from the disk and
 * from any static host (GitHub Pages): {@code index.html} ({@link SiteIndex}), a page per result and machine under
 * {@code r/} ({@link ResultPage}) and a page per catalog row and machine under {@code row/} with every backend's line
 * ({@link RowPage}). Every page is one file with its charts as inline SVG, its style and script inlined, and a policy
 * that refuses every request. The files are written all or nothing.
 */
public final class HistorySite {

    /** How many of the newest runs "changed recently" looks at, and the default run change is measured from. */
    public static final int DEFAULT_RECENT_RUNS = 20;

    /**
     * @param commitUrl  a URL with {@code {commit}}, each run's link; null for none
     * @param recentRuns how many of the newest runs "changed recently" covers
     */
    public record Options(String commitUrl, int recentRuns) {
    }

    /** What was written: the files (relative paths) and how many result and row pages. */
    public record Written(int files, int results, int rows, long bytes) {
    }

    private HistorySite() {
    }

    /** Every file of the site, by its path relative to the site's root. */
    public static Map<String, byte[]> render(BaselineHistory h, Options o) {
        List<Trend> trends = Trends.of(h);
        Map<String, BenchResult> latest = new HashMap<>();
        for (BaselineHistory.Run run : h.runs()) {
            String machine = run.fingerprint().key();
            for (BenchResult r : run.results().results()) {
                latest.put(r.id() + "\n" + machine, r);
            }
        }
        List<SiteEntry> entries = new ArrayList<>(trends.size());
        for (Trend t : trends) {
            entries.add(SiteEntry.of(t, latest.get(t.id() + "\n" + t.machine().key())));
        }
        Map<String, Integer> backends = new HashMap<>();
        entries.forEach(e -> backends.merge(e.rowKey() + "\n" + e.trend().machine().key(), 1, Integer::sum));
        entries.replaceAll(e -> e.rowKey() != null && backends.get(e.rowKey() + "\n" + e.trend().machine().key()) < 2
                ? e.withoutRow() : e);
        boolean severalMachines = trends.stream().map(Trend::machine).distinct().count() > 1;
        SitePage page = new SitePage(h, o.commitUrl());
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(SitePaths.INDEX, bytes(SiteIndex.render(page, entries, o.recentRuns(), severalMachines)));
        // the pages are independent of each other: rendered in parallel, kept in order
        entries.parallelStream().map(e -> Map.entry(e.page(), bytes(ResultPage.render(page, e, severalMachines))))
                .toList().forEach(f -> files.put(f.getKey(), f.getValue()));
        Map<String, List<SiteEntry>> rows = new LinkedHashMap<>();
        for (SiteEntry e : entries) {
            if (e.rowKey() != null) {
                rows.computeIfAbsent(SitePaths.row(e.rowKey(), e.trend().machine().key()), k -> new ArrayList<>()).add(e);
            }
        }
        rows.entrySet().parallelStream().map(r -> Map.entry(r.getKey(), bytes(RowPage.render(page,
                        r.getValue().getFirst().rowKey(), r.getValue().stream().sorted(java.util.Comparator
                                .comparing(SiteEntry::backend).thenComparing(SiteEntry::label)).toList()))))
                .toList().forEach(f -> files.put(f.getKey(), f.getValue()));
        return files;
    }

    /** Renders the site and writes it under {@code dir}, all files or none. */
    public static Written write(Path dir, BaselineHistory h, Options o) {
        Map<String, byte[]> files = render(h, o);
        Map<Path, byte[]> out = new LinkedHashMap<>();
        long bytes = 0;
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            out.put(dir.resolve(f.getKey()), f.getValue());
            bytes += f.getValue().length;
        }
        AtomicFiles.writeAll(out);
        int results = (int) files.keySet().stream().filter(k -> k.startsWith("r/")).count();
        int rows = (int) files.keySet().stream().filter(k -> k.startsWith("row/")).count();
        return new Written(files.size(), results, rows, bytes);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
