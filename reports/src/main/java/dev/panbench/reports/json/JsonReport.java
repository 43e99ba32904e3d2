package dev.panbench.reports.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.crossbackend.CrossBackendTables;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.util.List;

/**
 * {@code results.json} / {@code comparison.json}: the input itself, in panbench's own schema, written the way the
 * harness writes it (unknown fields kept), so that reading it back gives the same file; beside a results file, when
 * it has cross-backend or cross-framework rows, {@code cross-backend.json} ({@link CrossBackendJson}).
 */
public final class JsonReport implements ResultsFormat, ComparisonFormat {

    @Override
    public String name() {
        return "json";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        ResultFile results = view.file();
        CrossBackendTables x = CrossBackendTables.of(view);
        if (x.isEmpty()) {
            return List.of(ReportFile.text(ResultFiles.FILE_NAME, json(results)));
        }
        return List.of(ReportFile.text(ResultFiles.FILE_NAME, json(results)),
                ReportFile.text(CrossBackendJson.FILE, json(CrossBackendJson.of(results, x))));
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable c, ReportOptions options) {
        return List.of(ReportFile.text(ComparisonFiles.FILE_NAME, json(c.comparison())));
    }

    static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }
}
