package dev.panbench.reports.format;

import dev.panbench.harness.BadInputException;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The registry of report formats: every {@link ReportFormat} the class path declares in
 * {@code META-INF/services/dev.panbench.reports.format.ReportFormat}, in the order that file lists them (the order
 * {@code --help}, error messages and {@code --format all} use). The formats depend on this package, never the
 * other way round.
 */
public final class Formats {

    private static final Map<String, ReportFormat> FORMATS = new LinkedHashMap<>();

    static {
        for (ReportFormat f : ServiceLoader.load(ReportFormat.class, Formats.class.getClassLoader())) {
            if (FORMATS.putIfAbsent(f.name(), f) != null) {
                throw new IllegalStateException("two report formats are named " + f.name());
            }
        }
    }

    private Formats() {
    }

    /** The names {@code --format} accepts, in the order help text lists them. */
    public static List<String> names() {
        return List.copyOf(FORMATS.keySet());
    }

    /** The names of the formats that render a results file ({@code run}, {@code report}). */
    public static List<String> resultsNames() {
        return FORMATS.values().stream().filter(f -> f instanceof ResultsFormat).map(ReportFormat::name).toList();
    }

    /** The names of the formats that render a comparison ({@code compare}). */
    public static List<String> comparisonNames() {
        return FORMATS.values().stream().filter(f -> f instanceof ComparisonFormat).map(ReportFormat::name).toList();
    }

    /** The names of the formats that render a baseline's history ({@code history}). */
    public static List<String> historyNames() {
        return FORMATS.values().stream().filter(f -> f instanceof HistoryFormat).map(ReportFormat::name).toList();
    }

    /** The format named {@code name}; an unknown name is a programming error here ({@link #parse} checks users'). */
    public static ReportFormat get(String name) {
        ReportFormat f = FORMATS.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no report format named " + name);
        }
        return f;
    }

    /**
     * Parses {@code md,html,...} (a list may also be given as several values); {@code all} selects every format,
     * {@code markdown} is {@code md}. An unknown name is bad input naming {@code option}.
     */
    public static List<ReportFormat> parse(List<String> values, String option) {
        List<ReportFormat> out = new ArrayList<>();
        if (values == null) {
            return out;
        }
        for (String v : values) {
            for (String raw : v.split(",")) {
                String name = raw.trim().toLowerCase(Locale.ROOT);
                if (name.isEmpty()) {
                    continue;
                }
                if (name.equals("all")) {
                    FORMATS.values().stream().filter(f -> !out.contains(f)).forEach(out::add);
                    continue;
                }
                if (name.equals("markdown")) {
                    name = "md";
                }
                ReportFormat f = FORMATS.get(name);
                if (f == null) {
                    throw new BadInputException(option + ": unknown format '" + raw.trim() + "' (known: "
                            + String.join(", ", FORMATS.keySet()) + ", all)");
                }
                if (!out.contains(f)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** {@link #resultsNames()} as picocli's completion candidates: {@code ${COMPLETION-CANDIDATES}} in help text. */
    public static final class ResultsNames implements Iterable<String> {

        @Override
        public Iterator<String> iterator() {
            return resultsNames().iterator();
        }
    }

    /** {@link #comparisonNames()} as picocli's completion candidates. */
    public static final class ComparisonNames implements Iterable<String> {

        @Override
        public Iterator<String> iterator() {
            return comparisonNames().iterator();
        }
    }
}
