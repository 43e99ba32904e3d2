package dev.panbench.harness.spi;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A knob for measuring the gate itself ({@code panbench selfcheck}): the system property {@value #PROPERTY}, set only
 * in the forks of a self-check's slowed runs, names workloads and the extra fraction of work each should do, e.g.
 * {@code array/sum=0.10}: a sum that also sums the first 10% of its array again, 10% more work. It is never set in a
 * normal run, so a workload that honours it behaves exactly as before unless asked. Workloads that support it say so
 * in their description; the jvm adapter's {@code array/sum} does, and cpu-simd's simd rows of {@code reduce/sum} and
 * {@code gemm/sgemm} (which multiplies that fraction of its rows again).
 */
public final class ExtraWork {

    public static final String PROPERTY = "panbench.selfcheck.extraWork";

    private ExtraWork() {
    }

    /** The extra fraction of work asked of {@code workload} in this JVM; 0 when none. */
    public static double fraction(String workload) {
        return parse(System.getProperty(PROPERTY, "")).getOrDefault(workload, 0.0);
    }

    /**
     * Parses {@code workload=fraction[,workload=fraction]}.
     *
     * @throws IllegalArgumentException naming the part at fault
     */
    public static Map<String, Double> parse(String spec) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (spec == null || spec.isBlank()) {
            return out;
        }
        for (String part : spec.split(",")) {
            int eq = part.lastIndexOf('=');
            double f;
            try {
                f = eq < 1 ? Double.NaN : Double.parseDouble(part.substring(eq + 1).strip());
            } catch (NumberFormatException e) {
                f = Double.NaN;
            }
            if (!(f >= 0 && f <= 10)) {
                throw new IllegalArgumentException(PROPERTY + " '" + part + "': expected WORKLOAD=FRACTION with a"
                        + " fraction from 0 to 10, e.g. array/sum=0.10");
            }
            out.put(part.substring(0, eq).strip(), f);
        }
        return out;
    }

    /** The property value asking {@code workload} for {@code fraction} more work. */
    public static String spec(String workload, double fraction) {
        return workload + "=" + fraction;
    }
}
