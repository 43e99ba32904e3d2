package dev.panbench.reports;

import dev.panbench.harness.conformance.PublishedSchemas;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.junit.JUnitReport;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JUnitXmlTest {

    /** Parses a JUnit file after checking it against Jenkins xUnit's junit-10.xsd (javax.xml.validation). */
    static Document parse(ReportFile f) throws Exception {
        assertEquals(Optional.empty(), PublishedSchemas.junit(f.asText()), f.name());
        var dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return dbf.newDocumentBuilder().parse(new ByteArrayInputStream(f.content()));
    }

    static List<Element> elements(Document d, String name) {
        NodeList nl = d.getElementsByTagName(name);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nl.getLength(); i++) {
            out.add((Element) nl.item(i));
        }
        return out;
    }

    @Test
    void comparisonHasOneCaseperIdAndRegressionsAreFailures() throws Exception {
        Document d = parse(new JUnitReport().renderComparison(Fixtures.comparison(), ReportOptions.DEFAULT).getFirst());
        List<Element> cases = elements(d, "testcase");
        assertEquals(8, cases.size());
        List<Element> failures = elements(d, "failure");
        assertEquals(2, failures.size());
        Element worst = (Element) failures.getFirst().getParentNode();
        assertEquals("cpu-simd/gemm/sgemm[size=256,dtype=f32,impl=simd]", worst.getAttribute("name"),
                "regressions come first, the largest first");
        assertTrue(failures.getFirst().getAttribute("message").contains("+20.8%"), failures.getFirst().getAttribute("message"));
        assertTrue(failures.getFirst().getAttribute("message").contains("[1.15x, 1.27x]"));
        Element suites = d.getDocumentElement();
        assertEquals("testsuites", suites.getTagName());
        assertEquals("2", suites.getAttribute("failures"));
        assertEquals("1", suites.getAttribute("errors"));
        assertEquals("", suites.getAttribute("skipped"), "junit-10.xsd has no skipped count on testsuites");
        assertEquals("1", elements(d, "testsuite").getFirst().getAttribute("skipped"));
        assertEquals(1, elements(d, "error").size());
        assertEquals(1, elements(d, "skipped").size());
    }

    @Test
    void resultsFileFailedIsErrorSkippedIsSkipped() throws Exception {
        Document d = parse(new JUnitReport().render(Fixtures.results(), ReportOptions.DEFAULT).getFirst());
        assertEquals(Fixtures.results().results().size(), elements(d, "testcase").size());
        assertEquals(1, elements(d, "error").size());
        assertEquals("fork exited with signal 11 (SIGSEGV)", elements(d, "error").getFirst().getAttribute("message"));
        assertEquals(1, elements(d, "skipped").size());
        assertEquals(3, elements(d, "testsuite").size(), "one suite per adapter");
    }

    @Test
    void theSchemaCheckRejectsWhatJenkinsRejects() {
        assertTrue(PublishedSchemas.junit("<testsuites skipped=\"1\"><testsuite tests=\"0\"/></testsuites>")
                .orElseThrow().contains("skipped"), "the attribute panbench used to write");
        assertTrue(PublishedSchemas.junit("<testsuites><testsuite/></testsuites>").isPresent(),
                "a testsuite without its required tests count");
    }

    @Test
    void hostileNamesStillMakeWellFormedXml() throws Exception {
        Document d = parse(new JUnitReport().render(Fixtures.hostile(), ReportOptions.DEFAULT).getFirst());
        List<Element> cases = elements(d, "testcase");
        assertEquals(3, cases.size());
        assertTrue(cases.getFirst().getAttribute("name").startsWith("evil<adapter>/call/<script>alert('x')</script>|`rm -rf`"),
                "names come back exactly after XML unescaping");
        String msg = elements(d, "error").getFirst().getAttribute("message");
        assertTrue(msg.contains("</td></tr><script>alert(2)</script>"));
        assertTrue(msg.endsWith("`y`\uFFFD"), "a control character XML cannot carry is replaced");
    }
}
