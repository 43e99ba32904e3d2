package dev.panbench.harness.baseline;

import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.compare.RunToRunVerdicts;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.history.Trends;
import dev.panbench.harness.model.ResultFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference runs committed in {@code baselines/} (real runs of panbench's own suite on the project's 2-core VM)
 * as fixtures: they read, compare, feed the run-to-run model and the trends. Nothing here judges their timings.
 */
class CommittedBaselinesTest {

    static final Path DIR = Path.of("..", "baselines");

    private static ResultSource source(String file) {
        return ResultSource.resolve(DIR.resolve(file).toString(), "BASE", BaselineStore.at(DIR));
    }

    @Test
    void theJvmHistoryReadsWithEveryRunsCommitAndMachine() {
        ResultSource s = source("vm-2core-jvm.json");
        assertNotNull(s.history());
        assertTrue(s.runs() >= 5, "runs: " + s.runs());
        for (BaselineHistory.Run r : s.history().runs()) {
            assertNotNull(r.commit());
            assertTrue(r.machine().contains(" x2,"), r.machine());
            assertEquals(2, r.results().config().forks());
        }
        assertEquals(BaselineStore.at(DIR).history("vm-2core-jvm").runs().size(), s.runs(), "also by name");
    }

    @Test
    void eachJvmRunJudgedAgainstTheOthersGetsARunLevelForEveryResult() {
        BaselineHistory h = source("vm-2core-jvm.json").history();
        var earlier = new BaselineHistory(BaselineHistory.SCHEMA, h.name(), h.keep(),
                h.runs().subList(0, h.runs().size() - 1));
        ResultFile last = h.latest().results();
        Comparison pairwise = Comparisons.compare(earlier.latest().results(), "earlier", last, "last",
                CompareSettings.DEFAULT);
        assertEquals(last.results().size(), pairwise.changes().size(), "every id matched");
        Comparison judged = RunToRunVerdicts.judge(pairwise, earlier.resultFiles(), last, CompareSettings.DEFAULT);
        Map<?, ?> levels = (Map<?, ?>) ((Map<?, ?>) judged.extra().get(RunToRunVerdicts.EXTRA_KEY)).get("results");
        assertEquals(last.results().size(), levels.size());
        assertEquals(last.results().size(), Trends.of(h).size());
    }

    @Test
    void theSuiteRunCoversThreeAdaptersAndComparesWithItselfAsUnchanged() {
        ResultSource s = source("vm-2core-quick.json");
        ResultFile f = s.results();
        Set<String> adapters = f.results().stream().map(r -> r.adapter()).collect(Collectors.toSet());
        assertTrue(adapters.containsAll(Set.of("jvm", "cpu-simd", "tvm-ffi")), adapters.toString());
        Comparison c = Comparisons.compare(f, "suite", f, "suite", CompareSettings.DEFAULT);
        assertTrue(c.changes().size() > 100, "results compared: " + c.changes().size());
        assertEquals(0, c.withVerdict(Verdict.regressed).size() + c.withVerdict(Verdict.improved).size());
    }
}
