package dev.panbench.harness.compare;

import dev.panbench.harness.model.ResultId;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The paired gate's verdicts on pairs whose answer is known. */
class PairedVerdictsTest {

    private static PairedVerdicts.Pairs pairs(String id, String unit, double[] slowdowns, Double baseAlloc,
                                              Double currentAlloc) {
        int n = slowdowns.length;
        double[] d = Arrays.stream(slowdowns).map(Math::log).toArray();
        double[] b = new double[n];
        double[] c = new double[n];
        Double[] ba = new Double[n];
        Double[] ca = new Double[n];
        boolean higher = unit.equals("ops/s");
        for (int i = 0; i < n; i++) {
            b[i] = 100;
            c[i] = higher ? 100 / slowdowns[i] : 100 * slowdowns[i];
            ba[i] = baseAlloc;
            ca[i] = currentAlloc;
        }
        return new PairedVerdicts.Pairs(ResultId.parse(id), unit, higher, d, b, c, ba, ca);
    }

    private static double[] around(double centre, int n) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = centre * (1 + 0.004 * ((i % 5) - 2) + 0.0007 * i);
        }
        return out;
    }

    @Test
    void holmAdjustsInStepDownOrder() {
        // p = (0.01, 0.04, 0.03, 0.005), m = 4: sorted 0.005*4, 0.01*3, 0.03*2, 0.04*1 -> 0.02, 0.03, 0.06, 0.06
        assertArrayEquals(new double[]{0.03, 0.06, 0.06, 0.02},
                PairedVerdicts.holm(new double[]{0.01, 0.04, 0.03, 0.005}), 1e-12);
    }

    @Test
    void aSteadyTenPercentSlowdownRegressesAndSteadyPairsAreUnchanged() {
        List<Change> c = PairedVerdicts.judge(List.of(pairs("x/slow", "ns/op", around(1.10, 12), null, null),
                pairs("x/same", "ns/op", around(1.00, 12), null, null)), id -> 0.05);
        assertEquals(Verdict.regressed, c.get(0).verdict(), c.get(0).toString());
        assertEquals(1.10, c.get(0).ratio(), 0.01);
        assertEquals(Verdict.unchanged, c.get(1).verdict(), c.get(1).toString());
    }

    @Test
    void aThroughputDropIsASlowdown() {
        Change c = PairedVerdicts.judge(List.of(pairs("x/thr", "ops/s", around(1.10, 12), null, null)),
                id -> 0.05).getFirst();
        assertEquals(Verdict.regressed, c.verdict());
        assertTrue(c.ratio() < 0.92, "current/base of a throughput that fell: " + c.ratio());
        assertTrue(c.ciLower() < c.ratio() && c.ratio() < c.ciUpper(), c.toString());
    }

    @Test
    void aSignificantChangeShownSmallerThanTheThresholdIsUnchanged() {
        Change c = PairedVerdicts.judge(List.of(pairs("x/small", "ns/op", around(1.02, 16), null, null)),
                id -> 0.05).getFirst();
        assertEquals(Verdict.unchanged, c.verdict(), c.toString());
    }

    @Test
    void tooFewPairsAreInconclusiveAndSaySo() {
        Change c = PairedVerdicts.judge(List.of(pairs("x/few", "ns/op", new double[]{1.2, 0.9, 1.1}, null, null)),
                id -> 0.05).getFirst();
        assertEquals(Verdict.inconclusive, c.verdict());
        assertTrue(c.note().startsWith("3 pairs; the pairs rule out only changes beyond "), c.note());
        Change one = PairedVerdicts.judge(List.of(pairs("x/one", "ns/op", new double[]{1.2}, null, null)),
                id -> 0.05).getFirst();
        assertTrue(one.note().contains("1 pairs; too few pairs for an interval"), one.note());
    }

    @Test
    void allocationGrowthFailsWhateverTheTime() {
        Change c = PairedVerdicts.judge(List.of(pairs("x/alloc", "ns/op", around(1.0, 8), 0.0, 64.0)),
                id -> 0.05).getFirst();
        assertEquals(Verdict.regressed, c.verdict());
        assertTrue(c.note().contains("allocates 64 B/op against 0 in every pair"), c.note());
        Change small = PairedVerdicts.judge(List.of(pairs("x/alloc", "ns/op", around(1.0, 8), 100.0, 120.0)),
                id -> 0.05).getFirst();
        assertEquals(Verdict.unchanged, small.verdict(), "20 B more on 100 is within 10% + 16 B: " + small.note());
    }

    @Test
    void settlesOnlyAfterTheMinimumAndOnlyWhenClear() {
        PairedVerdicts.Pairs same = pairs("x/same", "ns/op", around(1.0, 6), null, null);
        assertNull(PairedVerdicts.settled(same, 0.05, 9, 8), "fewer pairs than the minimum");
        assertEquals(Verdict.unchanged, PairedVerdicts.settled(same, 0.05, 9, 6));
        assertEquals(Verdict.regressed, PairedVerdicts.settled(pairs("x/slow", "ns/op", around(1.10, 6), null, null),
                0.05, 9, 6), "six steady pairs 10% apart reach p <= 0.01/9");
        double[] wild = {1.10, 0.80, 1.40, 1.05, 0.95, 1.30};
        assertNull(PairedVerdicts.settled(pairs("x/wild", "ns/op", wild, null, null), 0.05, 9, 6),
                "pairs that scatter by 30% settle nothing");
    }
}
