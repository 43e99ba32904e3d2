package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.orchestrate.DispatchCalibration;
import dev.panbench.harness.run.RunInterruptedException;
import dev.panbench.harness.run.measure.RunStop;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.RunSettings;
import dev.panbench.reports.calibrate.CalibrationReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench calibrate}: what panbench's generic dispatch adds over a hand-written JMH benchmark. */
@Command(name = "calibrate",
        description = "Time the jvm reference workloads through panbench and as hand-written JMH benchmarks.",
        footer = {"", "Examples:", "  panbench calibrate", "  panbench calibrate --forks 3 --iterations 10"})
final class CalibrateCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    JmhOptions jmh;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = Defaults.CALIBRATE_OUT_DIR,
            description = "Directory for JMH logs (default: ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() {
        RunSettings settings = jmh.settings();
        PrintWriter err = common.err();
        List<DispatchCalibration.Row> done = new ArrayList<>();
        List<DispatchCalibration.Row> rows;
        try {
            rows = DispatchCalibration.run(Adapters.load(), settings, out, line -> {
                err.println("panbench: " + line);
                err.flush();
            }, done::add, RunStop.process());
        } catch (RunInterruptedException e) {
            // Ctrl-C or a cancelled job: the rows finished are printed, then the one line and 130 or 143
            common.out().print(CalibrationReport.render(done));
            common.out().flush();
            throw e;
        }
        common.out().print(CalibrationReport.render(rows));
        return rows.stream().allMatch(DispatchCalibration.Row::ok) ? ExitCodes.OK : ExitCodes.RESULTS_FAILED;
    }
}
