package dev.panbench.reports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.conformance.PublishedSchemas;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.PeakMemory;
import dev.panbench.harness.model.ResultFacts;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.Roles;
import dev.panbench.reports.html.HtmlReport;
import dev.panbench.reports.json.JsonReport;
import dev.panbench.reports.markdown.MarkdownReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The catalog table from a real run of two adapters ({@code crossbackend/results.json}: {@code ./panbench run --quick
 * --adapter cpu-simd --adapter gpu-opencl --param threads=1,2 --filter ...} on the 2-core VM, PoCL as the OpenCL
 * device; written before adapters declared roles, so every role here is the inferred one): sgemm, softmax and add
 * with simd at one and two threads, openblas, numpy and OpenCL's kernels side by side, each against its own device's
 * ceilings; in Markdown, HTML (in headless Chromium) and {@code cross-backend.json} against its schema.
 */
class CrossBackendReportTest {

    private static final String HEADER = "| Workload | Shape | simd threads=1 (reference) | simd threads=2 | numpy | "
            + "openblas | opencl | opencl-naive | opencl-tiled |";
    private static final String SGEMM = "cpu-simd/gemm/sgemm[size=256,dtype=f32,impl=simd,threads=1]";
    private static final String TILED = "gpu-opencl/gemm/sgemm[size=256,impl=tiled,device=0]";

    @TempDir
    Path tmp;

    static ResultFile file() throws Exception {
        return ResultFiles.read(Path.of(CrossBackendReportTest.class.getResource("/crossbackend/results.json").toURI()));
    }

    private static BenchResult byId(ResultFile f, String id) {
        return f.results().stream().filter(r -> r.id().toString().equals(id)).findFirst().orElseThrow();
    }

    private static String md(ResultFile f, String reference) {
        return new String(new MarkdownReport().render(f, new ReportOptions(reference, false)).getFirst().content(),
                StandardCharsets.UTF_8);
    }

