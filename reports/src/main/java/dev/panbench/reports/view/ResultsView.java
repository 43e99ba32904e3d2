package dev.panbench.reports.view;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFacts;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.Units;
import dev.panbench.harness.spi.Role;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A results file as every format reads it, its facts worked out once: each result's marks (role, degraded,
 * unsteady, timer, peak memory) and times in nanoseconds ({@link Row}), the groups the tables follow, the machine's
 * ceilings ({@link MachinePeaks}) and the speed-ups against {@code --reference} ({@link Speedups}). One view is
 * made per rendering and handed to every format asked for, so no format reads marks from the raw maps or converts
 * unit strings itself.
 */
public final class ResultsView {

    /**
     * One result and its facts.
     *
     * @param role            what it stands for ({@link Roles#of}: declared, or inferred for older files); null for an
     *                        adapter's own row
     * @param degraded        why its peer ran below what the machine allows, or null
     * @param unsteady        why its iterations were not steady, or null
     * @param timer           who timed it ({@code jmh}, a driver), or null
     * @param peakMemoryBytes the measuring process's peak resident memory as recorded, or null
     * @param medianNanos     the median as nanoseconds per operation; NaN when not measured or not a time
     * @param secondsPerUnit  seconds in one of its unit ({@code 1e-6} for {@code us/op}, {@code 1} for {@code ops/s});
     *                        NaN for a unit that is no time and no rate
     */
    public record Row(BenchResult result, Role role, String degraded, String unsteady, String timer,
                      Long peakMemoryBytes, double medianNanos, double secondsPerUnit) {

        public static Row of(BenchResult r) {
            ResultFacts facts = r.facts();
            return new Row(r, Roles.of(r), facts.degraded(), facts.unsteady(), facts.timer(), facts.peakMemoryBytes(),
                    Grouping.medianNanos(r), Units.secondsPerOp(1, r.unit()));
        }

        /** The peak memory in bytes where a reading was taken; null when none (or a negative placeholder). */
        public Double peakMemory() {
            return peakMemoryBytes == null || peakMemoryBytes < 0 ? null : peakMemoryBytes.doubleValue();
        }

        /** True when its unit is a rate (operations per time), where higher is better. */
        public boolean higherIsBetter() {
            return Units.higherIsBetter(result.unit());
        }

        /** A score in the result's unit as nanoseconds per operation; NaN for a non-time unit. */
        public double nanos(double score) {
            return Grouping.nanos(score, result.unit());
        }

        /** True when it measured a time (its median is a time per operation). */
        public boolean timed() {
            return !Double.isNaN(medianNanos);
        }

        /** True when it carries a caveat a reader must see beside its figure: degraded or unsteady. */
        public boolean marked() {
            return degraded != null || unsteady != null;
        }

        /** {@code " DEGRADED"}, {@code " UNSTEADY"}, both or nothing: the words a table adds after its name. */
        public String markWords(String degradedWord, String unsteadyWord) {
            return (degraded == null ? "" : degradedWord) + (unsteady == null ? "" : unsteadyWord);
        }

        /** The {@code bandwidth} or {@code flops} ceiling it measures, or null. */
        public String ceiling() {
            return role == null ? null : role.ceiling();
        }

        /** The framework whose own runtime timed it, or null when JMH timed it. */
        public String framework() {
            return role == null ? null : role.framework();
        }
    }

    private final ResultFile file;
    private final ReportOptions options;
    private final List<Row> rows;
    private final Map<BenchResult, Row> byResult = new IdentityHashMap<>();
    private final MachinePeaks peaks;
    private final Speedups speedups;
    private List<Grouping.Group> groups;
    private final Map<Class<?>, Object> derived = new HashMap<>();

    private ResultsView(ResultFile file, ReportOptions options) {
        this.file = file;
        this.options = options;
        List<Row> rs = new ArrayList<>(file.results().size());
        for (BenchResult r : file.results()) {
            Row row = Row.of(r);
            rs.add(row);
            byResult.put(r, row);
        }
        this.rows = List.copyOf(rs);
        this.peaks = new MachinePeaks(file);
        this.speedups = new Speedups(file.results(), options.reference());
    }

    public static ResultsView of(ResultFile file, ReportOptions options) {
        return new ResultsView(file, options == null ? ReportOptions.DEFAULT : options);
    }

    public ResultFile file() {
        return file;
    }

    public ReportOptions options() {
        return options;
    }

    /** The results in file order. */
    public List<BenchResult> results() {
        return file.results();
    }

    /** Every result's facts, in file order. */
    public List<Row> rows() {
        return rows;
    }

    /** The facts of one result of this file (worked out afresh for a result from elsewhere). */
    public Row row(BenchResult r) {
        Row row = byResult.get(r);
        return row != null ? row : Row.of(r);
    }

    /** The results by adapter, then workload group ({@link Grouping#byAdapterAndGroup}). */
    public List<Grouping.Group> groups() {
        if (groups == null) {
            groups = Grouping.byAdapterAndGroup(file.results());
        }
        return groups;
    }

    /** The machine's measured ceilings. */
    public MachinePeaks peaks() {
        return peaks;
    }

    /** The speed-ups against {@code options().reference()}. */
    public Speedups speedups() {
        return speedups;
    }

    /**
     * A table several formats draw from this view (the cross-backend tables of Markdown, HTML and JSON), made on
     * first use and shared after; {@code type} names it.
     */
    public <T> T derived(Class<T> type, Function<ResultsView, T> make) {
        Object made = derived.get(type);
        if (made == null) {
            made = make.apply(this);
            derived.put(type, made);
        }
        return type.cast(made);
    }
}
