package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code panbench find GOOD BAD}: the first commit on BAD's first-parent line after GOOD whose build is slower than
 * GOOD's, found by bisection (asv's {@code find}, Chromium Pinpoint's bisect). Every probe is a paired comparison of
 * GOOD's build and the probed commit's on this machine, so the machine's drift between probes cannot move the
 * answer; a probe that stays inconclusive within its budget counts as not regressed, and says so.
 */
public final class RegressionFinder {

    /** What one probe found. */
    public enum Probe { regressed, notRegressed, inconclusive }

    /** One probed commit and its answer. */
    public record Step(String commit, String subject, Probe probe) {
    }

    /**
     * @param firstBad the first commit found slower, or null when BAD itself is not
     * @param steps    every probe in the order made
     */
    public record Outcome(String firstBad, String subject, List<Step> steps) {
    }

    private RegressionFinder() {
    }

    /**
     * Bisects {@code commits} (oldest first, the last one BAD), asking {@code probe} of each commit it needs; BAD is
     * probed first, and nothing else when it is not slower.
     */
    public static Outcome bisect(List<String[]> commits, Function<String, Probe> probe) {
        if (commits.isEmpty()) {
            throw new BadInputException("find: no commit between GOOD and BAD");
        }
        List<Step> steps = new ArrayList<>();
        String[] bad = commits.getLast();
        Probe last = probe.apply(bad[0]);
        steps.add(new Step(bad[0], bad[1], last));
        if (last != Probe.regressed) {
            return new Outcome(null, null, steps);
        }
        int lo = -1;
        int hi = commits.size() - 1;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            String[] c = commits.get(mid);
            Probe p = probe.apply(c[0]);
            steps.add(new Step(c[0], c[1], p));
            if (p == Probe.regressed) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return new Outcome(commits.get(hi)[0], commits.get(hi)[1], steps);
    }

    /** The commits after {@code good} up to {@code bad} on bad's first-parent line, oldest first: {hash, subject}. */
    public static List<String[]> commits(Path repo, String good, String bad) {
        String g = RevisionBuild.commitOf(good, repo);
        String b = RevisionBuild.commitOf(bad, repo);
        List<String[]> out = new ArrayList<>();
        try {
            Process p = new ProcessBuilder("git", "-C", repo.toString(), "rev-list", "--first-parent", "--reverse",
                    "--format=%H %s", "--no-commit-header", g + ".." + b).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new BadInputException("find: git rev-list " + good + ".." + bad + " failed: " + text.strip());
            }
            for (String line : text.split("\n")) {
                if (!line.isBlank()) {
                    int sp = line.indexOf(' ');
                    out.add(new String[]{sp < 0 ? line : line.substring(0, sp), sp < 0 ? "" : line.substring(sp + 1)});
                }
            }
        } catch (IOException e) {
            throw new BadInputException("find: cannot run git (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("find: interrupted", e);
        }
        if (out.isEmpty()) {
            throw new BadInputException("find: " + bad + " has no commit after " + good + " on its first-parent line");
        }
        return out;
    }
}