    private static String row(String md, String start) {
        return md.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start
                + " in\n" + md));
    }

    private static double flops(BenchResult r) {
        return r.throughput().flopsPerSec();
    }

    @Test
    void oneRowPerCatalogWorkloadAndShapeWithEveryAdaptersBackendsAsColumns() throws Exception {
        ResultFile f = file();
        String md = md(f, null);
        String section = md.substring(md.indexOf("### Catalog workloads, every backend\n\n"));
        assertTrue(section.startsWith("### Catalog workloads, every backend\n\nSpeed-ups against **simd threads=1**, "
                + "the reference of every row."), section);
        assertTrue(section.contains("\n\n" + HEADER + "\n"), section);
        String sgemm = row(md, "| gemm/sgemm | size=256, dtype=f32 |");
        double simd = Grouping.medianNanos(byId(f, SGEMM));
        BenchResult tiled = byId(f, TILED);
        double gpuPeak = flops(byId(f, "gpu-opencl/machine/peak-flops[items=8192,iters=4096,device=0]"));
        assertTrue(sgemm.contains(Numbers.time(Grouping.medianNanos(tiled)) + " (" + Numbers.factor(simd
                        / Grouping.medianNanos(tiled)) + ", " + Numbers.percent(flops(tiled) / gpuPeak) + " FLOP)"),
                "the OpenCL kernel's speed-up against simd and its share of the OpenCL device's own peak: " + sgemm);
        BenchResult openblas = byId(f, "cpu-simd/gemm/sgemm[size=256,dtype=f32,impl=openblas,threads=1]");
        double cpuPeak = flops(byId(f, "cpu-simd/machine/peak-flops[dtype=f32,threads=1]"));
        assertTrue(sgemm.contains(Numbers.percent(flops(openblas) / cpuPeak) + " FLOP"), "openblas against the CPU's");
        assertEquals(9, sgemm.split("\\|", -1).length - 2, "two label cells and seven backends, the reference "
                + "(simd threads=1 in every row) in the header: " + sgemm);
        String add = row(md, "| binary/add | size=1048576, dtype=f32 |");
        assertTrue(add.matches(".*\\| [^|]+ \\| \\| [^|]+ \\| \\| [^|]+ \\| \\| \\|$"),
                "simd threads=1, numpy and opencl; the others empty: " + add);
        assertTrue(md.indexOf("### Catalog workloads") < md.indexOf("## cpu-simd / machine"), "before the groups");
    }

    @Test
    void referenceNamesABackendOrAnImplAndRowsWithoutItFallBackToSimd() throws Exception {
        ResultFile f = file();
        String md = md(f, "opencl-tiled");
        String sgemm = row(md, "| gemm/sgemm | size=256, dtype=f32 | opencl-tiled |");
        double tiled = Grouping.medianNanos(byId(f, TILED));
        assertTrue(sgemm.contains(Numbers.time(Grouping.medianNanos(byId(f, SGEMM))) + " (" + Numbers.factor(tiled
                / Grouping.medianNanos(byId(f, SGEMM))) + ", "), sgemm);
        row(md, "| softmax/rows | shape=1024x1024, dtype=f32 | simd threads=1 |");
        assertTrue(row(md, "| gemm/sgemm \\[size=256, impl=naive, device=0\\]").contains(
                Numbers.factor(tiled / Grouping.medianNanos(byId(f, "gpu-opencl/gemm/sgemm[size=256,impl=naive,device=0]")))),
                "the group table's speed-up column takes the backend's name too (impl=tiled on gpu-opencl)");
        assertTrue(md(f, "numpy").contains("| Workload | Shape | simd threads=1 | simd threads=2 | numpy (reference) |"),
                "numpy is in every row: the header says so");
        row(md(f, "simd threads=2"), "| gemm/sgemm | size=256, dtype=f32 | simd threads=2 |");
    }

    @Test
    void failedAndSkippedCellsSaySoAndNeverServeAsTheReference() throws Exception {
        ResultFile f = file();
        List<BenchResult> rs = new ArrayList<>();
        for (BenchResult r : f.results()) {
            String id = r.id().toString();
            if (id.equals(SGEMM)) {
                rs.add(BenchResult.notMeasured(r.id(), r.group(), r.mode(), BenchResult.Status.failed,
                        "fork exited with signal 11 (SIGSEGV)", r.counts()));
            } else if (id.startsWith("gpu-opencl/softmax/rows")) {
                rs.add(BenchResult.notMeasured(r.id(), r.group(), r.mode(), BenchResult.Status.skipped,
                        "no OpenCL device", r.counts()));
            } else {
                rs.add(r);
            }
        }
        ResultFile broken = new ResultFile(f.schema(), f.run(), f.environment(), f.config(), rs, f.extra());
        String md = md(broken, null);
        String sgemm = row(md, "| gemm/sgemm | size=256, dtype=f32 | simd threads=2 |");
        assertTrue(sgemm.contains("| failed |"), "simd at one thread failed, so simd at two is the reference: " + sgemm);
        assertTrue(row(md, "| softmax/rows |").contains("| skipped |"));
    }

    @Test
    void jsonTablesConformToTheirPublishedSchema() throws Exception {
        var files = new JsonReport().render(file(), ReportOptions.DEFAULT);
        assertEquals(List.of("results.json", "cross-backend.json"), files.stream().map(ReportFile::name).toList());
        Path json = tmp.resolve("cross-backend.json");
        Files.write(json, files.get(1).content());
        assertEquals(Optional.empty(), PublishedSchemas.problems(json));
        JsonNode root = Json.MAPPER.readTree(json.toFile());
        assertEquals("panbench/cross-backend/v1", root.path("schema").asText());
        JsonNode catalog = root.path("tables").get(0);
        assertEquals("catalog", catalog.path("kind").asText());
        assertEquals(7, catalog.path("columns").size());
        JsonNode sgemm = catalog.path("rows").get(2);
        assertEquals("gemm/sgemm", sgemm.path("workload").asText());
        assertEquals("256", sgemm.path("shape").path("size").asText());
        assertEquals("simd threads=1", sgemm.path("reference").asText());
        JsonNode tiled = null;
        for (JsonNode c : sgemm.path("cells")) {
            tiled = c.path("id").asText().equals(TILED) ? c : tiled;
        }
        assertEquals("opencl-tiled", tiled.path("column").asText());
        assertEquals("opencl-tiled", tiled.path("backend").asText());
        assertEquals("FLOP", tiled.path("shareOfPeak").path("kind").asText());
        List<String> shareFields = new ArrayList<>();
        tiled.path("shareOfPeak").fieldNames().forEachRemaining(shareFields::add);
        assertEquals(List.of("fraction", "kind"), shareFields, "the share's fields in one order, the same in every run");
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"schema\":\"panbench/cross-backend/v1\",\"tables\":[{\"kind\":\"adapter\","
                + "\"columns\":[],\"rows\":[]}]}");
        assertTrue(PublishedSchemas.problems(bad).isPresent(), "an adapter table must name its adapter");
    }

    /** The run's sgemm rows as a model workload at batch 1, 8 and 32 with a declared role and a peak memory. */
    static ResultFile withBatchRows(ResultFile f) {
        List<BenchResult> rs = new ArrayList<>(f.results());
        for (String id : List.of(SGEMM, "cpu-simd/gemm/sgemm[size=256,dtype=f32,impl=numpy,threads=1]", TILED)) {
            BenchResult r = byId(f, id);
            String backend = Roles.of(r).backend();
            for (int batch : List.of(1, 8, 32)) {
                Map<String, String> p = new LinkedHashMap<>();
                p.put("batch", Integer.toString(batch));
                p.put("seq", "16");
                r.params().forEach((k, v) -> {
                    if (!k.equals("size") && !k.equals("dtype")) {
                        p.put(k, v);
                    }
                });
                double scale = batch * (backend.equals("numpy") ? 1.0 : 0.8 + 0.2 / batch);
                List<List<Double>> forks = r.forks().stream().map(fk -> fk.stream().map(s -> s * scale).toList())
                        .toList();
                Map<String, String> shape = new LinkedHashMap<>();
                shape.put("batch", p.get("batch"));
                shape.put("seq", "16");
                ResultFacts facts = r.facts().withRole(Role.of("model/bert-layer", shape, backend, Roles.framework(r)))
                        .withPeakMemory(new PeakMemory((long) ((60 + 12.5 * batch) * (1 << 20)), null, null));
                rs.add(BenchResult.measured(new ResultId(r.adapter(), "model/bert-layer", new Params(p)), "model",
                        r.unit(), r.mode(), forks, r.allocBytesPerOp(), r.counts(), facts, r.extra()));
            }
        }
        return new ResultFile(f.schema(), f.run(), f.environment(), f.config(), rs, f.extra());
    }

    @Test
    void batchRowsGetAPeakMemoryInTheirCellsAndGroupTable() throws Exception {
        String md = md(withBatchRows(file()), null);
        String b8 = row(md, "| model/bert-layer | batch=8, seq=16 |");
        assertTrue(b8.contains("160.0 MiB peak"), b8);
        assertTrue(md.contains("| Of peak | Peak memory |"), "the model group's table has a memory column");
    }

    @Test
    void htmlShowsTheCatalogTableAndThroughputAgainstBatchInChromium() throws Exception {
        HtmlInChromiumTest.findChromium();
        HtmlInChromiumTest.requireChromium();
        Path page = tmp.resolve("report.html");
        Files.write(page, new HtmlReport().render(withBatchRows(file()), ReportOptions.DEFAULT).getFirst().content());
        HtmlInChromiumTest.Run dom = HtmlInChromiumTest.chromium(page, "--dump-dom");
        assertEquals(List.of(), dom.console());
        String html = dom.stdout();
        int at = html.indexOf("<table class=\"catalog\">");
        assertTrue(at > 0, "the catalog table is in the page");
        String table = html.substring(at, html.indexOf("</table>", at));
        for (String column : List.of("simd threads=2", "openblas", "numpy", "opencl-naive", "opencl-tiled")) {
            assertTrue(table.contains("<th class=\"num\">" + column + "</th>"), column);
        }
        assertTrue(table.contains("<span class=\"note\">"), "speed-ups and shares on a line of their own");
        assertEquals(7, table.split("<tr>", -1).length - 1, "a heading and six rows (three kernels, three batches)");
        assertTrue(html.contains("id=\"batch-model-bert-layer"), "the batch chart");
        assertTrue(html.contains("model/bert-layer [seq=16] (throughput against batch)"), "its caption");
        assertTrue(html.contains("model/bert-layer [seq=16] (peak memory against batch)"));
        Path shot = Path.of("target", "chromium", "cross-backend.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Path kept = shot.resolveSibling("cross-backend.html");
        Files.copy(page, kept, StandardCopyOption.REPLACE_EXISTING);
        Files.deleteIfExists(shot);
        HtmlInChromiumTest.Run run = HtmlInChromiumTest.chromium(kept, "--screenshot=" + shot);
        assertEquals(List.of(), run.console());
        BufferedImage img = ImageIO.read(shot.toFile());
        assertEquals(1400, img.getWidth());
        assertTrue(HtmlInChromiumTest.distinctColours(img) > 50, "the screenshot shows the page, not a blank one");
    }
}
