package dev.panbench.reports.json;

import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.crossbackend.CrossBackendTables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cross-backend.json} (schema {@code panbench/cross-backend/v1}, published beside the results schema): the
 * tables of {@link CrossBackendTables} as data. One entry per table ({@code kind} {@code catalog} or {@code adapter}),
 * each row with its workload, shape, reference column and one cell per column that ran: the result id, status,
 * median in ns, speed-up against the reference, share of its device's peak, degraded and unsteady reasons, timer and
 * peak memory.
 * A derived file beside {@code results.json}, which stays the input itself.
 */
final class CrossBackendJson {

    static final String SCHEMA = "panbench/cross-backend/v1";
    static final String FILE = "cross-backend.json";

    private CrossBackendJson() {
    }

    static Map<String, Object> of(ResultFile file, CrossBackendTables x) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", SCHEMA);
        if (file.run() != null && file.run().id() != null) {
            m.put("run", file.run().id());
        }
        m.put("reference", x.reference());
        m.put("defaultReferences", CrossBackendTables.DEFAULT_REFERENCES);
        List<Object> tables = new ArrayList<>();
        for (CrossBackendTables.Section s : x.sections()) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("kind", s.catalog() ? "catalog" : "adapter");
            if (!s.catalog()) {
                t.put("adapter", s.adapter());
            }
            t.put("columns", s.columns());
            List<Object> rows = new ArrayList<>();
            for (CrossBackendTables.Row r : s.rows()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("workload", r.workload());
                row.put("shape", r.shape());
                row.put("reference", r.reference());
                List<Object> cells = new ArrayList<>();
                r.cells().values().forEach(c -> cells.add(cell(c)));
                row.put("cells", cells);
                rows.add(row);
            }
            t.put("rows", rows);
            tables.add(t);
        }
        m.put("tables", tables);
        return m;
    }

    private static Map<String, Object> cell(CrossBackendTables.Cell c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("column", c.column());
        m.put("backend", c.backend());
        m.put("id", c.id());
        m.put("status", c.status());
        if (c.measured()) {
            m.put("medianNs", c.nanos());
        }
        if (c.speedup() != null) {
            m.put("speedup", c.speedup());
            m.put("againstDegraded", c.againstDegraded());
            m.put("againstUnsteady", c.againstUnsteady());
        }
        if (c.share() != null) {
            Map<String, Object> share = new LinkedHashMap<>();
            share.put("fraction", c.share().fraction());
            share.put("kind", c.share().kind());
            m.put("shareOfPeak", share);
        }
        if (c.degraded() != null) {
            m.put("degraded", c.degraded());
        }
        if (c.unsteady() != null) {
            m.put("unsteady", c.unsteady());
        }
        if (c.timer() != null) {
            m.put("timer", c.timer());
        }
        if (c.peakMemoryBytes() != null) {
            m.put("peakMemoryBytes", c.peakMemoryBytes());
        }
        if (c.schedule() != null) {
            m.put("schedule", c.schedule());
        }
        if (c.untuned() != null) {
            m.put("untuned", c.untuned());
        }
        return m;
    }
}
