package dev.panbench.harness.model;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The one-line descriptions every listing and report shares: short commit, CPU, machine, run settings, units. */
class DescriptionsTest {

    @Test
    void aCommitIsShortenedToTenCharacters() {
        assertEquals("0123456789", RunInfo.GitInfo.shortHash("0123456789abcdef0123456789abcdef01234567"));
        assertEquals("abc", RunInfo.GitInfo.shortHash("abc"));
        assertNull(RunInfo.GitInfo.shortHash(null));
    }

    @Test
    void theCpuAndTheMachineAreDescribedFromTheFingerprint() {
        var cpu = new EnvironmentInfo.Cpu("Example CPU 9000", 8, List.of("avx2"));
        assertEquals("Example CPU 9000, 8 cores", cpu.describe());
        assertEquals("unknown CPU", new EnvironmentInfo.Cpu(null, null, List.of()).describe());
        var env = new EnvironmentInfo("Linux 6.1", "amd64", "host", cpu, 1L << 30,
                new EnvironmentInfo.Jvm("Eclipse Adoptium", "25.0.1+8", List.of()), Map.of(), null);
        assertEquals("Example CPU 9000 x8, Linux 6.1, JVM 25.0.1+8", EnvironmentInfo.summary(env));
        assertEquals("unknown machine", EnvironmentInfo.summary(null));
    }

    @Test
    void runSettingsReadAsOneLine() {
        assertEquals("mode avgt, 1 fork, 2 x 100ms warm-up, 5 x 100ms measurement",
                new RunConfig(1, 2, "100ms", 5, "100ms", "avgt").describe());
        assertEquals("mode sample, 2 forks, 5 x 1s warm-up, 5 x 1s measurement",
                new RunConfig(2, 5, "1s", 5, "1s", "sample").describe());
    }

    @Test
    void timeUnitsScaleToNanosecondsExactlyAndThroughputIsNotATime() {
        assertEquals(1000.0, Units.nanosPerOp(1, "us/op"));
        assertEquals(2.5e9, Units.nanosPerOp(2.5, "s/op"));
        assertEquals(Double.NaN, Units.nanosPerOp(3, "ops/s"));
        assertEquals(Double.NaN, Units.nanosPerOp(3, null));
    }
}
