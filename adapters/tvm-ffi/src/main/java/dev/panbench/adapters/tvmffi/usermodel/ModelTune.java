package dev.panbench.adapters.tvmffi.usermodel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.adapters.tvmffi.compiled.PythonScript;
import dev.panbench.adapters.tvmffi.compiled.TvmTune;
import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.spi.Tuner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code panbench tune} for TVM: the catalog's kernels ({@link TvmTune}) and, with {@code --model}, each user's model
 * at its dimensions, one task: MetaSchedule tunes the fused functions of the model's Relax module for one core of this
 * CPU ({@code tvm_model.py tune} in {@code .venv-tune}, as the catalog's tuning runs), the heaviest first (FLOPs times
 * calls, four trials' worth each), and keeps the database in the model's folder beside its untuned build, where the next {@code run --model}
 * builds the tuned one and its cells say {@code tuned (N trials)}.
 */
public final class ModelTune implements Tuner {

    private static final long TUNE_MINUTES = 24 * 60;

    private final TvmTune catalog = new TvmTune();

    @Override
    public int defaultTrials() {
        return catalog.defaultTrials();
    }

    /** The models' tasks ({@code model/STEM[<free dimensions>]}), then the catalog's. */
    @Override
    public List<Task> tasks() {
        List<Task> tasks = new ArrayList<>();
        for (ModelEntry e : ModelEntries.current()) {
            Map<String, String> dims = new LinkedHashMap<>();
            e.dims().forEach((k, v) -> dims.put(k, Long.toString(v)));
            tasks.add(new Task(e.name(), dims));
        }
        tasks.addAll(catalog.tasks());
        return tasks;
    }

    @Override
    public Outcome tune(Task task, int trials, Consumer<String> progress) {
        Optional<ModelEntry> entry = ModelEntries.current().stream().filter(e -> e.name().equals(task.workload()))
                .findFirst();
        if (entry.isEmpty()) {
            return catalog.tune(task, trials, progress);
        }
        Optional<Path> python = TvmTune.python();
        if (python.isEmpty()) {
            return Outcome.notTuned(task, Outcome.SKIPPED, "no Python to tune with: run scripts/setup.sh tune (it"
                    + " makes .venv-tune) or set " + TvmTune.PYTHON_ENV);
        }
        progress.accept("tuning " + task.label() + ": " + trials + " trials with " + python.get());
        List<String> args = new ArrayList<>(ModelBuild.args(entry.get()));
        args.addAll(List.of("--trials", Integer.toString(trials)));
        PythonScript.Reply r = ModelBuild.script(python.get(), "tune", args, entry.get(), TUNE_MINUTES);
        ModelBuild.forget();
        if (r.error() != null) {
            return Outcome.notTuned(task, Outcome.FAILED, "tuning " + task.label() + ": " + r.error());
        }
        if (r.has("skipped")) {
            return Outcome.notTuned(task, Outcome.SKIPPED, r.text("skipped"));
        }
        JsonNode j = r.json();
        JsonNode t = j.path("target");
        String searched = j.path("tuned_tasks").asInt() + " of " + j.path("tasks").asInt() + " fused functions"
                + " tuned (the heaviest " + j.path("chosen").asInt() + " given " + trials + " trials); MetaSchedule, " + j.path("cost_model").asText() + " cost model, target llvm -mcpu="
                + t.path("mcpu").asText() + " -num-cores=" + t.path("num-cores").asText() + ", apache-tvm "
                + j.path("tvm").asText() + "; run --model " + entry.get().file().given() + " builds with it";
        Path database = Path.of(j.path("database").asText());
        Path here = Path.of("").toAbsolutePath();
        return new Outcome(task, Outcome.TUNED, null, j.path("trials").asInt(trials), j.path("records").asInt(),
                Double.NaN, j.path("wall_s").asDouble(), (database.startsWith(here) ? here.relativize(database)
                : database).toString(), searched);
    }
}
