package dev.panbench.cli;

import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.driver.PythonDriver;
import dev.panbench.harness.io.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code panbench ab} with the same build on both sides: real child JVMs, measured in pairs, judged on the pairs. */
class AbCommandTest {

    @Test
    void sameBuildOnBothSidesIsMeasuredInPairsAndShowsNoRegression(@TempDir Path dir) throws Exception {
        String cp = System.getProperty("java.class.path");
        System.setProperty("jmh.ignoreLock", "true");
        CliRunner r = CliRunner.run("ab", cp, cp, "--adapter", "jvm", "--filter", "call/empty", "--min-pairs", "2",
                "--max-pairs", "2", "--seed", "7", "--warmup-iterations", "1", "--warmup-time", "50ms",
                "--iterations", "3", "--measurement-time", "50ms", "--adaptive-warmup", "0s", "--out", dir.toString());
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("forks interleaved (both forks alive, one iteration at a time in turns), seed 7"),
                r.err());
        assertEquals(2, r.err().lines().filter(l -> l.startsWith("[round ")).count(), r.err());
        var base = ResultFiles.read(dir.resolve("base.json"));
        assertEquals(2, base.results().getFirst().forks().size(), "one fork per pair, both kept");
        assertEquals(2 * 3, base.results().getFirst().samples().size());
        Comparison c = ComparisonFiles.read(dir.resolve("comparison.json"));
        assertEquals(1, c.changes().size());
        assertEquals(0, c.withVerdict(Verdict.regressed).size(), r.out());
        assertTrue(c.changes().getFirst().note().startsWith("2 pairs"), c.changes().getFirst().note());
        assertTrue(c.extra().get("paired") instanceof Map<?, ?> paired && paired.get("seed").equals(7)
                && paired.get("mode").equals("interleaved"), String.valueOf(c.extra()));
        List<String> pairs = Files.readAllLines(dir.resolve("pairs.jsonl"));
        assertEquals(2, pairs.size(), "every pair journaled as measured");
        for (String pair : pairs) {
            // two real forks took turns: one warm-up and three measured iterations each, and each its last turn
            assertTrue(pair.contains("\"first\" : \"turns\"") && pair.contains("\"turns\" : 10"), pair);
        }
        assertTrue(r.out().contains("pairs: 2 in 2 round(s), forks interleaved, seed 7"), r.out());
        String request = Files.readString(dir.resolve("forks/001/jvm_call_empty/base/request.json"));
        assertTrue(request.contains("\"filter\" : \"^\\\\Qjvm/call/empty\\\\E$\"") && request.contains("\"forks\" : 1"),
                request);
    }

    @Test
    void rowsPythonTimesTakeTurnsThroughTheDriver(@TempDir Path dir) throws Exception {
        assumeTrue(PythonDriver.importable("numpy").isEmpty(), () -> PythonDriver.importable("numpy").orElse(""));
        String cp = System.getProperty("java.class.path");
        System.setProperty("jmh.ignoreLock", "true");
        CliRunner r = CliRunner.run("ab", cp, cp, "--adapter", "cpu-simd", "--filter",
                "reduce/sum\\[size=65536,dtype=f32,impl=numpy\\]", "--quick", "--min-pairs", "2",
                "--max-pairs", "2", "--seed", "7", "--warmup-iterations", "1", "--iterations", "4",
                "--measurement-time", "50ms", "--out", dir.toString());
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        List<String> pairs = Files.readAllLines(dir.resolve("pairs.jsonl"));
        assertEquals(2, pairs.size(), String.join("\n", pairs));
        for (String pair : pairs) {
            // two Python drivers took turns: one warm-up and four measured iterations each, and each its last turn
            assertTrue(pair.contains("\"first\" : \"turns\"") && pair.contains("\"turns\" : 12"), pair);
        }
    }

    @Test
    void unknownAdapterIsOneLineBeforeAnyLaunch(@TempDir Path dir) {
        String cp = System.getProperty("java.class.path");
        CliRunner r = CliRunner.run("ab", cp, cp, "--adapter", "nosuch", "--out", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().strip().startsWith("panbench: --adapter nosuch: unknown adapter (known: "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(Files.notExists(dir.resolve("forks")), "nothing launched");
    }

    @Test
    void buildOlderThanTheChildProtocolIsRefusedBeforeAnyRound(@TempDir Path dir) {
        CliRunner r = CliRunner.run("ab", dir.toString(), System.getProperty("java.class.path"),
                "--out", dir.resolve("out").toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals("panbench: BASE_BUILD " + dir + ": has no dev.panbench.harness.orchestrate.AbChild (a build older"
                + " than panbench ab's typed child protocol); build it from a newer commit", r.err().strip());
    }

    @Test
    void missingBuildIsOneLineAndExit2(@TempDir Path dir) {
        CliRunner r = CliRunner.run("ab", dir.resolve("nope.jar").toString(), System.getProperty("java.class.path"),
                "--out", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().startsWith("panbench: BASE_BUILD " + dir.resolve("nope.jar") + ": no such file"), r.err());
        assertEquals(1, r.err().lines().count());
    }
}
