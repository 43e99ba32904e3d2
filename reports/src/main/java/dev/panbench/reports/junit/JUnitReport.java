package dev.panbench.reports.junit;

import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.compare.ComparisonTable.Unmatched;
import dev.panbench.reports.compare.ComparisonTable;
import dev.panbench.reports.format.ComparisonFormat;
import dev.panbench.reports.format.ReportFile;
import dev.panbench.reports.format.ResultsFormat;
import dev.panbench.reports.view.ComparisonCells;
import dev.panbench.reports.view.Grouping;
import dev.panbench.reports.view.Numbers;
import dev.panbench.reports.view.PartialRun;
import dev.panbench.reports.view.ReportOptions;
import dev.panbench.reports.view.ResultsView;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * JUnit XML, the test-report format every CI system shows. For a comparison ({@code comparison-junit.xml}) each
 * compared id is a test case and a regression is a failure, so a pull request's checks list exactly which
 * benchmarks regressed. For a results file ({@code junit.xml}) each result is a test case: failed results are
 * errors, skipped ones skipped, and the measured time is in the case's output. Valid against Jenkins xUnit's
 * junit-10.xsd: {@code testsuites} carries no {@code skipped} count there (each {@code testsuite} does).
 */
public final class JUnitReport implements ResultsFormat, ComparisonFormat {

    @Override
    public String name() {
        return "junit";
    }

    @Override
    public String summary() {
        return "junit.xml";
    }

    @Override
    public List<ReportFile> render(ResultsView view) {
        ResultFile file = view.file();
        Map<String, List<BenchResult>> byAdapter = new LinkedHashMap<>();
        for (BenchResult r : file.results()) {
            byAdapter.computeIfAbsent(r.adapter(), k -> new java.util.ArrayList<>()).add(r);
        }
        // an interrupted run's results it never finished are skipped test cases that say why
        String partial = PartialRun.note(file);
        List<String> left = partial == null ? List.of() : file.run().left();
        Map<String, List<String>> leftByAdapter = new LinkedHashMap<>();
        for (String id : left) {
            String adapter = id.contains("/") ? id.substring(0, id.indexOf('/')) : id;
            leftByAdapter.computeIfAbsent(adapter, k -> new java.util.ArrayList<>()).add(id);
            byAdapter.computeIfAbsent(adapter, k -> new java.util.ArrayList<>());
        }
        Xml x = new Xml();
        x.start("testsuites").attr("name", "panbench")
                .attr("tests", file.results().size() + left.size())
                .attr("failures", 0)
                .attr("errors", count(file.results(), BenchResult.Status.failed));
        String timestamp = file.run() == null || file.run().startedAt() == null ? null : stripZone(file.run().startedAt());
        String host = file.environment() == null ? null : file.environment().hostname();
        for (var e : byAdapter.entrySet()) {
            List<BenchResult> rs = e.getValue();
            List<String> notMeasured = leftByAdapter.getOrDefault(e.getKey(), List.of());
            x.start("testsuite").attr("name", "panbench." + e.getKey()).attr("tests", rs.size() + notMeasured.size())
                    .attr("failures", 0).attr("errors", count(rs, BenchResult.Status.failed))
                    .attr("skipped", count(rs, BenchResult.Status.skipped) + notMeasured.size()).attr("time", 0);
            if (timestamp != null) {
                x.attr("timestamp", timestamp);
            }
            if (host != null) {
                x.attr("hostname", host);
            }
            for (BenchResult r : rs) {
                x.start("testcase").attr("classname", "panbench." + r.adapter() + "." + Grouping.groupOf(r))
                        .attr("name", r.id().toString()).attr("time", 0);
                switch (r.status()) {
                    case ok -> {
                        if (r.stats() != null) {
                            var s = r.stats();
                            x.element("system-out", "median " + Numbers.score(s.median(), r.unit())
                                    + ", mean " + Numbers.score(s.mean(), r.unit())
                                    + ", stddev " + Numbers.score(s.stddev(), r.unit()) + ", n " + s.n()
                                    + " (" + s.median() + " " + r.unit() + ")"
                                    + (view.row(r).unsteady() == null ? "" : "; UNSTEADY: " + view.row(r).unsteady()));
                        }
                    }
                    case failed -> x.start("error").attr("type", "failed")
                            .attr("message", r.error() == null ? "failed" : r.error()).end();
                    case skipped -> x.start("skipped")
                            .attr("message", r.error() == null ? "skipped" : r.error()).end();
                }
                x.end();
            }
            for (String id : notMeasured) {
                x.start("testcase").attr("classname", "panbench." + e.getKey()).attr("name", id).attr("time", 0);
                x.start("skipped").attr("message", "not measured: " + partial).end();
                x.end();
            }
            x.end();
        }
        x.end();
        return List.of(ReportFile.text("junit.xml", x.finish()));
    }

