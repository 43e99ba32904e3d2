package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.ResultFile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GateWorkflowTest {

    private static final CompareSettings SETTINGS = CompareSettings.DEFAULT;

    private static ResultFile run(String runId, SplittableRandom rnd, double median) {
        return Fixtures.file(runId, Fixtures.machine("cpu"), List.of(
                Fixtures.ok("jvm/array/sum[size=1024]", "ns/op", Fixtures.noisy(rnd, 10, median, 0.01)),
                Fixtures.ok("jvm/call/empty", "ns/op", Fixtures.noisy(rnd, 10, 1.0, 0.01))));
    }

    private static BaselineHistory history(int runs, SplittableRandom rnd) {
        List<BaselineHistory.Run> out = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            out.add(new BaselineHistory.Run(null, null, run("20260101-00000" + i + "-aaaa", rnd, 100)));
        }
        return new BaselineHistory(BaselineHistory.SCHEMA, "main", 5, out);
    }

    @Test
    void aBaselineOfSeveralRunsIsJudgedAgainstItsHistoryAndAClearSlowdownFails() {
        SplittableRandom rnd = new SplittableRandom(3);
        BaselineHistory h = history(3, rnd);
        GateWorkflow.Outcome slow = GateWorkflow.run(h.latest().results(), "baseline main", h,
                run("20260102-000000-bbbb", rnd, 150), "current", SETTINGS, null);
        assertEquals(GateWorkflow.Basis.HISTORY, slow.basis());
        assertFalse(slow.passed(), "a 50% slowdown fails the gate");
        assertEquals("jvm/array/sum[size=1024]", slow.gate().regressions().getFirst().id().toString());
    }

    @Test
    void oneRunIsJudgedOnItsSamplesAndTheConfirmerSeesOnlyFlaggedGates() {
        SplittableRandom rnd = new SplittableRandom(4);
        BaselineHistory h = history(1, rnd);
        AtomicInteger asked = new AtomicInteger();
        GateWorkflow.Confirmer clearsAll = (flagged, base, current) -> {
            asked.incrementAndGet();
            return unflagged(flagged);
        };
        GateWorkflow.Outcome same = GateWorkflow.run(h.latest().results(), "baseline main", h,
                run("20260102-000000-cccc", rnd, 100), "current", SETTINGS, clearsAll);
        assertEquals(GateWorkflow.Basis.SAMPLES, same.basis());
        assertTrue(same.passed());
        assertEquals(0, asked.get(), "nothing flagged, nothing re-measured");
        GateWorkflow.Outcome slow = GateWorkflow.run(h.latest().results(), "baseline main", h,
                run("20260102-000000-dddd", rnd, 200), "current", SETTINGS, clearsAll);
        assertEquals(1, asked.get());
        assertEquals(1, slow.flagged());
        assertTrue(slow.passed(), "the decision is made on the confirmed comparison");
    }

    @Test
    void aGateThatComparesNothingIsRefused() {
        SplittableRandom rnd = new SplittableRandom(5);
        ResultFile other = Fixtures.file("20260102-000000-eeee", Fixtures.machine("cpu"),
                List.of(Fixtures.ok("jvm/other", "ns/op", Fixtures.noisy(rnd, 10, 5, 0.01))));
        BadInputException e = assertThrows(BadInputException.class, () -> GateWorkflow.run(
                run("20260101-000000-aaaa", rnd, 100), "baseline main", null, other, "current", SETTINGS, null));
        assertTrue(e.getMessage().startsWith("gate: nothing to compare"), e.getMessage());
    }

    /** A run of a result whose two JVMs landed at these levels (array/copy[size=1024] on this project's VM). */
    private static ResultFile bimodalRun(String runId, SplittableRandom rnd, double first, double second) {
        return Fixtures.file(runId, Fixtures.machine("cpu"), List.of(Fixtures.forks("jvm/array/copy[size=1024]",
                "ns/op", List.of(Fixtures.noisy(rnd, 5, first, 0.003), Fixtures.noisy(rnd, 5, second, 0.003)))));
    }

    @Test
    void aRunInTheOtherStateTheHistorySawPassesAndOneSlowerThanEveryStateFails() {
        SplittableRandom rnd = new SplittableRandom(6);
        double[][] levels = {{40.6, 48.5}, {40.6, 40.6}, {48.5, 40.6}, {40.6, 48.5}, {40.6, 40.6}};
        List<BaselineHistory.Run> runs = new ArrayList<>();
        for (int i = 0; i < levels.length; i++) {
            runs.add(new BaselineHistory.Run(null, null, bimodalRun("20260101-00000" + i + "-aaaa", rnd,
                    levels[i][0], levels[i][1])));
        }
        BaselineHistory h = new BaselineHistory(BaselineHistory.SCHEMA, "main", 5, runs);
        GateWorkflow.Outcome slowState = GateWorkflow.run(h.latest().results(), "baseline main", h,
                bimodalRun("20260102-000000-bbbb", rnd, 48.5, 48.5), "current", SETTINGS, null);
        assertTrue(slowState.passed(), "both forks in the slower state the history saw");
        assertFalse(GateWorkflow.run(h.latest().results(), "baseline main", null,
                bimodalRun("20260102-000000-bbbb", rnd, 48.5, 48.5), "current", SETTINGS, null).passed(),
                "against the latest run alone (both forks fast) the same run fails");
        GateWorkflow.Outcome slower = GateWorkflow.run(h.latest().results(), "baseline main", h,
                bimodalRun("20260102-000000-cccc", rnd, 53.4, 53.4), "current", SETTINGS, null);
        assertFalse(slower.passed(), "10% slower than the slower state");
    }

    /** What a confirmation that found none of the flagged regressions again returns. */
    private static Comparison unflagged(Comparison c) {
        return c.withChanges(c.changes().stream().map(ch -> ch.verdict() != Verdict.regressed ? ch
                : new Change(ch.id(), Verdict.unchanged, ch.unit(), ch.higherIsBetter(), ch.threshold(),
                ch.baseMedian(), ch.currentMedian(), ch.ratio(), ch.change(), ch.ciLower(), ch.ciUpper(),
                ch.confidence(), ch.pValue(), ch.baseN(), ch.currentN(), ch.baseSpread(), ch.currentSpread(),
                "not confirmed")).toList(), c.extra());
    }
}
