package dev.panbench.harness.run.measure;

import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.run.link.ForkFacts;
import dev.panbench.harness.run.link.ForkReply;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** What the forks replied becomes the result's facts, one step each, and a step with nothing to add changes nothing. */
class EnrichmentsTest {

    private static final long ITERATION = 100_000_000L;

    private static BenchResult twoForks() {
        return BenchResult.measured(ResultId.parse("faulty/fault/ok[size=8]"), "fault", "ns/op", "avgt",
                List.of(List.of(100.0, 101.0), List.of(99.0, 100.0)), null, null);
    }

    private static Enrichment.Evidence replies(ForkReply... replies) {
        return Enrichment.Evidence.ofForks(null, new ForkReply.All(List.of(replies)), ITERATION);
    }

    private static ForkReply facts(Long peak, List<Double> wait) {
        return new ForkReply.Facts(Channel.PROTOCOL, new ForkFacts(peak, null, List.of(0L, 0L), wait));
    }

    @Test
    void deviceTimeIsEachIterationsNanosPerOperation() {
        BenchResult r = Enrichments.deviceTime(twoForks(), replies(
                new ForkReply.DeviceTime(Channel.PROTOCOL, 1000, 10), new ForkReply.DeviceTime(Channel.PROTOCOL, 500, 0),
                new ForkReply.DeviceTime(Channel.PROTOCOL, 3000, 20)));
        assertEquals(List.of(100.0, 150.0), r.facts().deviceTime().samples(), "an iteration of no operations is left out");
    }

    @Test
    void peakMemoryIsTheLargestForksHighWaterMark() {
        BenchResult r = Enrichments.peakMemory(twoForks(), replies(facts(4096L, List.of()), facts(8192L, List.of())));
        assertEquals(8192L, r.facts().peakMemory().bytes());
        assertEquals(List.of(4096L, 8192L), r.facts().peakMemory().byFork());
        assertNull(Enrichments.peakMemory(twoForks(), replies(facts(null, List.of()))).facts().peakMemory(),
                "no fork could read one");
    }

    @Test
    void runQueueWaitIsKeptOnlyWhereItLinesUpWithTheSamples() {
        BenchResult r = Enrichments.runQueueWait(twoForks(), replies(facts(1L, List.of(0.0, 0.25)),
                facts(1L, List.of(0.5, 0.0))));
        assertEquals(List.of(List.of(0.0, 0.25), List.of(0.5, 0.0)), r.facts().runQueueWait());
        assertNull(Enrichments.runQueueWait(twoForks(), replies(facts(1L, List.of(0.0)), facts(1L, List.of(0.5, 0.0))))
                .facts().runQueueWait(), "a fork with one share for two samples");
        assertNull(Enrichments.runQueueWait(twoForks(), replies(facts(1L, List.of(0.0, 0.25)))).facts().runQueueWait(),
                "one fork's shares for two forks' samples");
    }

    @Test
    void whatTheWorkloadToldJoinsTheFrameworkFactsFromTheFirstForkThatToldIt() {
        ForkReply told = new ForkReply.Facts(Channel.PROTOCOL, new ForkFacts(1L, null, List.of(0L, 0L), List.of(),
                java.util.Map.of("sessionMillis", "85.4", "maxAbsError", "2.38e-07")));
        ForkReply later = new ForkReply.Facts(Channel.PROTOCOL, new ForkFacts(1L, null, List.of(0L, 0L), List.of(),
                java.util.Map.of("sessionMillis", "90.0")));
        BenchResult r = Enrichments.workloadFacts(twoForks(), replies(facts(1L, List.of()), told, later));
        assertEquals(java.util.Map.of("sessionMillis", "85.4", "maxAbsError", "2.38e-07"), r.facts().framework());
        assertEquals(twoForks().facts(), Enrichments.workloadFacts(twoForks(), replies(facts(1L, List.of())))
                .facts(), "nothing told, nothing added");
    }

    @Test
    void theForksStepsAddEveryFactAndTheSteadinessVerdict() {
        BenchResult r = Enrichment.applyAll(Enrichments.FROM_FORKS, twoForks(),
                replies(new ForkReply.DeviceTime(Channel.PROTOCOL, 1000, 10), facts(4096L, List.of(0.0, 0.1)),
                        facts(2048L, List.of(0.0, 0.0))));
        assertNotNull(r.facts().deviceTime());
        assertEquals(4096L, r.facts().peakMemory().bytes());
        assertNotNull(r.facts().runQueueWait());
        assertNotNull(r.facts().steady(), "judged");
    }
}
