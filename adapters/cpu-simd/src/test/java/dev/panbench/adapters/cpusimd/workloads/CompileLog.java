package dev.panbench.adapters.cpusimd.workloads;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The {@code -XX:+PrintCompilation} lines of a probe JVM, read to say what C2 had compiled when a kernel was judged:
 * the probe prints a kernel's line after its rounds, so the compilations before that line are those its rounds ran
 * with. A line reads {@code <ms> <compile id> <flags> <tier> <class>::<method> [@ <bci>] (<n> bytes)}, with {@code %}
 * among the flags for an on-stack replacement, and {@code made not entrant} at its end when that code was dropped.
 */
final class CompileLog {

    private final List<String> lines;

    private CompileLog(List<String> lines) {
        this.lines = List.copyOf(lines);
    }

    static CompileLog of(List<String> lines) {
        return new CompileLog(lines);
    }

    /**
     * The methods with live C2 code (tier 4; an on-stack replacement marked {@code (OSR)}) when the first line that
     * starts with {@code marker} was printed; all compiled by the end where no line does.
     */
    Set<String> c2At(String marker) {
        Map<String, String> live = new HashMap<>();
        for (String line : lines) {
            if (line.startsWith(marker)) {
                break;
            }
            String[] t = line.strip().split("\\s+");
            int m = methodToken(t);
            if (m < 0) {
                continue;
            }
            boolean osr = false;
            for (int i = 2; i < m - 1; i++) {
                osr |= t[i].contains("%");
            }
            if (line.contains("made not entrant") || line.contains("made zombie")) {
                live.remove(t[1]);
            } else if (t[m - 1].equals("4")) {
                live.put(t[1], t[m] + (osr ? " (OSR)" : ""));
            }
        }
        return new TreeSet<>(live.values());
    }

    /** Every method compiled at any tier. */
    Set<String> everCompiled() {
        Set<String> out = new TreeSet<>();
        for (String line : lines) {
            String[] t = line.strip().split("\\s+");
            int m = methodToken(t);
            if (m >= 0) {
                out.add(t[m]);
            }
        }
        return out;
    }

    /** The index of the {@code class::method} token of a compilation line, or -1 for any other line. */
    private static int methodToken(String[] t) {
        if (t.length < 4 || !t[0].matches("\\d+") || !t[1].matches("\\d+")) {
            return -1;
        }
        for (int i = 2; i < t.length; i++) {
            if (t[i].contains("::")) {
                return i > 2 && t[i - 1].matches("[0-4]") ? i : -1;
            }
        }
        return -1;
    }

    /**
     * Which of the methods of {@code prefix} C2 had compiled for the kernel judged at {@code marker} in one JVM and not
     * the other, as a clause for a report: the first JVM ran other kernels too, so what it alone compiled counts only
     * where the second JVM, which ran this kernel alone, compiled that method at some tier.
     */
    static String moved(CompileLog first, CompileLog second, String marker, String prefix) {
        Set<String> a = first.c2At(marker);
        Set<String> b = second.c2At(marker);
        Set<String> ran = second.everCompiled();
        String onlyFirst = a.stream().filter(x -> x.startsWith(prefix) && !b.contains(x)
                && ran.contains(x.replace(" (OSR)", ""))).map(x -> x.substring(prefix.length()))
                .collect(Collectors.joining(", "));
        String onlySecond = b.stream().filter(x -> x.startsWith(prefix) && !a.contains(x))
                .map(x -> x.substring(prefix.length())).collect(Collectors.joining(", "));
        if (onlyFirst.isEmpty() && onlySecond.isEmpty()) {
            return "; C2 had compiled the same kernel methods in both";
        }
        return "; C2-compiled in the first JVM only: [" + onlyFirst + "], in the second only: [" + onlySecond + "]";
    }
}
