package dev.panbench.cli;

import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunPlan;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * README's figures of a quick run come from a measured run and cannot go stale: the results it plans are what
 * {@code --quick} plans today, and how many it measured, how many it marked and how long it took are those of the
 * committed run of this project's VM ({@code baselines/vm-2core-quick-tour.json}). Change the quick profile, and
 * this fails until the run is made again and README says what it found.
 */
class QuickRunFiguresTest {

    private static final Path ROOT = Path.of("..");
    /** README's sentence: "... it plans 53 results; on this project's VM it measured 42 in 8m12s and marked 31 ...". */
    private static final Pattern FIGURES = Pattern.compile("plans (\\d+) results\\W.*?measured (\\d+) in "
            + "(\\d+)m(\\d\\d)s and marked (\\d+)", Pattern.DOTALL);

    @Test
    void readmesQuickRunFiguresAreTheCommittedRunsAndTodaysPlan() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md")).replaceAll("\\s+", " ");
        Matcher m = FIGURES.matcher(readme);
        assertTrue(m.find(), "README states a quick run's figures as 'plans N results ... measured M in XmYYs and "
                + "marked K'");
        int planned = RunPlan.expand(Adapters.load().all(), null, null, null, true).size();
        assertEquals(planned, Integer.parseInt(m.group(1)), "results a quick run plans today");

        ResultFile run = HistoryFiles.read(ROOT.resolve("baselines").resolve("vm-2core-quick-tour.json"),
                "vm-2core-quick-tour").latest().results();
        assertEquals(planned, run.results().size(), "the committed run is of today's quick profile");
        long measured = run.results().stream().filter(BenchResult::ok).count();
        assertEquals(measured, Long.parseLong(m.group(2)), "rows the committed run measured");
        Duration took = Duration.between(Instant.parse(run.run().startedAt()), Instant.parse(run.run().finishedAt()));
        assertEquals(took.toSeconds(), Long.parseLong(m.group(3)) * 60 + Long.parseLong(m.group(4)),
                "the committed run's time, start to finish");
        long marked = ResultsView.of(run, ReportOptions.DEFAULT).rows().stream()
                .filter(r -> r.unsteady() != null || r.degraded() != null).count();
        assertEquals(marked, Long.parseLong(m.group(5)), "rows the committed run marked");
    }
}
