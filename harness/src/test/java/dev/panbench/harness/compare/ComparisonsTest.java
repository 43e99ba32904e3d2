package dev.panbench.harness.compare;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Fixtures;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonsTest {

    private static final SplittableRandom RND = new SplittableRandom(99);

    private static ResultFile base() {
        return Fixtures.file("base", Fixtures.machine("Test CPU"), List.of(
                Fixtures.ok("jvm/steady", "ns/op", Fixtures.noisy(RND, 10, 100, 0.01)),
                Fixtures.ok("jvm/slower", "ns/op", Fixtures.noisy(RND, 10, 100, 0.01)),
                Fixtures.ok("jvm/faster", "ns/op", Fixtures.noisy(RND, 10, 100, 0.01)),
                Fixtures.ok("jvm/gone", "ns/op", Fixtures.noisy(RND, 10, 100, 0.01)),
                Fixtures.ok("jvm/crashes", "ns/op", Fixtures.noisy(RND, 10, 100, 0.01)),
                Fixtures.ok("jvm/thrpt", "ops/s", Fixtures.noisy(RND, 10, 1000, 0.01))));
    }

    private static ResultFile current(String cpu) {
        return Fixtures.file("current", Fixtures.machine(cpu), List.of(
                Fixtures.ok("jvm/steady", "ns/op", Fixtures.noisy(RND, 10, 100, 0.01)),
                Fixtures.ok("jvm/slower", "ns/op", Fixtures.noisy(RND, 10, 120, 0.01)),
                Fixtures.ok("jvm/faster", "ns/op", Fixtures.noisy(RND, 10, 80, 0.01)),
                Fixtures.ok("jvm/new", "ns/op", Fixtures.noisy(RND, 10, 100, 0.01)),
                Fixtures.failed("jvm/crashes", "forked JVM crashed with exit code 139 (signal 11)"),
                Fixtures.ok("jvm/thrpt", "ops/s", Fixtures.noisy(RND, 10, 800, 0.01))));
    }

    @Test
    void aModelRowThatRanAnotherModelFileSaysSo() {
        String id = "onnxruntime/model/conv[threads=1,impl=java]";
        BenchResult was = Fixtures.ok(id, "ns/op", Fixtures.noisy(RND, 10, 100, 0.01))
                .withFacts(f -> f.withFramework(Map.of(ModelEntry.HASH_FACT, "83af6698e06e")));
        BenchResult same = Fixtures.ok(id, "ns/op", Fixtures.noisy(RND, 10, 100, 0.01))
                .withFacts(f -> f.withFramework(Map.of(ModelEntry.HASH_FACT, "83af6698e06e")));
        BenchResult other = Fixtures.ok(id, "ns/op", Fixtures.noisy(RND, 10, 900, 0.01))
                .withFacts(f -> f.withFramework(Map.of(ModelEntry.HASH_FACT, "a2e34b2bdfd9")));
        Change changed = Comparisons.change(was, other, CompareSettings.DEFAULT);
        assertEquals(Verdict.regressed, changed.verdict());
        assertTrue(changed.note().contains("another model file: sha256 83af6698e06e in base, a2e34b2bdfd9 in current"),
                changed.note());
        Change kept = Comparisons.change(was, same, CompareSettings.DEFAULT);
        assertTrue(kept.note() == null || !kept.note().contains("model file"), kept.note());
    }

    @Test
    void matchesByIdAndGivesEachChangeItsVerdict() {
        Comparison c = Comparisons.compare(base(), "base.json", current("Test CPU"), "current.json",
                CompareSettings.DEFAULT);
        assertEquals(Comparison.SCHEMA, c.schema());
        assertEquals(List.of("jvm/thrpt", "jvm/slower"), c.withVerdict(Verdict.regressed).stream()
                .map(ch -> ch.id().toString()).toList(), "regressions first, the worst first, in time and throughput units");
        assertEquals("jvm/thrpt", c.changes().getFirst().id().toString());
        assertEquals(List.of("jvm/faster"), c.withVerdict(Verdict.improved).stream().map(ch -> ch.id().toString()).toList());
        assertEquals(List.of("jvm/steady"), c.withVerdict(Verdict.unchanged).stream().map(ch -> ch.id().toString()).toList());
        assertEquals(List.of(ResultId.parse("jvm/new")), c.added());
        assertEquals(List.of(ResultId.parse("jvm/gone")), c.removed());
        assertEquals(1, c.failed().size());
        assertEquals("current", c.failed().getFirst().side());
        assertTrue(c.environment().matches());
        assertEquals(Map.of(Verdict.regressed, 2, Verdict.inconclusive, 0, Verdict.improved, 1,
                Verdict.unchanged, 1), c.summary());
        Change slower = c.changes().get(1);
        assertEquals(1.2, slower.ratio(), 0.02);
        assertTrue(slower.ciLower() > 1.1 && slower.ciUpper() < 1.3, slower.toString());
        assertTrue(slower.pValue() < 0.001);
        Change thrpt = c.withVerdict(Verdict.regressed).getFirst();
        assertEquals(0.8, thrpt.ratio(), 0.02);
        assertEquals(1.25, thrpt.slowdown(), 0.03);
    }

    @Test
    void rerunsOfTheSameComparisonAgree() {
        ResultFile b = base();
        ResultFile cur = current("Test CPU");
        Comparison one = Comparisons.compare(b, "b", cur, "c", CompareSettings.DEFAULT);
        Comparison two = Comparisons.compare(b, "b", cur, "c", CompareSettings.DEFAULT);
        assertEquals(one.changes(), two.changes());
    }

    @Test
    void differentMachinesWarnByDefaultAndAreRefusedWhenStrict() {
        Comparison c = Comparisons.compare(base(), "base.json", current("Other CPU"), "current.json",
                CompareSettings.DEFAULT);
        assertFalse(c.environment().matches());
        assertEquals(List.of(new EnvironmentDiff.Difference("cpu.model", "Test CPU", "Other CPU")),
                c.environment().differences());
        var e = assertThrows(BadInputException.class, () -> Comparisons.compare(base(), "base.json",
                current("Other CPU"), "current.json", CompareSettings.DEFAULT.withStrictEnv(true)));
        assertEquals("--strict-env: base.json and current.json ran on different machines: cpu.model 'Test CPU' vs"
                + " 'Other CPU'", e.getMessage());
    }

    @Test
    void criticalResultsAreHeldToTheirOwnThreshold() {
        ResultFile b = base();
        ResultFile cur = current("Test CPU");
        CompareSettings loose = CompareSettings.DEFAULT.withThreshold(0.30)
                .withRule(new CompareSettings.ThresholdRule("slower", 0.10));
        Comparison c = Comparisons.compare(b, "b", cur, "c", loose);
        assertEquals(List.of("jvm/slower"), c.withVerdict(Verdict.regressed).stream().map(ch -> ch.id().toString()).toList(),
                "20% slower breaks the critical 10% limit; the 25% throughput drop is within the general 30%");
        assertEquals(0.10, c.withVerdict(Verdict.regressed).getFirst().threshold());
        Gate.Outcome gate = Gate.evaluate(c);
        assertFalse(gate.passed());
        assertTrue(Gate.evaluate(Comparisons.compare(b, "b", cur, "c", CompareSettings.DEFAULT.withThreshold(0.5)))
                .passed());
    }

    @Test
    void tooFewSamplesAreInconclusiveWithAReason() {
        ResultFile b = Fixtures.file("b", Fixtures.machine("X"), List.of(Fixtures.ok("jvm/one", "ns/op", List.of(1.0))));
        ResultFile cur = Fixtures.file("c", Fixtures.machine("X"), List.of(Fixtures.ok("jvm/one", "ns/op", List.of(2.0))));
        Change ch = Comparisons.compare(b, "b", cur, "c", CompareSettings.DEFAULT).changes().getFirst();
        assertEquals(Verdict.inconclusive, ch.verdict());
        assertNull(ch.pValue());
        assertTrue(ch.note().startsWith("too few samples"), ch.note());
        assertTrue(Gate.evaluate(Comparisons.compare(b, "b", cur, "c", CompareSettings.DEFAULT)).passed(),
                "the gate never fails on what it cannot tell");
    }

    @Test
    void comparisonFileRoundTripsWithItsSchema(@TempDir Path dir) throws Exception {
        Comparison c = Comparisons.compare(base(), "b", current("Test CPU"), "c", CompareSettings.DEFAULT);
        Path f = dir.resolve(ComparisonFiles.FILE_NAME);
        ComparisonFiles.write(f, c);
        Comparison back = ComparisonFiles.read(f);
        assertEquals(c.changes(), back.changes());
        assertEquals(c.summary(), back.summary());
        String json = Files.readString(f);
        assertTrue(json.contains("\"schema\" : \"panbench/comparison/v1\""), json);
        Files.writeString(f, json.replace("panbench/comparison/v1", "panbench/comparison/v2"));
        var e = assertThrows(BadInputException.class, () -> ComparisonFiles.read(f));
        assertTrue(e.getMessage().contains("schema \"panbench/comparison/v2\" is not supported"), e.getMessage());
    }

    @Test
    void scaledCopyOfARunIsARegression() {
        ResultFile b = base();
        ResultFile slower = b.withResults(b.results().stream().map(r -> r.scaled(1.2)).toList());
        Comparison c = Comparisons.compare(b, "b", slower, "c", CompareSettings.DEFAULT);
        for (Change ch : c.changes()) {
            if (ch.unit().equals("ns/op")) {
                assertEquals(Verdict.regressed, ch.verdict(), ch.toString());
            } else {
                assertEquals(Verdict.improved, ch.verdict(), "a throughput scaled up is faster: " + ch);
            }
        }
        assertFalse(Gate.evaluate(c).passed());
    }

    @Test
    void resultsFileOfAnotherSchemaIsRefused(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("r.json");
        ResultFiles.write(f, base());
        Files.writeString(f, Files.readString(f).replace("panbench/result/v1", "panbench/result/v2"));
        var e = assertThrows(BadInputException.class, () -> ResultFiles.read(f));
        assertTrue(e.getMessage().startsWith(f + ": schema \"panbench/result/v2\" is not supported"), e.getMessage());
    }

    @Test
    void percentagesParseBothWays() {
        assertEquals(0.05, Percent.parse("5%", "--threshold"), 1e-12);
        assertEquals(0.05, Percent.parse("0.05", "--threshold"), 1e-12);
        assertEquals(0.125, Percent.parse("12.5 %", "--threshold"), 1e-12);
        assertEquals("12.5%", Percent.format(0.125));
        var e = assertThrows(BadInputException.class, () -> Percent.parse("five", "--max-regression"));
        assertEquals("--max-regression five: expected a positive percentage such as 5% or 0.05", e.getMessage());
        assertThrows(BadInputException.class, () -> Percent.parse("-5%", "--threshold"));
        assertThrows(BadInputException.class, () -> Percent.parse("0", "--threshold"));
    }

    @Test
    void anUnstableMeasurementIsInconclusiveEvenWhenTheShiftLooksSignificant() {
        SplittableRandom rnd = new SplittableRandom(5);
        List<Double> steady = Fixtures.noisy(rnd, 10, 100, 0.005);
        List<Double> loaded = Fixtures.noisy(rnd, 10, 150, 0.25);
        Change ch = Comparisons.change(Fixtures.ok("jvm/x", "ns/op", steady), Fixtures.ok("jvm/x", "ns/op", loaded),
                CompareSettings.DEFAULT);
        assertEquals(Verdict.inconclusive, ch.verdict(), ch.toString());
        assertTrue(ch.note().startsWith("was regressed, but the current samples spread"), ch.note());
        assertTrue(ch.currentSpread() > 0.10, ch.toString());
    }

    @Test
    void unitsThatDifferAreComparedInTheCurrentUnitNotBlindly() {
        BenchResult ns = Fixtures.ok("jvm/x", "ns/op", List.of(590.0, 595.0, 600.0));
        BenchResult us = Fixtures.ok("jvm/x", "us/op", List.of(0.59, 0.595, 0.6));
        Change ch = Comparisons.change(ns, us, CompareSettings.DEFAULT);
        assertEquals("us/op", ch.unit());
        assertEquals(0.595, ch.baseMedian(), 1e-12, "the base in the current unit, not 595 us");
        assertEquals(1.0, ch.ratio(), 1e-9);
        assertEquals("base converted from ns/op to us/op", ch.note());
        BenchResult other = Fixtures.ok("jvm/x", "B/op", List.of(1.0, 1.1, 0.9));
        Change unknown = Comparisons.change(other, us, CompareSettings.DEFAULT);
        assertEquals(Verdict.inconclusive, unknown.verdict());
        assertEquals("units differ: B/op in base, us/op in current", unknown.note());
    }

    @Test
    void theForksAResultRecordedDecideTheResampling() {
        // the same twenty samples: as two recorded forks (one at 100, one at 118) and as one fork
        SplittableRandom rnd = new SplittableRandom(7);
        List<Double> base1 = Fixtures.noisy(rnd, 10, 100, 0.005);
        List<Double> base2 = Fixtures.noisy(rnd, 10, 100, 0.005);
        List<Double> cur1 = Fixtures.noisy(rnd, 10, 118, 0.005);
        List<Double> cur2 = Fixtures.noisy(rnd, 10, 100, 0.005);
        Change byFork = Comparisons.change(Fixtures.forks("jvm/x", "ns/op", List.of(base1, base2)),
                Fixtures.forks("jvm/x", "ns/op", List.of(cur1, cur2)), CompareSettings.DEFAULT);
        List<Double> allBase = new java.util.ArrayList<>(base1);
        allBase.addAll(base2);
        List<Double> allCur = new java.util.ArrayList<>(cur1);
        allCur.addAll(cur2);
        Change flat = Comparisons.change(Fixtures.ok("jvm/x", "ns/op", allBase), Fixtures.ok("jvm/x", "ns/op", allCur),
                CompareSettings.DEFAULT);
        assertTrue(byFork.ciUpper() - byFork.ciLower() > flat.ciUpper() - flat.ciLower(),
                "forks resampled widen the interval: " + byFork + " vs " + flat);
        assertTrue(byFork.ciUpper() >= 1.17, byFork.toString());
        assertEquals(20, byFork.baseN());
        assertEquals(flat.ratio(), byFork.ratio(), 1e-12);
    }
}
