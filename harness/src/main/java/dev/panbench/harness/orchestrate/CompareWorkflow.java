package dev.panbench.harness.orchestrate;

import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Comparisons;
import dev.panbench.harness.model.ResultFile;

import java.nio.file.Path;

/**
 * The compare workflow: two results files compared result by result, and the comparison written as
 * {@code comparison.json} into a directory. {@code compare}, {@code ab} and {@code run --compare-with} all go through
 * it, so the comparison they write is made one way.
 */
public final class CompareWorkflow {

    /** The comparison and the file it was written to. */
    public record Outcome(Comparison comparison, Path file) {
    }

    private CompareWorkflow() {
    }

    public static Outcome run(ResultFile base, String baseLabel, ResultFile current, String currentLabel,
                              CompareSettings settings, Path outDir) {
        Comparison comparison = Comparisons.compare(base, baseLabel, current, currentLabel, settings);
        Path file = outDir.resolve(ComparisonFiles.FILE_NAME);
        ComparisonFiles.write(file, comparison);
        return new Outcome(comparison, file);
    }
}
