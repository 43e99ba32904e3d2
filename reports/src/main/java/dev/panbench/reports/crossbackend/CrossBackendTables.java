package dev.panbench.reports.crossbackend;

import dev.panbench.harness.catalog.SeedFigures;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.spi.Role;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.MachinePeaks;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.view.ResultsView;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The cross-backend view of a run, in two kinds of table, each cell a median time with its speed-up against the
 * row's reference, its share of the measured peak of its own device ({@link MachinePeaks}) and its peak memory
 * where the result carries one:
 * <ul>
 *   <li>the <b>catalog table</b>: one row per catalog workload and shape ({@link Role#rowKey()}), across adapters,
 *       one column per backend ({@link Role#backend()}; a backend run at several values of its own parameters, such
 *       as {@code threads}, has a column per value and the label says which: {@code simd threads=4});</li>
 *   <li>per adapter, its rows that are not catalog workloads but hold a framework row (a role with a
 *       {@code framework}: FFI call overhead from Java and from Python's {@code tvm_ffi}), one column per impl.</li>
 * </ul>
 * The reference of a row is the report's {@code --reference} (an impl or a backend) where the row has it; else, in
 * the catalog table, {@code simd} where it measured, else {@code numpy}; in an adapter's table its first framework
 * row that measured. A degraded or unsteady cell says so, and so does every speed-up against it. A cell whose backend
 * says how it built the computation ({@link Role#schedule()}: a TVM module's {@code tuned 64 trials} or
 * {@code dlight}) shows it in brackets, and one that runs a generic schedule where a tuning for this machine would
 * give it its own ({@link Role#untuned()}) is marked UNTUNED, with the reason in a note above the tables.
 * <p>
 * Each row names its winner: the fastest median among its cells that ran {@code ok} and at full speed (not
 * degraded), where at least two such cells are there to compare; a degraded cell is shown but never wins, an
 * unsteady one can (its mark stays). A table whose rows all have one reference says it once
 * ({@link Section#sharedReference()}) instead of in a column.
 */
public final class CrossBackendTables {

    /** The backends a catalog row is compared against when {@code --reference} names none it has, in order. */
    public static final List<String> DEFAULT_REFERENCES = List.of("simd", "numpy");

    /**
     * One backend's figure in a row; {@code nanos} is NaN when it did not measure ({@code status} says why);
     * {@code schedule} and {@code untuned} as its role declares them ({@link Role#schedule()}, {@link Role#untuned()}).
     */
    public record Cell(String column, String backend, String id, String status, double nanos, Double speedup,
                       boolean againstDegraded, MachinePeaks.Share share, String degraded, String timer,
                       Double peakMemoryBytes, String unsteady, boolean againstUnsteady, String schedule,
                       String untuned, String error) {

        public boolean measured() {
            return !Double.isNaN(nanos);
        }

        /** Whether this cell may be its row's winner: it measured, ran ok and was not held below its CPU's best. */
        public boolean canWin() {
            return measured() && BenchResult.Status.ok.name().equals(status) && degraded == null;
        }
    }

    /**
     * One workload and size. {@code adapter} is null in the catalog table; {@code shape} holds the catalog shape
     * (or the parameters other than {@code impl}); {@code seeds} are published figures for the same operation;
     * {@code winner} is the column of the row's fastest cell that {@link Cell#canWin() can win}, null where fewer
     * than two can.
     */
    public record Row(String adapter, String workload, String params, Map<String, String> shape, String reference,
                      Map<String, Cell> cells, List<SeedFigures.Figure> seeds, String winner) {

        Row(String adapter, String workload, String params, Map<String, String> shape, String reference,
            Map<String, Cell> cells, List<SeedFigures.Figure> seeds) {
            this(adapter, workload, params, shape, reference, cells, seeds, winnerOf(cells));
        }
    }

    /** One table: the catalog table ({@code adapter} null) or one adapter's, with its columns in first-seen order. */
    public record Section(String adapter, List<String> columns, List<Row> rows, String family) {

        public Section(String adapter, List<String> columns, List<Row> rows) {
            this(adapter, columns, rows, null);
        }

        public boolean catalog() {
            return adapter == null;
        }

        /** The table's heading; a part of the catalog table ({@link #split}) names its family. */
        public String title() {
            return !catalog() ? adapter : family == null ? "Catalog workloads, every backend"
                    : "Catalog workloads, every backend: " + family;
        }

        /** Whether any row quotes a published figure. */
        public boolean anySeeds() {
            return rows.stream().anyMatch(r -> !r.seeds().isEmpty());
        }

        /**
         * The reference every row of the table is measured against, when it is one column for all rows that have a
         * reference (a row with none measured nothing to compare); null when rows differ or none has one.
         */
        public String sharedReference() {
            Set<String> refs = new LinkedHashSet<>();
            rows.forEach(r -> {
                if (r.reference() != null) {
                    refs.add(r.reference());
                }
            });
            return refs.size() == 1 ? refs.iterator().next() : null;
        }

        /** Whether any cell ran below what its CPU allows. */
        public boolean anyDegraded() {
            return rows.stream().flatMap(r -> r.cells().values().stream()).anyMatch(c -> c.degraded() != null);
        }

        /** Whether any row has a winner to mark. */
        public boolean anyWinner() {
            return rows.stream().anyMatch(r -> r.winner() != null);
        }

        /** The columns with a figure in at least one row, in order: a backend that ran nowhere here has none. */
        public List<String> measuredColumns() {
            return columns.stream().filter(c -> rows.stream().anyMatch(r -> r.cells().get(c) != null
                    && r.cells().get(c).measured())).toList();
        }

        /**
         * The columns without a figure in any row, each with why: the reason its first cell gives (the skip's reason,
         * a failure's message), else its status.
         */
        public Map<String, String> unmeasuredColumns() {
            Map<String, String> out = new LinkedHashMap<>();
            List<String> measured = measuredColumns();
            for (String c : columns) {
                if (!measured.contains(c)) {
                    Cell first = rows.stream().map(r -> r.cells().get(c)).filter(java.util.Objects::nonNull)
                            .findFirst().orElse(null);
                    out.put(c, first == null ? "no result" : first.error() != null && !first.error().isBlank()
                            ? first.status() + ": " + first.error() : first.status());
                }
            }
            return out;
        }

        /**
         * This table as one or more tables of at most {@code maxColumns} measured columns each, where it can: a catalog
         * table wider than that splits by workload family (the name's first part: {@code gemm}, {@code model}, ...),
         * each part keeping the columns measured in its rows; an adapter's table, or a family wider on its own, stays
         * whole. Columns that measured nowhere are left out ({@link #unmeasuredColumns()} says why), and so are rows.
         */
        public List<Section> split(int maxColumns) {
            List<String> measured = measuredColumns();
            // a row where nothing measured (a shape only the absent backends run) says nothing the note does not
            List<Row> kept = rows.stream().filter(r -> r.cells().values().stream().anyMatch(Cell::measured)).toList();
            if (!catalog() || measured.size() <= maxColumns) {
                return List.of(new Section(adapter, measured, kept, family));
            }
            Map<String, List<Row>> byFamily = new LinkedHashMap<>();
            kept.forEach(r -> byFamily.computeIfAbsent(familyOf(r.workload()), k -> new ArrayList<>()).add(r));
            List<Section> out = new ArrayList<>();
            byFamily.forEach((f, rs) -> {
                Section part = new Section(null, columns, List.copyOf(rs), f);
                out.add(new Section(null, part.measuredColumns(), part.rows(), f));
            });
            return out;
        }

        /** Whether any cell reports its peak memory. */
        public boolean anyMemory() {
            return rows.stream().flatMap(r -> r.cells().values().stream()).anyMatch(c -> c.peakMemoryBytes() != null);
        }
    }

    /** What the tables show and how each row's reference is chosen, as the Markdown and HTML reports say it. */
    public static final String EXPLANATION = "Median time per operation; in parentheses the speed-up against the row's "
            + "reference (its time / this time), the share of the measured peak of the backend's own device (a CPU "
            + "backend against the CPU's ceilings, a GPU backend against its adapter's) and the peak memory where the "
            + "result records it. The reference is the --reference impl or backend where the row has it; else, for "
            + "catalog workloads, simd where it measured, else numpy; for an adapter's own rows, its framework row. "
            + "Framework rows (numpy, python, torch) are timed by panbench's Python driver, the others by JMH.";

    /** What the brackets of a cell that states its schedule say, added to the explanation where a cell does. */
    public static final String SCHEDULES = "In square brackets, how a compiling backend built the computation (a TVM "
            + "module's schedule); UNTUNED marks one that runs a generic schedule where a tuning for this machine "
            + "would give it its own.";

    /** What the note above the tables says of its UNTUNED cells, as the Markdown and HTML reports say it. */
    public static final String UNTUNED = "these run a generic schedule, not one tuned for this machine: their times "
            + "say what the backend does out of the box, not at its best";

    /** What the marked cell of a row is, as the Markdown and HTML tables' captions say it. */
    public static final String WINNER = "the row's fastest median among the backends that ran ok at full speed, "
            + "where at least two did; a DEGRADED cell is shown but never wins its row, an UNSTEADY one can and "
            + "keeps its mark";

    private final List<Section> sections;
    private final String reference;

    private CrossBackendTables(List<Section> sections, String reference) {
        this.sections = sections;
        this.reference = reference;
    }

    /**
     * The tables of a results file, against the view's {@code --reference} (null: each row's default); made once per
     * view, whichever formats ask.
     */
    public static CrossBackendTables of(ResultsView view) {
        return view.derived(CrossBackendTables.class, CrossBackendTables::make);
    }

    private static CrossBackendTables make(ResultsView view) {
        String reference = view.options().reference();
        List<Section> sections = new ArrayList<>();
        catalogSection(view, reference).ifPresent(sections::add);
        sections.addAll(adapterSections(view, reference));
        return new CrossBackendTables(List.copyOf(sections), reference);
    }

    /** The catalog table, when the run's catalog rows have at least two columns between them. */
    private static Optional<Section> catalogSection(ResultsView view, String reference) {
        Map<String, List<BenchResult>> byRow = new LinkedHashMap<>();
        Map<BenchResult, Role> roles = new IdentityHashMap<>();
        List<BenchResult> inCatalog = new ArrayList<>();
        for (BenchResult r : view.results()) {
            Role role = view.row(r).role();
            if (role != null && role.catalog() != null) {
                roles.put(r, role);
                inCatalog.add(r);
                byRow.computeIfAbsent(role.rowKey(), k -> new ArrayList<>()).add(r);
            }
        }
        Function<BenchResult, String> column = CatalogColumns.of(inCatalog, roles);
        // columns in the order backends first appear, a backend's columns side by side
        Map<String, Set<String>> byBackend = new LinkedHashMap<>();
        inCatalog.forEach(r -> byBackend.computeIfAbsent(roles.get(r).backend(), b -> new LinkedHashSet<>())
                .add(column.apply(r)));
        Set<String> columns = new LinkedHashSet<>();
        byBackend.values().forEach(columns::addAll);
        if (columns.size() < 2) {
            return Optional.empty();
        }
        List<Row> rows = new ArrayList<>();
        for (List<BenchResult> group : byRow.values()) {
            Role first = roles.get(group.getFirst());
            Map<String, BenchResult> byColumn = byColumn(group, column);
            String ref = referenceOf(byColumn, reference, r -> roles.get(r).backend(), DEFAULT_REFERENCES);
            rows.add(new Row(null, first.catalog(), text(first.shape()), first.shape(), ref,
                    cells(byColumn, ref, r -> roles.get(r).backend(), view), List.of()));
        }
        return Optional.of(new Section(null, List.copyOf(columns), List.copyOf(rows)));
    }

    /** Per adapter, its non-catalog rows (one per workload and parameters other than impl) that hold a framework. */
    private static List<Section> adapterSections(ResultsView view, String reference) {
        Map<String, List<BenchResult>> byKey = new LinkedHashMap<>();
        for (BenchResult r : view.results()) {
            Role role = view.row(r).role();
            if (r.params().containsKey(Grouping.IMPL) && (role == null || role.catalog() == null)) {
                byKey.computeIfAbsent(r.adapter() + " " + Grouping.label(r, Grouping.IMPL),
                        k -> new ArrayList<>()).add(r);
            }
        }
        Map<String, Set<String>> impls = new LinkedHashMap<>();
        Map<String, List<Row>> rows = new LinkedHashMap<>();
        Function<BenchResult, String> impl = r -> r.params().get(Grouping.IMPL);
        Function<BenchResult, String> backend = r -> Optional.ofNullable(view.row(r).role()).map(Role::backend)
                .orElse(impl.apply(r));
        for (List<BenchResult> group : byKey.values()) {
            List<String> frameworks = group.stream().filter(r -> view.row(r).framework() != null).map(impl).toList();
            if (frameworks.isEmpty()) {
                continue;
            }
            BenchResult first = group.getFirst();
            Map<String, BenchResult> byImpl = byColumn(group, impl);
            String ref = referenceOf(byImpl, reference, backend, frameworks);
            impls.computeIfAbsent(first.adapter(), k -> new LinkedHashSet<>()).addAll(byImpl.keySet());
            Map<String, String> shape = new LinkedHashMap<>(first.params());
            shape.remove(Grouping.IMPL);
            rows.computeIfAbsent(first.adapter(), k -> new ArrayList<>()).add(new Row(first.adapter(),
                    first.workload(), Grouping.paramText(first, Grouping.IMPL), shape, ref,
                    cells(byImpl, ref, backend, view), seeds(group, view)));
        }
        List<Section> sections = new ArrayList<>();
        rows.forEach((adapter, rs) -> sections.add(new Section(adapter, List.copyOf(impls.get(adapter)),
                List.copyOf(rs))));
        return sections;
    }

    /** The results of one row by column; where two share a column, the first that measured. */
    private static Map<String, BenchResult> byColumn(List<BenchResult> group, Function<BenchResult, String> column) {
        Map<String, BenchResult> out = new LinkedHashMap<>();
        for (BenchResult r : group) {
            out.merge(column.apply(r), r, (a, b) -> a.ok() || !b.ok() ? a : b);
        }
        return out;
    }

    /**
     * The row's reference column: the {@code --reference} impl or backend where the row has it (measured or not: the
     * user asked for it), else the first of {@code defaults} (backends or impls) whose cell measured; null for none.
     */
    static String referenceOf(Map<String, BenchResult> byColumn, String reference,
                              Function<BenchResult, String> backend, List<String> defaults) {
        if (reference != null) {
            for (var e : byColumn.entrySet()) {
                if (e.getKey().equals(reference) || reference.equals(backend.apply(e.getValue()))) {
                    return e.getKey();
                }
            }
        }
        for (String d : defaults) {
            for (var e : byColumn.entrySet()) {
                if ((e.getKey().equals(d) || d.equals(backend.apply(e.getValue()))) && measured(e.getValue())) {
                    return e.getKey();
                }
            }
        }
        return null;
    }

    /** The published figures a row stands beside: the first its results' roles name ({@link SeedFigures}). */
    private static List<SeedFigures.Figure> seeds(List<BenchResult> row, ResultsView view) {
        for (BenchResult r : row) {
            Role role = view.row(r).role();
            if (role != null && role.seed() != null) {
                return SeedFigures.find(role.seed()).map(List::of).orElse(List.of());
            }
        }
        return List.of();
    }

    /** The column of the fastest cell that can win, where at least two can; null otherwise. */
    static String winnerOf(Map<String, Cell> cells) {
        List<Cell> contenders = cells.values().stream().filter(Cell::canWin).toList();
        if (contenders.size() < 2) {
            return null;
        }
        Cell best = contenders.getFirst();
        for (Cell c : contenders) {
            best = c.nanos() < best.nanos() ? c : best;
        }
        return best.column();
    }

    /** A workload's family: the first part of its name ({@code model} of {@code model/bert-layer}). */
    static String familyOf(String workload) {
        int slash = workload.indexOf('/');
        return slash < 0 ? workload : workload.substring(0, slash);
    }

    private static boolean measured(BenchResult r) {
        return Grouping.medianNanos(r) > 0;
    }

    private static Map<String, Cell> cells(Map<String, BenchResult> byColumn, String ref,
                                           Function<BenchResult, String> backend, ResultsView view) {
        ResultsView.Row refRow = ref == null || byColumn.get(ref) == null ? null : view.row(byColumn.get(ref));
        double refNanos = refRow == null ? Double.NaN : refRow.medianNanos();
        boolean refDegraded = refRow != null && refRow.degraded() != null;
        boolean refUnsteady = refRow != null && refRow.unsteady() != null;
        Map<String, Cell> cells = new LinkedHashMap<>();
        for (Map.Entry<String, BenchResult> e : byColumn.entrySet()) {
            BenchResult r = e.getValue();
            ResultsView.Row row = view.row(r);
            double ns = row.medianNanos();
            Double speedup = ns > 0 && refNanos > 0 ? refNanos / ns : null;
            boolean degraded = row.degraded() != null;
            Role role = row.role();
            cells.put(e.getKey(), new Cell(e.getKey(), backend.apply(r), r.id().toString(), r.status().name(),
                    ns > 0 ? ns : Double.NaN, speedup,
                    speedup != null && (refDegraded || degraded) && !e.getKey().equals(ref),
                    view.peaks().shareOf(r).orElse(null), row.degraded(), row.timer(),
                    row.peakMemory(), row.unsteady(),
                    speedup != null && (refUnsteady || row.unsteady() != null) && !e.getKey().equals(ref),
                    role == null ? null : role.schedule(), role == null ? null : role.untuned(), r.error()));
        }
        return cells;
    }

    private static String text(Map<String, String> shape) {
        return String.join(", ", shape.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }

    public boolean isEmpty() {
        return sections.isEmpty();
    }

    /** The catalog table first (when there is one), then one table per adapter. */
    public List<Section> sections() {
        return sections;
    }

    /** The {@code --reference} the tables were made with, or null. */
    public String reference() {
        return reference;
    }

    /** Every degraded cell as {@code workload [params] impl=X: reason}, for the notice above the tables. */
    public List<String> degradedNotes() {
        List<String> out = new ArrayList<>();
        for (Section s : sections) {
            for (Row r : s.rows()) {
                for (Cell c : r.cells().values()) {
                    if (c.degraded() != null) {
                        out.add(r.workload() + (r.params().isEmpty() ? "" : " [" + r.params() + "]")
                                + (s.catalog() ? " " : " impl=") + c.column() + ": " + c.degraded());
                    }
                }
            }
        }
        return out;
    }

    /** {@link #EXPLANATION}, and {@link #SCHEDULES} where a cell states its schedule. */
    public String explanation() {
        boolean schedules = sections.stream().flatMap(s -> s.rows().stream())
                .flatMap(r -> r.cells().values().stream()).anyMatch(c -> c.schedule() != null);
        return schedules ? EXPLANATION + " " + SCHEDULES : EXPLANATION;
    }

    /** Every untuned cell as {@code workload [params] column: reason}, for the note above the tables. */
    public List<String> untunedNotes() {
        List<String> out = new ArrayList<>();
        for (Section s : sections) {
            for (Row r : s.rows()) {
                for (Cell c : r.cells().values()) {
                    if (c.untuned() != null) {
                        out.add(r.workload() + (r.params().isEmpty() ? "" : " [" + r.params() + "]")
                                + (s.catalog() ? " " : " impl=") + c.column() + ": " + c.untuned());
                    }
                }
            }
        }
        return out;
    }

    /** A cell as text: time, speed-up, share and peak memory, with the marks and the schedule. */
    public static String text(Cell c, String reference) {
        if (c == null) {
            return "";
        }
        if (!c.measured()) {
            return c.status() + schedule(c);
        }
        String notes = notes(c, reference);
        return Numbers.time(c.nanos()) + (notes.isEmpty() ? "" : " (" + notes + ")") + marks(c) + schedule(c);
    }

    /** {@code " DEGRADED"}, {@code " UNSTEADY"}, {@code " UNTUNED"}, those that apply, or nothing. */
    public static String marks(Cell c) {
        return (c.degraded() != null ? " DEGRADED" : "") + (c.unsteady() != null ? " UNSTEADY" : "")
                + (c.untuned() != null ? " UNTUNED" : "");
    }

    /** {@code " [tuned 64 trials]"}: how the cell's backend built the computation, where it says; else nothing. */
    public static String schedule(Cell c) {
        return c.schedule() == null ? "" : " [" + c.schedule() + "]";
    }

    /** What a measured cell says beside its time: speed-up, share of peak and peak memory; empty when nothing. */
    public static String notes(Cell c, String reference) {
        List<String> notes = new ArrayList<>();
        if (c.speedup() != null && !c.column().equals(reference)) {
            notes.add(Numbers.factor(c.speedup()) + (c.againstDegraded() ? " vs DEGRADED" : "")
                    + (c.againstUnsteady() ? " vs UNSTEADY" : ""));
        }
        Optional.ofNullable(c.share()).ifPresent(s -> notes.add(s.text()));
        Optional.ofNullable(c.peakMemoryBytes()).ifPresent(m -> notes.add(Numbers.bytes(m) + " peak"));
        return String.join(", ", notes);
    }
}
