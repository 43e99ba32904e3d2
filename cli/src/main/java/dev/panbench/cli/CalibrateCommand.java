package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.orchestrate.DispatchCalibration;
import dev.panbench.harness.run.Adapters;
import dev.panbench.harness.run.RunSettings;
import dev.panbench.reports.Numbers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
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

    @Mixin
    ConsoleOutput console;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = Defaults.CALIBRATE_OUT_DIR,
            description = "Directory for JMH logs (default: ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() {
        RunSettings settings = jmh.settings();
        List<DispatchCalibration.Row> rows = DispatchCalibration.run(Adapters.load(), settings, out);
        PrintWriter o = console.out();
        o.printf("%-28s %16s %16s %10s %7s%n", "workload", "hand-written JMH", "through panbench", "added", "ratio");
        boolean allOk = true;
        for (DispatchCalibration.Row r : rows) {
            if (!r.ok()) {
                allOk = false;
                o.printf("%-28s failed: %s%n", r.workload(),
                        r.handWritten().ok() ? r.throughPanbench().error() : r.handWritten().error());
                continue;
            }
            o.printf("%-28s %16s %16s %10s %6.3fx%n", r.workload(),
                    Numbers.score(r.handWritten().stats().median(), r.handWritten().unit()),
                    Numbers.score(r.throughPanbench().stats().median(), r.throughPanbench().unit()),
                    (r.addedNanos() >= 0 ? "+" : "") + Numbers.time(r.addedNanos()), r.ratio());
        }
        return allOk ? ExitCodes.OK : ExitCodes.RESULTS_FAILED;
    }
}
