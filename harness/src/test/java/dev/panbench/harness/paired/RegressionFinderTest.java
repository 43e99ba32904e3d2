package dev.panbench.harness.paired;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The bisection of {@code panbench find}, on a line of commits whose answers are known. */
class RegressionFinderTest {

    private static List<String[]> line(int n) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new String[]{String.format("%040d", i), "commit " + i});
        }
        return out;
    }

    @Test
    void findsTheFirstSlowerCommitInLogarithmicProbes() {
        for (int first = 0; first < 13; first++) {
            int bad = first;
            List<String> probed = new ArrayList<>();
            RegressionFinder.Outcome o = RegressionFinder.bisect(line(13), c -> {
                probed.add(c);
                return Integer.parseInt(c) >= bad ? RegressionFinder.Probe.regressed
                        : RegressionFinder.Probe.notRegressed;
            });
            assertEquals(String.format("%040d", first), o.firstBad());
            assertEquals(String.format("%040d", 12), probed.getFirst(), "BAD is probed first");
            assertEquals(probed.size(), o.steps().size());
            org.junit.jupiter.api.Assertions.assertTrue(probed.size() <= 1 + 4, probed.size() + " probes for 13");
        }
    }

    @Test
    void aBadThatIsNotSlowerEndsAfterOneProbe() {
        RegressionFinder.Outcome o = RegressionFinder.bisect(line(5), c -> RegressionFinder.Probe.inconclusive);
        assertNull(o.firstBad());
        assertEquals(1, o.steps().size());
    }

    @Test
    void anInconclusiveProbeCountsAsNotRegressed() {
        // 0..3 fine, 4 inconclusive, 5.. regressed: the answer is 5
        RegressionFinder.Outcome o = RegressionFinder.bisect(line(8), c -> {
            int i = Integer.parseInt(c);
            return i >= 5 ? RegressionFinder.Probe.regressed : i == 4 ? RegressionFinder.Probe.inconclusive
                    : RegressionFinder.Probe.notRegressed;
        });
        assertEquals(String.format("%040d", 5), o.firstBad());
    }
}
