package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Tuner;
import dev.panbench.reports.tune.TuneReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code panbench tune}: the adapters' own tuning for this machine, kept for the runs after it. */
@Command(name = "tune",
        description = "Tune the adapters' compiled modules for this machine (tvm-ffi: MetaSchedule, one core) and keep "
                + "the tuning for later runs.",
        footer = {"", "Examples:", "  panbench tune --adapter tvm-ffi --filter 'gemm/sgemm\\[size=1024' --trials 64",
                "  panbench tune --adapter tvm-ffi --filter 'softmax|layernorm' --trials 32"})
final class TuneCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Option(names = "--adapter", paramLabel = "ID", split = ",", hideParamSyntax = true,
            description = "Tune only this adapter (repeatable; default: every adapter that tunes).")
    List<String> adapterIds;

    @Option(names = "--trials", paramLabel = "N",
            description = "New trials per task (default: the adapter's own, 64 for tvm-ffi).")
    Integer trials;

    @Option(names = "--filter", paramLabel = "REGEX",
            description = "Only the tasks whose workload[shape] this finds, e.g. 'gemm/sgemm\\[size=1024'.")
    String filter;

    @Override
    public Integer call() {
        if (trials != null && trials < 1) {
            throw new BadInputException("--trials " + trials + ": must be at least 1");
        }
        Pattern pattern = pattern();
        List<Adapter> adapters = Adapters.load().select(adapterIds).stream()
                .filter(a -> a.tuner().isPresent() || named(a)).toList();
        PrintWriter err = common.err();
        List<TuneReport.Tuned> done = new ArrayList<>();
        int tasks = 0;
        for (Adapter a : adapters) {
            Tuner tuner = a.tuner().orElseThrow(() -> new BadInputException("--adapter " + a.id()
                    + ": this adapter tunes nothing"));
            List<Tuner.Outcome> outcomes = new ArrayList<>();
            for (Tuner.Task task : tuner.tasks()) {
                if (pattern != null && !pattern.matcher(task.label()).find()) {
                    continue;
                }
                tasks++;
                outcomes.add(tuner.tune(task, trials != null ? trials : tuner.defaultTrials(), line -> {
                    err.println("panbench: " + a.id() + ": " + line);
                    err.flush();
                }));
            }
            done.add(new TuneReport.Tuned(a.id(), outcomes));
        }
        if (tasks == 0) {
            throw new BadInputException(filter == null ? "no adapter here tunes anything"
                    : "--filter " + filter + ": no task of " + String.join(", ", adapters.stream().map(Adapter::id)
                    .toList()) + " matches");
        }
        common.out().print(TuneReport.render(done));
        boolean failed = done.stream().flatMap(t -> t.outcomes().stream())
                .anyMatch(o -> Tuner.Outcome.FAILED.equals(o.status()));
        return failed ? ExitCodes.RESULTS_FAILED : ExitCodes.OK;
    }

    private boolean named(Adapter a) {
        return adapterIds != null && adapterIds.contains(a.id());
    }

    private Pattern pattern() {
        if (filter == null) {
            return null;
        }
        try {
            return Pattern.compile(filter);
        } catch (PatternSyntaxException e) {
            throw new BadInputException("--filter " + filter + ": not a regular expression ("
                    + e.getDescription() + ")");
        }
    }
}
