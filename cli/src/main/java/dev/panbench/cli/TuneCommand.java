package dev.panbench.cli;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.ModelSettings;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Tuner;
import dev.panbench.reports.tune.TuneReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code panbench tune}: the adapters' own tuning for this machine, kept for the runs after it. */
@Command(name = "tune",
        description = "Tune the adapters' compiled modules for this machine (tvm-ffi: MetaSchedule, one core) and keep "
                + "the tuning for later runs.",
        footer = {"", "Examples:", "  panbench tune --adapter tvm-ffi --filter 'gemm/sgemm\\[size=1024' --trials 64",
                "  panbench tune --model resnet50.onnx --dim batch=1 --trials 256",
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

    @Option(names = "--model", paramLabel = "PATH", description = "Tune your ONNX model (as run --model runs it) instead"
            + " of the catalog: each model's Relax build, for the next run --model (repeatable).")
    List<Path> models;

    @Option(names = "--dim", paramLabel = "NAME=VALUE", description = "A free dimension of the model, as run --model"
            + " takes it; default 1 (repeatable).")
    List<String> dims;

    @Override
    public Integer call() {
        if (trials != null && trials < 1) {
            throw new BadInputException("--trials " + trials + ": must be at least 1");
        }
        Set<String> modelTasks = models();
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
                if (pattern != null && !pattern.matcher(task.label()).find()
                        || !modelTasks.isEmpty() && !modelTasks.contains(task.workload())) {
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
        if (tasks == 0 && !modelTasks.isEmpty()) {
            throw new BadInputException("--model " + models.getFirst() + ": no adapter here tunes a model"
                    + (filter == null ? "" : " that --filter " + filter + " matches") + " (tvm-ffi does)");
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

    /**
     * The workloads of {@code --model} (none without it), made as {@code run --model} makes them and set for the
     * adapters to find: only they are tuned then.
     */
    private Set<String> models() {
        if (models == null || models.isEmpty()) {
            if (dims != null && !dims.isEmpty()) {
                throw new BadInputException("--dim " + dims.getFirst() + ": give the model it sets with --model PATH");
            }
            return Set.of();
        }
        ModelSettings settings = ModelSettings.parse(models, dims == null ? List.of() : dims, null, List.of(), null,
                List.of(), List.of());
        List<ModelEntry> entries = ModelEntries.make(settings);
        settings.apply();
        return entries.stream().map(ModelEntry::name).collect(java.util.stream.Collectors.toSet());
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
