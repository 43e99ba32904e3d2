package dev.panbench.adapters.cpusimd.workloads;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.spi.WorkloadSpec;
import jdk.incubator.vector.FloatVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * No Vector API kernel of the adapter allocates once C2 has compiled it, at the widest vectors this JVM offers and at
 * AVX2's width ({@code -XX:MaxVectorSize=32}, which an AVX-512 machine runs too): a vector that C2 cannot keep in a
 * register is boxed, and a kernel that boxes runs at a fraction of its speed (the sgemm tile of 8 x 2 vectors boxed
 * two accumulators in every step on AVX-512, a gigabyte per multiply at 1024, while the AVX2 tile allocated
 * nothing). On an AVX-512 CPU the AVX2 width still compiles with 32 vector registers, so a third run holds HotSpot
 * to AVX2 ({@code -XX:UseAVX=2}), the 16 registers of an AVX2-only CPU, where sgemm takes its 3 x 3 tile and its own
 * packing of A; the probe checks every answer there too. Each width runs in a JVM of its own ({@link
 * AllocationProbe}): every kernel at its quick shapes, and sgemm at every default size (its blocking and edge tiles change with the size), about 20 s a width on two cores. A
 * kernel seen allocating is probed again in a second JVM, and fails when it allocates there too: the rounds are sized by
 * time, so the profile C2 compiles from, and with it what C2 inlines, moves with the machine's load.
 */
class KernelsAllocateNothingTest {

    private static final int PREFERRED_BITS = FloatVector.SPECIES_PREFERRED.vectorBitSize();

    @TempDir
    Path dir;

    @Test
    void noKernelAllocatesAtTheWidestVectors() throws Exception {
        assumeTrue(PREFERRED_BITS > 256, () -> "the widest vector here is " + PREFERRED_BITS
                + " bits, no wider than AVX2's: the run capped at 256 bits covers it");
        checkProbe(List.of(), PREFERRED_BITS);
    }

    @Test
    void noKernelAllocatesAtAvx2Width() throws Exception {
        checkProbe(List.of("-XX:MaxVectorSize=32"), Math.min(PREFERRED_BITS, 256));
    }

    @Test
    void noKernelAllocatesWithAvx2sSixteenRegisters() throws Exception {
        int useAvx = useAvx();
        assumeTrue(useAvx >= 3, () -> "HotSpot runs at UseAVX=" + useAvx + " here, so the run at AVX2's width already"
                + " compiles with AVX2's 16 vector registers");
        checkProbe(List.of("-XX:UseAVX=2"), Math.min(PREFERRED_BITS, 256));
    }

    /** HotSpot's {@code UseAVX} (lowered at start-up to what the CPU has), or -1 where the JVM does not say. */
    private static int useAvx() {
        try {
            HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return Integer.parseInt(bean.getVMOption("UseAVX").getValue());
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private void checkProbe(List<String> flags, int expectedBits) throws Exception {
        List<String> lines = probe(flags, null, "all");
        assertEquals("species " + expectedBits, lines.getFirst(), "the probe's vector width");
        Map<String, String> allocating = allocating(lines);
        int expected = 0;
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            expected += AllocationProbe.vectorRows(spec, !spec.name().equals("gemm/sgemm")).size();
        }
        assertEquals(expected, lines.size() - 1, "a line for every Vector API kernel");
        if (allocating.isEmpty()) {
            return;
        }
        // C2's inlining follows the profile, and the rounds are sized by time, so on a loaded machine one JVM can
        // compile a kernel less well than the next: a kernel fails when a second JVM of its own sees it allocate too
        Path only = dir.resolve("only-" + expectedBits + ".txt");
        Files.write(only, allocating.keySet());
        Map<String, String> again = allocating(probe(flags, only, "again"));
        List<String> both = new ArrayList<>();
        allocating.forEach((id, first) -> {
            if (again.containsKey(id)) {
                both.add(id + ": " + first + ", then " + again.get(id));
            }
        });
        assertTrue(both.isEmpty(), () -> both.size() + " kernels allocate at " + expectedBits
                + " bits once compiled, in two JVMs (more than " + AllocationProbe.BOUND + " bytes per call):\n  "
                + String.join("\n  ", both));
    }

    /** The probe's lines: {@code species <bits>}, then one a kernel; {@code only} narrows it to a file's kernels. */
    private List<String> probe(List<String> flags, Path only, String name) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmFlags.all());
        cmd.addAll(flags);
        cmd.addAll(List.of("-Xbatch", "-Xmx1g", "-cp", System.getProperty("java.class.path")));
        String home = System.getProperty("panbench.home");
        if (home != null) {
            cmd.add("-Dpanbench.home=" + home);
        }
        if (only != null) {
            cmd.add("-D" + AllocationProbe.ONLY + "=" + only);
        }
        cmd.addAll(List.of(AllocationProbe.class.getName(), "quick", "gemm/sgemm"));
        Path out = dir.resolve(name + "-out.txt");
        Path err = dir.resolve(name + "-err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("the probe did not finish in 5 minutes; it printed:\n" + Files.readString(out) + tail(err));
        }
        assertEquals(0, p.exitValue(), () -> "the probe failed:\n" + read(out) + tail(err));
        return Files.readAllLines(out);
    }

    /** Kernel id to {@code <bytes> bytes per call (after <calls> calls)}, for those over the bound. */
    private static Map<String, String> allocating(List<String> lines) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(" ");
            assertEquals("kernel", f[0], line);
            if (Long.parseLong(f[2]) > AllocationProbe.BOUND) {
                out.put(f[1], f[2] + " bytes per call (after " + f[3] + " calls)");
            }
        }
        return out;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "(" + e + ")";
        }
    }

    private static String tail(Path err) {
        String s = read(err);
        return "\nstderr:\n" + s.substring(Math.max(0, s.length() - 4000));
    }
}
