package dev.panbench.harness.model;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a result's samples measure, as JMH names its modes in a results file ({@code mode}): the time of one
 * operation ({@code avgt}, panbench's default and every importer's), sampled operation times ({@code sample}), or
 * operations per unit of time ({@code thrpt}, where higher is better).
 */
public enum Mode {
    AVERAGE_TIME("avgt"), SAMPLE_TIME("sample"), THROUGHPUT("thrpt");

    private final String label;

    Mode(String label) {
        this.label = label;
    }

    /** The name a results file and {@code --mode} use: {@code avgt}, {@code sample}, {@code thrpt}. */
    public String label() {
        return label;
    }

    /** The mode named {@code label}, or empty for a name no mode has. */
    public static Optional<Mode> of(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    /** {@code avgt, sample or thrpt}: the names there are, for a message refusing another. */
    public static String labels() {
        String all = String.join(", ", Arrays.stream(values()).map(Mode::label).toList());
        int last = all.lastIndexOf(", ");
        return all.substring(0, last) + " or " + all.substring(last + 2);
    }

    @Override
    public String toString() {
        return label;
    }
}
