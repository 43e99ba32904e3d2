package dev.panbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A small real self-check: two history runs, one A/A run and one slowed run of one jvm result. */
class SelfCheckCommandTest {

    @Test
    void measuresTheGateWithAaAndSlowedRunsAndResumes(@TempDir Path dir) throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        Path out = dir.resolve("sc");
        String[] args = {"selfcheck", "--adapter", "jvm", "--filter", "array/sum\\[size=1024\\]", "--quick",
                "--warmup-iterations", "1", "--iterations", "3", "--history", "2", "--runs", "1",
                "--adaptive-warmup", "0s", "--slowdown", "array/sum=10%", "--out", out.toString()};
        CliRunner r = CliRunner.run(args);
        assertEquals(ExitCodes.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("selfcheck: 2 history runs, 1 A/A runs, 1 runs with array/sum doing 10% more"
                + " work (measured "), r.out());
        for (String row : new String[]{"A/A result comparisons regressed", "A/A gates failed",
                "A/A results inconclusive", "slowdown caught (gates failed on array/sum)"}) {
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(row) && l.contains(" of 1 (")), row + "\n" + r.out());
        }
        for (String run : new String[]{"history-01", "history-02", "aa-01", "slow-01"}) {
            assertTrue(Files.isRegularFile(out.resolve(run).resolve("results.json")), run);
        }
        JsonNode json = Json.MAPPER.readTree(out.resolve("selfcheck.json").toFile());
        assertEquals(1, json.get("aa").get("gates").asInt());
        assertEquals(1, json.get("slowed").get("slowedResults").asInt());
        assertEquals(1, json.get("aaLatestOnly").get("comparisons").asInt());

        CliRunner again = CliRunner.run(args);
        assertEquals(ExitCodes.OK, again.code(), again.err());
        assertEquals(4, again.err().lines().filter(l -> l.startsWith("selfcheck: reusing ")).count(), again.err());

        // the slowed run as an interrupt before its row finished leaves it: a partial file, a journal of its header
        Path slow = out.resolve("slow-01");
        ObjectNode file = (ObjectNode) Json.MAPPER.readTree(slow.resolve("results.json").toFile());
        ((ObjectNode) file.get("run")).set("interrupted", Json.MAPPER.valueToTree(java.util.Map.of("signal", "SIGINT",
                "planned", 2, "finished", 1, "left", java.util.List.of("jvm/array/sum[size=2048]"))));
        Files.writeString(slow.resolve("results.json"), Json.MAPPER.writeValueAsString(file));
        Path journal = slow.resolve("journal.jsonl");
        Files.writeString(journal, Files.readAllLines(journal).getFirst() + "\n");
        CliRunner resumed = CliRunner.run(args);
        assertEquals(ExitCodes.OK, resumed.code(), resumed.err());
        assertTrue(resumed.err().contains("selfcheck: resuming " + slow.resolve("results.json") + " (partial:"
                + " interrupted by SIGINT after 1 of 2 results)"), resumed.err());
        assertEquals(3, resumed.err().lines().filter(l -> l.startsWith("selfcheck: reusing ")).count());
        assertEquals(null, ResultFiles.read(slow.resolve("results.json")).run().partialNote(),
                "the slowed run is whole again");
    }

    @Test
    void refusesAHistoryOfOneRunOrAMalformedSlowdown(@TempDir Path dir) {
        CliRunner one = CliRunner.run("selfcheck", "--history", "1", "--out", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, one.code());
        assertTrue(one.err().startsWith("panbench: --history 1: expected 2 runs or more"), one.err());
        CliRunner bad = CliRunner.run("selfcheck", "--slowdown", "array/sum", "--out", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, bad.code());
        assertTrue(bad.err().startsWith("panbench: --slowdown array/sum: expected WORKLOAD=PCT"), bad.err());
        assertEquals(1, bad.err().lines().count());
    }
}
