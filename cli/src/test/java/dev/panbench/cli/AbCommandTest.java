package dev.panbench.cli;

import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code panbench ab} with the same build on both sides: real child JVMs, alternated, pooled and compared. */
class AbCommandTest {

    @Test
    void sameBuildOnBothSidesAlternatesAndShowsNoRegression(@TempDir Path dir) throws Exception {
        String cp = System.getProperty("java.class.path");
        System.setProperty("jmh.ignoreLock", "true");
        CliRunner r = CliRunner.run("ab", cp, cp, "--adapter", "jvm", "--filter", "call/empty", "--rounds", "2",
                "--warmup-iterations", "1", "--warmup-time", "50ms", "--iterations", "3", "--measurement-time", "50ms",
                "--out", dir.toString());
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertEquals(4, r.err().lines().filter(l -> l.startsWith("[round ")).count(), r.err());
        assertTrue(r.err().lines().toList().get(2).startsWith("[round 2/2] candidate"),
                "even rounds start with the candidate: " + r.err());
        var base = ResultFiles.read(dir.resolve("base.json"));
        assertEquals(2 * 3, base.results().getFirst().samples().size(), "two rounds of three iterations pooled");
        assertEquals(2, base.config().forks());
        Comparison c = ComparisonFiles.read(dir.resolve("comparison.json"));
        assertEquals(1, c.changes().size());
        assertEquals(0, c.withVerdict(Verdict.regressed).size(), r.out());
        assertTrue(Files.exists(dir.resolve("rounds/candidate-2/results.json")));
        String reply = Files.readString(dir.resolve("rounds/candidate-2/reply.json"));
        assertTrue(reply.contains("\"status\" : \"measured\""), reply);
        String request = Files.readString(dir.resolve("rounds/candidate-2/request.json"));
        assertTrue(request.contains("\"filter\" : \"call/empty\"") && request.contains("\"forks\" : 1"), request);
        System.out.println("A/B of one build against itself:\n" + r.out());
    }

    @Test
    void childRefusalIsOneLineNamingTheBuild(@TempDir Path dir) throws Exception {
        String cp = System.getProperty("java.class.path");
        CliRunner r = CliRunner.run("ab", cp, cp, "--adapter", "nosuch", "--rounds", "1", "--out", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().lines().toList().getLast().startsWith("panbench: BASE_BUILD "), r.err());
        assertEquals(2, r.err().lines().count(), "the round line and the error: " + r.err());
        String reply = Files.readString(dir.resolve("rounds/base-1/reply.json"));
        assertTrue(reply.contains("\"status\" : \"refused\"")
                && reply.contains("\"error\" : \"--adapter nosuch: unknown adapter (known: "), reply);
        assertTrue(Files.notExists(dir.resolve("rounds/candidate-1")), "no launch after a refusal");
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
