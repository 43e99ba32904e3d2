package dev.panbench.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** compare, gate and ab share one set of comparison options; both spellings of the threshold work everywhere. */
class CompareOptionsTest {

    private static void assertBadThreshold(CliRunner r, String option) {
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith("panbench: " + option + " five: expected a positive percentage"), r.err());
    }

    @Test
    void everyComparingCommandTakesBothSpellingsAndNamesTheOneUsed() {
        assertBadThreshold(CliRunner.run("compare", "a.json", "b.json", "--threshold", "five"), "--threshold");
        assertBadThreshold(CliRunner.run("compare", "a.json", "b.json", "--max-regression", "five"), "--max-regression");
        assertBadThreshold(CliRunner.run("gate", "--baseline", "a.json", "--current", "b.json", "--threshold", "five"),
                "--threshold");
        assertBadThreshold(CliRunner.run("gate", "--baseline", "a.json", "--current", "b.json",
                "--max-regression=five"), "--max-regression");
        assertBadThreshold(CliRunner.run("ab", "a.jar", "b.jar", "--max-regression", "five"), "--max-regression");
    }

    @Test
    void helpShowsTheDefaultsFromOnePlace() {
        CliRunner gate = CliRunner.run("gate", "--help");
        assertTrue(gate.out().contains("--threshold, --max-regression=PCT"), gate.out());
        assertTrue(gate.out().contains("(default: 5%)"), gate.out());
        CliRunner ab = CliRunner.run("ab", "--help");
        assertTrue(ab.out().contains("--strict-env"), ab.out());
        assertTrue(ab.out().contains("(default: " + dev.panbench.harness.Defaults.GATE_BUDGET + ")"), ab.out());
    }
}
