package dev.panbench.cli;

import dev.panbench.harness.Defaults;
import dev.panbench.harness.orchestrate.DispatchCalibration;
import dev.panbench.harness.run.Adapters;
import dev.panbench.harness.run.RunSettings;
import dev.panbench.reports.console.TextTable;
import dev.panbench.reports.format.Numbers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
        PrintWriter err = console.err();
        List<DispatchCalibration.Row> rows = DispatchCalibration.run(Adapters.load(), settings, out, line -> {
            err.println("panbench: " + line);
            err.flush();
        });
        console.out().print(render(rows));
        return rows.stream().allMatch(DispatchCalibration.Row::ok) ? ExitCodes.OK : ExitCodes.RESULTS_FAILED;
    }

    /** The calibration table: each workload's median both ways, what panbench adds, and the ratio; or why it failed. */
    static String render(List<DispatchCalibration.Row> rows) {
        List<String[]> table = new ArrayList<>();
        table.add(new String[]{"workload", "hand-written JMH", "through panbench", "added", "ratio"});
        for (DispatchCalibration.Row r : rows) {
            if (!r.ok()) {
                table.add(new String[]{r.workload().toString(), "failed: "
                        + (r.handWritten().ok() ? r.throughPanbench().error() : r.handWritten().error())});
                continue;
            }
            table.add(new String[]{r.workload().toString(),
                    Numbers.score(r.handWritten().stats().median(), r.handWritten().unit()),
                    Numbers.score(r.throughPanbench().stats().median(), r.throughPanbench().unit()),
                    (r.addedNanos() >= 0 ? "+" : "") + Numbers.time(r.addedNanos()),
                    String.format(Locale.ROOT, "%.3fx", r.ratio())});
        }
        return TextTable.render(table, 1, false);
    }
}
