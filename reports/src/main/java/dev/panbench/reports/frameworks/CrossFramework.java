package dev.panbench.reports.frameworks;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.reports.Grouping;
import dev.panbench.reports.MachinePeaks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The cross-framework view of a run: one row per adapter, workload and parameters other than {@code impl}, one
 * column per impl (Java, SIMD, C floor, OpenBLAS, numpy, Python, PyTorch), each cell its median time, its speed-up
 * against the row's reference and its share of the machine's measured peak. Only rows that hold a framework impl
 * appear. The reference is the report's {@code --reference} impl where the row has it, else the row's framework
 * ({@code numpy}, {@code python}, {@code torch}). A degraded cell says so, and so does every speed-up against it.
 */
public final class CrossFramework {

    /** Impls timed in another framework's runtime. */
    public static final Set<String> FRAMEWORKS = Set.of("numpy", "python", "torch");

    /** One impl's figure in a row; {@code nanos} is NaN when it did not measure ({@code status} says why). */
    public record Cell(String impl, String status, double nanos, Double speedup, boolean againstDegraded,
                       MachinePeaks.Share share, String degraded, String timer) {

        public boolean measured() {
            return !Double.isNaN(nanos);
        }
    }

    /** One workload and size; {@code seeds} are published figures for the same operation. */
    public record Row(String adapter, String workload, String params, String reference, Map<String, Cell> cells,
                      List<SeedFigures.Figure> seeds) {
    }

    /** One adapter's rows, with the impls they hold as columns, in the order they first appear. */
    public record Section(String adapter, List<String> impls, List<Row> rows) {

        /** Whether any row quotes a published figure. */
        public boolean anySeeds() {
            return rows.stream().anyMatch(r -> !r.seeds().isEmpty());
        }
    }

    private final List<Section> sections;

    private CrossFramework(List<Section> sections) {
        this.sections = sections;
    }

    public static CrossFramework of(List<BenchResult> results, String reference) {
        MachinePeaks peaks = new MachinePeaks(results);
        Map<String, List<BenchResult>> byKey = new LinkedHashMap<>();
        for (BenchResult r : results) {
            if (r.params().containsKey(Grouping.IMPL)) {
                byKey.computeIfAbsent(r.adapter() + " " + Grouping.label(r, Grouping.IMPL),
                        k -> new ArrayList<>()).add(r);
            }
        }
        Map<String, Set<String>> impls = new LinkedHashMap<>();
        Map<String, List<Row>> rows = new LinkedHashMap<>();
        for (List<BenchResult> group : byKey.values()) {
            if (group.stream().noneMatch(r -> FRAMEWORKS.contains(r.params().get(Grouping.IMPL)))) {
                continue;
            }
            BenchResult first = group.getFirst();
            Map<String, BenchResult> byImpl = new LinkedHashMap<>();
            group.forEach(r -> byImpl.put(r.params().get(Grouping.IMPL), r));
            String ref = referenceOf(byImpl, reference);
            BenchResult refResult = ref == null ? null : byImpl.get(ref);
            double refNanos = refResult == null ? Double.NaN : Grouping.medianNanos(refResult);
            boolean refDegraded = refResult != null && ResultMarks.degraded(refResult) != null;
            Map<String, Cell> cells = new LinkedHashMap<>();
            for (Map.Entry<String, BenchResult> e : byImpl.entrySet()) {
                BenchResult r = e.getValue();
                double ns = Grouping.medianNanos(r);
                Double speedup = ns > 0 && refNanos > 0 ? refNanos / ns : null;
                boolean degraded = ResultMarks.degraded(r) != null;
                cells.put(e.getKey(), new Cell(e.getKey(), r.status().name(), ns > 0 ? ns : Double.NaN, speedup,
                        speedup != null && (refDegraded || degraded) && !e.getKey().equals(ref),
                        peaks.shareOf(r).orElse(null), ResultMarks.degraded(r), ResultMarks.timer(r)));
                impls.computeIfAbsent(first.adapter(), k -> new LinkedHashSet<>()).add(e.getKey());
            }
            String params = Grouping.paramText(first, Grouping.IMPL);
            rows.computeIfAbsent(first.adapter(), k -> new ArrayList<>()).add(new Row(first.adapter(), first.workload(), params, ref, cells,
                    SeedFigures.of(first.adapter(), first.workload(), first.params())));
        }
        List<Section> sections = new ArrayList<>();
        rows.forEach((adapter, rs) -> sections.add(new Section(adapter, List.copyOf(impls.get(adapter)),
                List.copyOf(rs))));
        return new CrossFramework(List.copyOf(sections));
    }

    private static String referenceOf(Map<String, BenchResult> byImpl, String reference) {
        if (reference != null && byImpl.containsKey(reference)) {
            return reference;
        }
        for (String f : List.of("numpy", "python", "torch")) {
            BenchResult r = byImpl.get(f);
            if (r != null && r.ok()) {
                return f;
            }
        }
        return null;
    }

    public boolean isEmpty() {
        return sections.isEmpty();
    }

    /** One table per adapter. */
    public List<Section> sections() {
        return sections;
    }

    /** Every degraded cell as {@code workload [params] impl: reason}, for the notice above the table. */
    public List<String> degradedNotes() {
        List<String> out = new ArrayList<>();
        for (Row r : sections.stream().flatMap(s -> s.rows().stream()).toList()) {
            for (Cell c : r.cells().values()) {
                if (c.degraded() != null) {
                    out.add(r.workload() + (r.params().isEmpty() ? "" : " [" + r.params() + "]") + " impl="
                            + c.impl() + ": " + c.degraded());
                }
            }
        }
        return out;
    }

    /** A cell as text: time, speed-up and share, with the degraded marks. */
    public static String text(Cell c, String reference) {
        if (c == null) {
            return "";
        }
        if (!c.measured()) {
            return c.status();
        }
        StringBuilder sb = new StringBuilder(dev.panbench.reports.Numbers.time(c.nanos()));
        List<String> notes = new ArrayList<>();
        if (c.speedup() != null && !c.impl().equals(reference)) {
            notes.add(dev.panbench.reports.Numbers.factor(c.speedup())
                    + (c.againstDegraded() ? " vs DEGRADED" : ""));
        }
        Optional.ofNullable(c.share()).ifPresent(s -> notes.add(s.text()));
        if (!notes.isEmpty()) {
            sb.append(" (").append(String.join(", ", notes)).append(')');
        }
        if (c.degraded() != null) {
            sb.append(" DEGRADED");
        }
        return sb.toString();
    }
}
