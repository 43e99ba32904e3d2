package dev.panbench.adapters.cpusimd;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The heap's pages follow the kernel's mode: the flag where the heap can have huge pages, none where it cannot. */
class HugePagesTest {

    @Test
    void theModeIsTheBracketedWord() {
        assertEquals(Optional.of("madvise"), HugePages.mode("always [madvise] never\n"));
        assertEquals(Optional.of("always"), HugePages.mode("[always] madvise never"));
        assertEquals(Optional.of("never"), HugePages.mode("always madvise [never]"));
        assertEquals(Optional.empty(), HugePages.mode(""));
    }

    @Test
    void theFlagIsPassedOnlyWhereTheKernelCanGiveHugePages() {
        assertEquals(List.of("-XX:+UseTransparentHugePages"), HugePages.jvmOptions(Optional.of("madvise")));
        assertEquals(List.of("-XX:+UseTransparentHugePages"), HugePages.jvmOptions(Optional.of("always")));
        assertEquals(List.of(), HugePages.jvmOptions(Optional.of("never")));
        assertEquals(List.of(), HugePages.jvmOptions(Optional.empty()));
    }

    @Test
    void theAdapterDeclaresWhatThisMachineAllowsAndSaysSo() {
        CpuSimdAdapter adapter = new CpuSimdAdapter();
        assertEquals(HugePages.jvmOptions(), adapter.forkJvmOptions());
        String described = adapter.environment().get("jvm.heapPages");
        assertTrue(described != null && !described.isBlank(), "jvm.heapPages is recorded");
        HugePages.mode().filter(m -> m.equals("madvise"))
                .ifPresent(m -> assertTrue(described.contains("madvise"), described));
    }

    @Test
    void hotSpotAcceptsTheFlag() throws Exception {
        // a JVM started with the flag where the kernel has huge pages runs, and reports the option as set
        List<String> options = HugePages.jvmOptions();
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(options);
        cmd.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        String expected = options.isEmpty() ? "false" : "true";
        assertTrue(out.lines().anyMatch(l -> l.contains(" UseTransparentHugePages ") && l.contains("= " + expected)),
                "UseTransparentHugePages = " + expected + " in\n" + out);
    }
}
