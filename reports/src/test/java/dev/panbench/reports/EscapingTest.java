package dev.panbench.reports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.bencher.BencherReport;
import dev.panbench.reports.ci.GithubBenchmarkReport;
import dev.panbench.reports.csv.CsvReport;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.html.HtmlReport;
import dev.panbench.reports.markdown.Markdown;
import dev.panbench.reports.markdown.MarkdownReport;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Names with markup, pipes, backticks and line breaks must come out as text in every format. */
class EscapingTest {

    private final ResultFile hostile = Fixtures.hostile();

    @Test
    void markdownCellsCannotBeSplitOrOpenMarkup() {
        String md = new MarkdownReport().render(hostile, new ReportOptions("<b>simd</b>|`x`", false)).getFirst().asText();
        assertFalse(md.contains("<script>"), md);
        assertFalse(md.contains("<b>"));
        assertTrue(md.contains("&lt;script&gt;alert('x')&lt;/script&gt;\\|\\`rm -rf\\`\\|"));
        for (String line : md.split("\n")) {
            if (line.startsWith("|")) {
                assertEquals(countCells(md.lines().filter(l -> l.startsWith("|")).findFirst().orElseThrow()),
                        countCells(line), "every table row has the header's cell count: " + line);
            }
        }
        assertFalse(md.contains("next line\n"), "a line break in a name does not end the table row");
    }

    @Test
    void markdownTextEscapesEachSpecialCharacter() {
        assertEquals("a\\|b \\`c\\` &lt;d&gt; e f \\*g\\* \\[h\\]", Markdown.text("a|b `c` <d> e\nf *g* [h]"));
        assertEquals("x y", Markdown.text("x\r\ny"));
    }

    /** Unescaped pipes separate cells; {@code \|} does not. */
    private static int countCells(String row) {
        int n = 0;
        for (int i = 0; i < row.length(); i++) {
            if (row.charAt(i) == '\\') {
                i++;
            } else if (row.charAt(i) == '|') {
                n++;
            }
        }
        return n;
    }

    @Test
    void htmlHasOnlyItsOwnScriptAndNoInjectedElements() {
        String html = new HtmlReport().render(hostile, new ReportOptions("<b>simd</b>|`x`", false)).getFirst().asText();
        Matcher m = Pattern.compile("<script", Pattern.CASE_INSENSITIVE).matcher(html);
        int scripts = 0;
        while (m.find()) {
            scripts++;
        }
        assertEquals(1, scripts, "the report's own script is the only one");
        assertFalse(html.contains("<img"));
        assertFalse(html.contains("<b>simd"));
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
        assertTrue(html.contains("&lt;/td&gt;&lt;/tr&gt;&lt;script&gt;alert(2)"));
        assertTrue(html.contains("&lt;script&gt;alert(3)&lt;/script&gt;"), "an unavailable adapter's reason is shown, escaped");
        assertFalse(html.contains("\u0001"));
    }

    @Test
    void csvQuotesAndDefusesAndReadsBackToTheSameFields() {
        String csv = new CsvReport().render(hostile, ReportOptions.DEFAULT).getFirst().asText();
        List<List<String>> rows = parseCsv(csv);
        assertEquals(1 + hostile.results().size(), rows.size());
        for (List<String> row : rows) {
            assertEquals(rows.getFirst().size(), row.size());
        }
        BenchResult first = hostile.results().getFirst();
        assertEquals(first.id().toString(), rows.get(1).get(0));
        assertEquals(first.workload(), rows.get(1).get(2), "a workload with quotes, commas and line breaks reads back whole");
        BenchResult failed = hostile.results().get(2);
        assertEquals(failed.error(), rows.get(3).get(rows.getFirst().indexOf("error")));
    }

    @Test
    void csvTextStartingLikeAFormulaGetsAnApostrophe() {
        assertEquals("'=HYPERLINK(\"x\")", dev.panbench.reports.csv.Csv.text("=HYPERLINK(\"x\")"));
        assertEquals("'@SUM(A1)", dev.panbench.reports.csv.Csv.text("@SUM(A1)"));
        assertEquals("jvm/call", dev.panbench.reports.csv.Csv.text("jvm/call"));
    }

    @Test
    void bencherNamesHaveNoWhitespaceAndEachOkResultIsOneLine() {
        String txt = new BencherReport().render(hostile, ReportOptions.DEFAULT).getFirst().asText();
        List<String> lines = txt.lines().toList();
        assertEquals(2, lines.size());
        Pattern p = Pattern.compile("^test (\\S+) \\.\\.\\. bench: +([0-9,.]+) ns/iter \\(\\+/- ([0-9,.]+)\\)$");
        for (String l : lines) {
            assertTrue(p.matcher(l).matches(), l);
        }
    }

    @Test
    void githubBenchmarkJsonKeepsNamesExactly() throws Exception {
        JsonNode arr = Json.MAPPER.readTree(new GithubBenchmarkReport().render(hostile, ReportOptions.DEFAULT).getFirst().asText());
        assertEquals(hostile.results().getFirst().id().toString(), arr.get(0).path("name").asText());
    }

    /** A strict RFC 4180 reader, to prove the writer's quoting. */
    static List<List<String>> parseCsv(String s) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < s.length() && s.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(f.toString());
                f.setLength(0);
            } else if (c == '\r' && i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                row.add(f.toString());
                f.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
                i++;
            } else {
                f.append(c);
            }
        }
        return rows;
    }
}
