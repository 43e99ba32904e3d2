package dev.panbench.harness.run.measure;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultMarks;
import dev.panbench.harness.model.SampleStats;
import dev.panbench.harness.model.SteadyVerdict;
import dev.panbench.harness.run.link.ForkFacts;
import dev.panbench.harness.stats.SteadyState;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Records in every measured result whether its iterations were steady ({@link ResultMarks#STEADY}): the verdict of
 * {@link SteadyState} over the forks' measured iterations, and for JMH forks two facts from the JVM itself: a fork
 * whose JIT compiled for at least {@value #COMPILING_SHARE_PERCENT}% of a measured iteration's time (the compiler
 * threads' CPU time where Linux accounts it, which a loaded machine does not inflate) ran changing code
 * while it was timed (a smaller share is mostly the JIT compiling JMH's and panbench's own code between iterations,
 * whose completion lands in the next one; on a loaded 2-core machine 10% flagged rows whose scores were flat), and a
 * fork whose adaptive warm-up reached its cap with the JIT still compiling never settled ("warm-up cap reached": what
 * a longer warm-up would cure, said as such);
 * either makes the result unsteady. So does a 99% interval of the mean ({@link SampleStats#ci99}) whose upper end is
 * more than twice its lower end ({@link #SPAN}), or one that reaches zero: however flat each fork looked, its
 * iterations then pin the result down to no better than a factor of two. Each fork's warm-up is kept beside the
 * verdict ({@code warmup}: milliseconds, windows, whether it settled), and an unsteady verdict names the measured
 * iterations the JIT compiled during.
 */
final class Steadiness {

    static final int COMPILING_SHARE_PERCENT = 20;
    static final double SPAN = 2.0;
    static final String SPAN_METHOD = "; 99% interval of the mean (unsteady when its upper end is more than "
            + (int) SPAN + "x its lower)";
    static final String JIT_METHOD = "; JIT compilation time per measured iteration, its CPU time where Linux"
            + " accounts it (unsteady at >= " + COMPILING_SHARE_PERCENT + "% of the iteration)";

    private Steadiness() {
    }

    /** @param iterationNanos the measurement iteration time, 0 where the forks report no JIT activity */
    static BenchResult judge(BenchResult r, List<ForkFacts> facts, long iterationNanos) {
        if (!r.ok() || r.forks().isEmpty()) {
            return r;
        }
        SteadyState.Verdict v = SteadyState.of(r.forks());
        boolean jitKnown = iterationNanos > 0 && facts.stream().anyMatch(f -> !f.compiledMillis().isEmpty());
        String method = v.method() + (jitKnown ? JIT_METHOD : "") + SPAN_METHOD;
        String wide = wideInterval(r);
        String compiling = jitKnown ? compiledDuring(facts, iterationNanos) : null;
        long capped = facts.stream().filter(ForkFacts::stillCompiling).count();
        if (v.unsteady()) {
            v = new SteadyState.Verdict(false, method, v.reason() + compilingNote(facts)
                    + (wide == null ? "" : "; " + wide));
        } else if (compiling != null) {
            v = new SteadyState.Verdict(false, method, compiling);
        } else if (capped > 0) {
            Long millis = facts.stream().filter(ForkFacts::stillCompiling).findFirst().orElseThrow().warmupMillis();
            v = new SteadyState.Verdict(false, method, (facts.size() == 1 ? "" : capped + " of " + facts.size()
                    + " forks: ") + "warm-up cap reached (" + millis + " ms) with the JIT still compiling");
        } else if (wide != null) {
            v = new SteadyState.Verdict(false, method, wide);
        } else {
            v = new SteadyState.Verdict(v.steady(), method, v.reason());
        }
        List<Map<String, Object>> warmups = facts.stream().map(ForkFacts::warmup).filter(Objects::nonNull).toList();
        SteadyVerdict verdict = SteadyVerdict.of(v, warmups);
        return r.withFacts(f -> f.withSteady(verdict));
    }

    /**
     * Whether a longer warm-up may cure what an unsteady verdict found: not when every finding is two interleaved
     * levels or a wide interval with the JIT idle, which is the machine's doing (another process took the CPU now and
     * then) and no longer warm-up quietens; a trend, a step, the JIT at work or a warm-up cut short by its cap may
     * be the warm-up's, and so may the findings of forks the reason does not spell out ("and 1 more fork").
     */
    static boolean warmupMayCure(String reason) {
        if (reason.contains(" more fork")) {
            return true;
        }
        for (String finding : reason.split("; ")) {
            String f = finding.replaceFirst("^fork \\d+: ", "");
            if (!f.startsWith("two levels ") && !f.startsWith("the 99% interval of the mean ")) {
                return true;
            }
        }
        return false;
    }

    /** Why the result's 99% interval is too wide to call its measurement steady, as a reason; or null. */
    static String wideInterval(BenchResult r) {
        SampleStats s = r.stats();
        if (s == null || s.ci99() == null || s.ci99().size() != 2) {
            return null;
        }
        double lo = s.ci99().get(0);
        double hi = s.ci99().get(1);
        String interval = " ([" + number(lo) + ", " + number(hi) + "] " + r.unit() + ")";
        if (lo > 0) {
            return hi > SPAN * lo
                    ? "the 99% interval of the mean spans " + String.format(Locale.ROOT, "%.1f", hi / lo) + "x"
                    + interval : null;
        }
        return hi > 0 ? "the 99% interval of the mean reaches zero" + interval : null;
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /** The first measured iteration the JIT compiled through a large share of, as a reason; or null. */
    private static String compiledDuring(List<ForkFacts> facts, long iterationNanos) {
        for (int f = 0; f < facts.size(); f++) {
            List<Long> ms = facts.get(f).compiledMillis();
            for (int i = 0; i < ms.size(); i++) {
                if (ms.get(i) * 1_000_000 * 100 >= COMPILING_SHARE_PERCENT * iterationNanos) {
                    return (facts.size() > 1 ? "fork " + (f + 1) + ": " : "") + "the JIT compiled for " + ms.get(i)
                            + " ms during measured iteration " + (i + 1) + " of " + ms.size() + " ("
                            + iterationNanos / 1_000_000 + " ms each)";
                }
            }
        }
        return null;
    }

    /** Which measured iterations the JIT compiled during, fork by fork, as a clue to an unsteady verdict; or "". */
    private static String compilingNote(List<ForkFacts> facts) {
        List<String> parts = new ArrayList<>();
        for (int f = 0; f < facts.size(); f++) {
            List<Integer> its = facts.get(f).compilingIterations();
            if (!its.isEmpty()) {
                parts.add((facts.size() > 1 ? "fork " + (f + 1) + " " : "") + "iteration" + (its.size() > 1 ? "s " : " ")
                        + its.stream().map(String::valueOf).collect(Collectors.joining(", ")));
            }
        }
        return parts.isEmpty() ? "" : "; the JIT was compiling during measured " + String.join(", ", parts);
    }
}
