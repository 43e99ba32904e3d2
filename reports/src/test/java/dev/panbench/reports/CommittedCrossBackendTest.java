package dev.panbench.reports;

import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;
import dev.panbench.harness.baseline.HistoryFiles;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.crossbackend.CrossBackendTables;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The committed cross-backend run ({@code baselines/vm-2core-cross-backend.json}, made with the roles the adapters
 * declare): every catalog row of it stands in one table, each sgemm shape with all six CPU backends measured and
 * checked, and the model rows with panbench's Java, numpy, ONNX Runtime and TVM from Java and from Python.
 */
class CommittedCrossBackendTest {

    private static final Path FILE = Path.of("..", "baselines", "vm-2core-cross-backend.json");

    private static CrossBackendTables.Section catalog() {
        ResultFile run = HistoryFiles.read(FILE, "vm-2core-cross-backend").latest().results();
        return CrossBackendTables.of(ResultsView.of(run, ReportOptions.DEFAULT)).sections().stream().filter(CrossBackendTables.Section::catalog)
                .findFirst().orElseThrow();
    }

    private static CrossBackendTables.Row row(CrossBackendTables.Section s, String workload, String params) {
        return s.rows().stream().filter(r -> r.workload().equals(workload) && r.params().equals(params))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + workload + " " + params));
    }

    @Test
    void sgemmStandsInOneRowWithEveryCpuBackendMeasured() {
        CrossBackendTables.Section s = catalog();
        for (String size : List.of("256", "1024")) {
            CrossBackendTables.Row r = row(s, "gemm/sgemm", "size=" + size + ", dtype=f32");
            for (String backend : List.of("simd", "openblas", "numpy", "onnxruntime", "tvm", "tvm-python")) {
                CrossBackendTables.Cell c = r.cells().get(backend);
                assertTrue(c != null && c.measured(), "gemm/sgemm " + size + " " + backend + ": " + c);
            }
            assertEquals("simd", r.reference());
        }
    }

    @Test
    void theModelRowsHoldJavaNumpyOnnxRuntimeAndTvm() {
        CrossBackendTables.Row bert = row(catalog(), "model/bert-layer",
                "batch=1, seq=128, hidden=768, heads=12, ffn=3072");
        for (String backend : List.of("simd", "numpy", "onnxruntime", "tvm", "tvm-python")) {
            assertTrue(bert.cells().get(backend).measured(), backend);
        }
    }
}