    @Override
    public List<ReportFile> renderComparison(ComparisonTable c, ReportOptions options) {
        List<ComparisonTable.Row> rows = c.rows();
        long failures = c.count(Verdict.regressed);
        long errors = c.count(Unmatched.failed);
        long skipped = c.count(Unmatched.removed);
        Xml x = new Xml();
        x.start("testsuites").attr("name", "panbench comparison").attr("tests", rows.size())
                .attr("failures", failures).attr("errors", errors);
        x.start("testsuite").attr("name", "panbench.compare " + c.base() + " -> " + c.current())
                .attr("tests", rows.size()).attr("failures", failures).attr("errors", errors)
                .attr("skipped", skipped).attr("time", 0);
        for (ComparisonTable.Row r : rows) {
            x.start("testcase").attr("classname", "panbench." + r.id().adapter())
                    .attr("name", r.id().toString()).attr("time", 0);
            String detail = detail(c, r);
            if (r.verdict() == Verdict.regressed) {
                x.start("failure").attr("type", "regression").attr("message", detail).text(detail).end();
            } else if (r.unmatched() == Unmatched.failed) {
                x.start("error").attr("type", "failed").attr("message", detail).end();
            } else if (r.unmatched() == Unmatched.removed) {
                x.start("skipped").attr("message", detail).end();
            } else {
                x.element("system-out", detail);
            }
            x.end();
        }
        x.end();
        x.end();
        return List.of(ReportFile.text("comparison-junit.xml", x.finish()));
    }

    private static String detail(ComparisonTable c, ComparisonTable.Row r) {
        ComparisonCells cells = ComparisonCells.of(r);
        StringBuilder sb = new StringBuilder(r.label());
        if (r.ratio() != null) {
            sb.append(": ").append(cells.change()).append(" (time ratio ").append(cells.ratio());
            if (!cells.interval().isEmpty()) {
                sb.append(", ").append(Numbers.percent(c.level())).append(" interval ").append(cells.interval());
            }
            sb.append("; limit ").append(Numbers.percent(r.limit() == null ? c.threshold() : r.limit()));
            if (r.pValue() != null) {
                sb.append(", p ").append(cells.p());
            }
            sb.append(')');
        }
        if (r.baseValue() != null && r.currentValue() != null) {
            sb.append("; base ").append(cells.base()).append(", current ").append(cells.current());
        }
        if (r.note() != null && !r.note().isBlank()) {
            sb.append("; ").append(r.note());
        }
        return sb.toString();
    }

    private static long count(List<BenchResult> rs, BenchResult.Status s) {
        return rs.stream().filter(r -> r.status() == s).count();
    }

    /** JUnit's timestamp attribute is an ISO date-time without a zone. */
    private static String stripZone(String iso) {
        return iso.endsWith("Z") ? iso.substring(0, iso.length() - 1) : iso;
    }

    /** A small XML writer over StAX that also drops characters XML 1.0 cannot carry. */
    private static final class Xml {
        private final StringWriter out = new StringWriter();
        private final XMLStreamWriter w;

        Xml() {
            try {
                w = XMLOutputFactory.newInstance().createXMLStreamWriter(out);
                w.writeStartDocument("UTF-8", "1.0");
                w.writeCharacters("\n");
            } catch (XMLStreamException e) {
                throw new IllegalStateException(e);
            }
        }

        Xml start(String name) {
            try {
                w.writeStartElement(name);
            } catch (XMLStreamException e) {
                throw new IllegalStateException(e);
            }
            return this;
        }

        Xml attr(String name, Object value) {
            try {
                w.writeAttribute(name, clean(String.valueOf(value)));
            } catch (XMLStreamException e) {
                throw new IllegalStateException(e);
            }
            return this;
        }

        Xml text(String s) {
            try {
                w.writeCharacters(clean(s));
            } catch (XMLStreamException e) {
                throw new IllegalStateException(e);
            }
            return this;
        }

        Xml element(String name, String text) {
            return start(name).text(text).end();
        }

        Xml end() {
            try {
                w.writeEndElement();
            } catch (XMLStreamException e) {
                throw new IllegalStateException(e);
            }
            return this;
        }

        String finish() {
            try {
                w.writeEndDocument();
                w.close();
            } catch (XMLStreamException e) {
                throw new IllegalStateException(e);
            }
            return out + "\n";
        }

        /** Replaces code points XML 1.0 forbids (most controls, lone surrogates) with U+FFFD. */
        static String clean(String s) {
            StringBuilder sb = null;
            for (int i = 0; i < s.length(); ) {
                int cp = s.codePointAt(i);
                int n = Character.charCount(cp);
                boolean ok = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF)
                        || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
                if (!ok && sb == null) {
                    sb = new StringBuilder(s.substring(0, i));
                }
                if (sb != null) {
                    if (ok) {
                        sb.appendCodePoint(cp);
                    } else {
                        sb.append('\uFFFD');
                    }
                }
                i += n;
            }
            return sb == null ? s : sb.toString();
        }
    }
}
