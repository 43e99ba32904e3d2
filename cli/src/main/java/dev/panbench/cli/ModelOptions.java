package dev.panbench.cli;

import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.ModelSettings;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * A user's own ONNX models ({@code --model}) and how to feed and check them: each becomes the catalog entry
 * {@code model/STEM} ({@link ModelEntry}) on every backend that runs ONNX, through system properties a fork gets too.
 */
public final class ModelOptions {

    // split: panbench.json's models arrive as one ':'-separated default, as its adapterPath does
    @Option(names = "--model", paramLabel = "PATH", split = ":", hideParamSyntax = true, description = "Your ONNX"
            + " model: an .onnx file, or a folder holding model.onnx and test_data_set_N/ (repeatable, or"
            + " ':'-separated). Runs it as model/STEM on every backend here.")
    List<Path> models;

    @Option(names = "--dim", paramLabel = "NAME=VALUE", description = "A free dimension of the model (batch, height,"
            + " sequence); default 1 (repeatable).")
    List<String> dims;

    @Option(names = "--inputs", paramLabel = "FILE.npz|DIR", description = "The model's inputs: an .npz by input name,"
            + " or a folder of input_K.pb (default: the model folder's test data, else generated).")
    Path inputs;

    @Option(names = "--input-range", paramLabel = "NAME=LO:HI", description = "Draw this generated input uniformly"
            + " from LO to HI (integers default to 0 to 255, floats to N(0,1)) (repeatable).")
    List<String> ranges;

    @Option(names = "--input-seed", paramLabel = "N", description = "The seed of generated inputs (default: 1).")
    Long seed;

    @Option(names = "--atol", paramLabel = "TOL", description = "Absolute tolerance of outputs against the"
            + " reference, DTYPE=TOL for one type (default float32 1e-4, float16 1e-2, float64 1e-7; integers exact)"
            + " (repeatable).")
    List<String> atol;

    @Option(names = "--rtol", paramLabel = "TOL", description = "Relative tolerance, DTYPE=TOL for one type"
            + " (default float32 1e-3, float16 1e-2, float64 1e-6) (repeatable).")
    List<String> rtol;

    private ModelSettings applied;

    boolean given() {
        return models != null && !models.isEmpty();
    }

    /**
     * Makes the models' catalog entries (bad input fails here, before anything runs) and sets the properties the
     * adapters and forks read; returns the entries.
     */
    List<ModelEntry> apply() {
        ModelSettings settings = ModelSettings.parse(models == null ? List.of() : models, orEmpty(dims), inputs,
                orEmpty(ranges), seed, orEmpty(atol), orEmpty(rtol));
        List<ModelEntry> entries = ModelEntries.make(settings);
        settings.apply();
        applied = settings;
        return entries;
    }

    /** The models {@link #apply()} made entries of, absolute; none before it. */
    List<Path> paths() {
        return applied == null ? List.of() : applied.models();
    }

    /**
     * Makes the entries as {@link #apply()} does and selects their rows alone where no filter was given; the run
     * header of each entry goes to {@code out}.
     */
    List<ModelEntry> select(SelectionOptions selection, PrintWriter out) {
        List<ModelEntry> entries = given() ? apply() : List.of();
        if (!entries.isEmpty() && selection.filter == null) {
            selection.filter = filterFor(entries);
        }
        entries.forEach(m -> out.println(header(m)));
        return entries;
    }

    /** A filter that selects the rows of these models alone: {@code /model/(a|b)\[}. */
    static String filterFor(List<ModelEntry> entries) {
        return "/model/(" + String.join("|", entries.stream().map(e -> java.util.regex.Pattern.quote(e.file().stem()))
                .toList()) + ")(\\[|$)";
    }

    /** What a run says before it starts: where each model's inputs come from, with the seed and defaulted dims. */
    static String header(ModelEntry e) {
        return e.name() + ": " + e.description().replaceFirst("^your model ", "");
    }

    private static List<String> orEmpty(List<String> l) {
        return l == null ? List.of() : l;
    }
}
