package dev.panbench.reports;

import dev.panbench.harness.catalog.SeedFigures;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.spi.Role;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.html.HtmlReport;
import dev.panbench.reports.markdown.MarkdownReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cross-backend and cross-framework tables, from a real run ({@code frameworks/results.json}: cpu-simd with numpy and a forced
 * {@code OPENBLAS_CORETYPE=Prescott}, tvm-ffi with Python's tvm_ffi): one row per workload and size, one column per
 * impl (sgemm and dot in the catalog table, the FFI calls in their adapter's), speed-ups against the row's
 * reference, published seed figures beside ours, and degraded peers said loudly.
 */
class CrossFrameworkReportTest {

    @TempDir
    Path tmp;

    private static ResultFile file() throws Exception {
        Path p = Path.of(CrossFrameworkReportTest.class.getResource("/frameworks/results.json").toURI());
        return ResultFiles.read(p);
    }

    private static BenchResult byId(ResultFile f, String id) {
        return f.results().stream().filter(r -> r.id().toString().equals(id)).findFirst().orElseThrow();
    }

    private static String row(String md, String start) {
        return md.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(start));
    }

    @Test
    void markdownHasOneTablePerAdapterWithSpeedupsAgainstTheFrameworkAndSeedFigures() throws Exception {
        ResultFile f = file();
        String md = new String(new MarkdownReport().render(f, ReportOptions.DEFAULT).getFirst().content(),
                StandardCharsets.UTF_8);
        assertTrue(md.contains("## Cross-backend"), md);
        assertTrue(md.indexOf("### Catalog workloads, every backend") < md.indexOf("### tvm-ffi"),
                "the catalog table first, then the adapters' rows that are not catalog workloads");
        assertFalse(md.contains("### cpu-simd"), "every cpu-simd row here is a catalog workload");
        assertTrue(row(md, "| reduce/dot | size=65536, dtype=f32 |").contains("DEGRADED"));
        String nop = row(md, "| call/nop | args=0 |");
        double java = Grouping.medianNanos(byId(f, "tvm-ffi/call/nop[args=0,impl=java]"));
        double python = Grouping.medianNanos(byId(f, "tvm-ffi/call/nop[args=0,impl=python]"));
        assertTrue(nop.contains(Numbers.time(java) + " (" + Numbers.factor(python / java) + ")"), nop);
        assertTrue(nop.contains("TVM NOP (no args): Julia 11 ns, Python 72 ns (TVMFFI.jl README)"), nop);
        assertTrue(row(md, "| call/tensor-arg | size=1024 |").contains("Python 298 ns"));
    }

    @Test
    void aSeedFigureFollowsTheRoleNotTheAdapterOrWorkloadName() {
        String seed = SeedFigures.TVM_NOP.key();
        List<BenchResult> rs = List.of(
                withRole(Fixtures.ok("ffi-next", "call/noop", "call", Fixtures.params("args", "0", "impl", "java"),
                        Fixtures.samples(10, 0.01, 1), null, null), Role.beside(seed)),
                withRole(Fixtures.ok("ffi-next", "call/noop", "call", Fixtures.params("args", "0", "impl", "python"),
                        Fixtures.samples(70, 0.02, 2), null, null), Role.framework("python").withSeed(seed)),
                withRole(Fixtures.ok("ffi-next", "call/noop", "call", Fixtures.params("args", "1", "impl", "java"),
                        Fixtures.samples(12, 0.01, 3), null, null), null),
                withRole(Fixtures.ok("ffi-next", "call/noop", "call", Fixtures.params("args", "1", "impl", "python"),
                        Fixtures.samples(80, 0.02, 4), null, null), Role.framework("python")));
        String md = new MarkdownReport().render(Fixtures.file("seeds", rs, java.util.Map.of()), ReportOptions.DEFAULT)
                .getFirst().asText();
        assertTrue(row(md, "| call/noop | args=0 |").contains(SeedFigures.TVM_NOP.text()), md);
        assertFalse(row(md, "| call/noop | args=1 |").contains("TVMFFI.jl"), md);
    }

    private static BenchResult withRole(BenchResult r, Role role) {
        return r.withFacts(f -> f.withRole(role));
    }

    @Test
    void degradedPeersAreMarkedInEveryTableAndEverySpeedupAgainstThem() throws Exception {
        ResultFile f = file();
        String md = new String(new MarkdownReport().render(f, new ReportOptions("openblas", false)).getFirst()
                .content(), StandardCharsets.UTF_8);
        assertTrue(md.contains("> **DEGRADED peers**"), md);
        assertTrue(md.contains("> - gemm/sgemm \\[size=256, dtype=f32\\] openblas: OpenBLAS runs its Prescott kernels (SSE)"
                + " on a CPU with AVX512"), md);
        assertTrue(md.contains("| Workload | Shape | simd | openblas (reference) | numpy | torch |"), md);
        String sgemm = row(md, "| gemm/sgemm | size=256, dtype=f32 |");
        assertTrue(sgemm.matches(".*\\| [^|]*vs DEGRADED[^|]* \\| \\*[^|*]*DEGRADED\\* \\|.*"),
                "simd's speed-up says it is against a degraded peer, openblas's cell is set in italics: " + sgemm);
        String group = row(md, "| gemm/sgemm \\[size=256, dtype=f32, impl=openblas, threads=1\\]");
        assertTrue(group.contains("**DEGRADED**"), group);
        assertTrue(md.contains("gemm/sgemm\\[size=256,dtype=f32,impl=numpy,threads=1\\]: **DEGRADED** (numpy's "
                + "OpenBLAS runs its Katmai kernels"), md);
    }

    @Test
    void untunedCellsAreMarkedAndEveryCompiledCellStatesItsScheduleInMarkdownHtmlAndJson() throws Exception {
        java.util.Map<String, String> sgemm = Fixtures.params("size", "1024", "dtype", "f32");
        java.util.Map<String, String> softmax = Fixtures.params("shape", "64x1024", "dtype", "f32");
        String why = "dlight, not tuned for this CPU (panbench tune --adapter tvm-ffi --filter softmax/rows tunes it)";
        List<BenchResult> rs = List.of(
                withRole(Fixtures.ok("cpu-simd", "gemm/sgemm", "gemm", Fixtures.params("size", "1024", "impl", "simd"),
                        Fixtures.samples(10_000_000, 0.01, 1), null, null), Role.of("gemm/sgemm", sgemm, "simd", null)),
                withRole(Fixtures.ok("tvm-ffi", "gemm/sgemm", "gemm", Fixtures.params("size", "1024", "impl", "tvm"),
                        Fixtures.samples(11_000_000, 0.01, 2), null, null), Role.of("gemm/sgemm", sgemm, "tvm", null)
                        .withSchedule("tuned 64 trials", null)),
                withRole(Fixtures.ok("cpu-simd", "softmax/rows", "softmax", Fixtures.params("shape", "64x1024",
                        "impl", "simd"), Fixtures.samples(22_000, 0.01, 3), null, null),
                        Role.of("softmax/rows", softmax, "simd", null)),
                withRole(Fixtures.ok("tvm-ffi", "softmax/rows", "softmax", Fixtures.params("shape", "64x1024",
                        "impl", "tvm"), Fixtures.samples(171_000, 0.01, 4), null, null),
                        Role.of("softmax/rows", softmax, "tvm", null).withSchedule("dlight", why)));
        ResultFile f = Fixtures.file("tuned", rs, java.util.Map.of());

        String md = new MarkdownReport().render(f, ReportOptions.DEFAULT).getFirst().asText();
        assertTrue(md.contains("> **UNTUNED**: these run a generic schedule"), md);
        assertTrue(md.contains("> - softmax/rows \\[shape=64x1024, dtype=f32\\] tvm: " + why), md);
        String untuned = row(md, "| softmax/rows | shape=64x1024, dtype=f32 |");
        assertTrue(untuned.contains(" UNTUNED \\[dlight\\]"), untuned);
        String tuned = row(md, "| gemm/sgemm | size=1024, dtype=f32 |");
        assertTrue(tuned.contains("\\[tuned 64 trials\\]") && !tuned.contains("UNTUNED"), tuned);

        String html = new HtmlReport().render(f, ReportOptions.DEFAULT).getFirst().asText();
        assertTrue(html.contains("<div class=\"notice untuned\"><p><b>UNTUNED</b>"), html);
        assertTrue(html.contains("UNTUNED<span class=\"note\">") && html.contains("[tuned 64 trials]</span>"), html);

        String json = new dev.panbench.reports.json.JsonReport().render(f, ReportOptions.DEFAULT).stream()
                .filter(r -> r.name().equals("cross-backend.json")).findFirst().orElseThrow().asText();
        assertTrue(json.contains("\"schedule\" : \"tuned 64 trials\"") || json.contains("\"schedule\":\"tuned 64 trials\""),
                json);
        assertTrue(json.contains(why), json);
    }

    @Test
    void htmlTableRendersInChromiumWithTheDegradedCellsMarked() throws Exception {
        HtmlInChromiumTest.findChromium();
        HtmlInChromiumTest.requireChromium();
        Path page = tmp.resolve("report.html");
        Files.write(page, new HtmlReport().render(file(), ReportOptions.DEFAULT).getFirst().content());
        HtmlInChromiumTest.Run dom = HtmlInChromiumTest.chromium(page, "--dump-dom");
        assertEquals(List.of(), dom.console());
        String html = dom.stdout();
        int at = html.indexOf("<section id=\"frameworks\">");
        assertTrue(at > 0, "the cross-framework section is in the page");
        String section = html.substring(at, html.indexOf("</section>", at));
        assertEquals(1, section.split("<table class=\"catalog\">", -1).length - 1, "the catalog table");
        assertEquals(1, section.split("<table class=\"adapter\">", -1).length - 1, "tvm-ffi's own table");
        assertEquals(4, section.split("class=\"num degraded\"", -1).length - 1,
                "openblas and numpy cells of dot and sgemm");
        assertFalse(section.contains("class=\"num degraded\" title=\"\""));
    }
}
