package dev.panbench.harness.run.link;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class JitCpuTimeTest {

    @Test
    void readsTheCompilerThreadsCpuTimeWhereLinuxAccountsIt() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/task")), "no per-thread accounting here");
        assertTrue(JitCpuTime.perThread(), "HotSpot's compiler threads are found by name");
        long nanos = JitCpuTime.compilerThreadNanos();
        assertTrue(nanos > 0, "the JIT compiled something while the JVM and JUnit started: " + nanos);
        long first = JitCpuTime.millis();
        long second = JitCpuTime.millis();
        assertTrue(first >= 0 && second >= first, first + " then " + second);
    }
}
