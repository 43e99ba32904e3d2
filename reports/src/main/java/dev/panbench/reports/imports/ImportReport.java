package dev.panbench.reports.imports;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.console.TextTable;
import dev.panbench.reports.view.Numbers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What {@code import} prints: a row an imported result (samples, median), then what was read and where it went. */
public final class ImportReport {

    private ImportReport() {
    }

    /** {@code inputs} files of {@code format} (its description) imported as {@code results}, written to {@code out}. */
    public static String render(ResultFile results, int inputs, String format, Path out) {
        List<String[]> rows = new ArrayList<>();
        for (BenchResult r : results.results()) {
            rows.add(new String[]{r.id().toString(), r.samples().size() + " samples",
                    "median " + Numbers.score(r.stats().median(), r.unit())});
        }
        return TextTable.render(rows, 1, 2) + "imported " + results.results().size() + " result(s) from " + inputs
                + " " + format + " input(s) into " + out + "\n";
    }
}
