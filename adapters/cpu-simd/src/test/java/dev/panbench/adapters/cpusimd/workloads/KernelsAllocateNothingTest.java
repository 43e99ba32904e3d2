package dev.panbench.adapters.cpusimd.workloads;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.panbench.adapters.cpusimd.kernels.CacheSizes;
import dev.panbench.harness.channel.JvmFlags;
import jdk.incubator.vector.FloatVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
 * packing of A; the probe checks every answer there too.
 *
 * <p>The kernels block by the cache sizes they read, so another CPU takes other block shapes and edge paths, and C2
 * compiles them otherwise. At each width the probe runs in several JVMs ({@link AllocationProbe}), as many at once as
 * there are cores: one with every kernel at this machine's caches (the quick shapes, and sgemm at every default size,
 * whose blocking and edge tiles change with the size), and one for each cache shape of the CPUs the project meets that
 * run that many vector registers ({@link #SHAPES}, given as {@code -Dpanbench.cache}: a Zen 3's at AVX2's 16, a Zen 4
 * or 5's and an Intel server's at AVX-512's 32, at 512 and at 256 bits), with the kernels that block by the caches.
 * {@value #ALL_SHAPES} sweeps every shape at every width (twice the time). A kernel seen
 * allocating is probed again in a second JVM of its own, and fails when it allocates there too: the rounds are sized
 * by time, so the profile C2 compiles from, and with it what C2 inlines, moves with the machine's load. Both JVMs
 * print their compilations, and where the two disagree the report names the kernel methods that C2 had compiled in
 * one and not the other.
 */
class KernelsAllocateNothingTest {

    /**
     * A CPU the project meets: its caches, as {@code -Dpanbench.cache} takes them, and its vector registers (16 on an
     * AVX2-only CPU, 32 with AVX-512, whose JVM can also be held to 256 bits).
     */
    record Shape(String cpu, String cache, int registers) {
    }

    static final List<Shape> SHAPES = List.of(
            new Shape("Zen 3", "32K,512K,32M", 16),
            new Shape("Zen 4/5", "32K,1M,32M", 32),
            new Shape("Intel server", "48K,2M,105M", 32));

    /** Set to {@code true} (e.g. {@code mvn ... -Dprobe.allShapes=true}) to sweep every shape at every width. */
    static final String ALL_SHAPES = "probe.allShapes";

    private static final int PREFERRED_BITS = FloatVector.SPECIES_PREFERRED.vectorBitSize();
    private static final String KERNELS_PACKAGE = "dev.panbench.adapters.cpusimd.kernels.";

    @TempDir
    Path dir;

    @Test
    void noKernelAllocatesAtTheWidestVectors() throws Exception {
        assumeTrue(PREFERRED_BITS > 256, () -> "the widest vector here is " + PREFERRED_BITS
                + " bits, no wider than AVX2's: the run capped at 256 bits covers it");
        checkProbe(List.of(), PREFERRED_BITS, 32);
    }

    @Test
    void noKernelAllocatesAtAvx2Width() throws Exception {
        checkProbe(List.of("-XX:MaxVectorSize=32"), Math.min(PREFERRED_BITS, 256), useAvx() >= 3 ? 32 : 16);
    }

    @Test
    void noKernelAllocatesWithAvx2sSixteenRegisters() throws Exception {
        int useAvx = useAvx();
        assumeTrue(useAvx >= 3, () -> "HotSpot runs at UseAVX=" + useAvx + " here, so the run at AVX2's width already"
                + " compiles with AVX2's 16 vector registers");
        checkProbe(List.of("-XX:UseAVX=2"), Math.min(PREFERRED_BITS, 256), 16);
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

    /** One probe JVM's setting: a cache shape ({@code null}: this machine's) and whether it takes every kernel. */
    private record Setting(String name, String cache, boolean blockedOnly) {

        String label(int bits) {
            return bits + " bits, " + name + (cache == null ? "" : " caches (" + cache + ")");
        }
    }

    /**
     * Probes at {@code flags}, which give {@code expectedBits}-bit vectors and {@code registers} vector registers: every
     * kernel at this machine's caches, and the cache-blocked ones at the caches of each CPU that runs that many
     * registers (every shape with {@value #ALL_SHAPES}), but for one that is this machine's.
     */
    private void checkProbe(List<String> flags, int expectedBits, int registers) throws Exception {
        List<Setting> settings = new ArrayList<>();
        settings.add(new Setting("this machine's", null, false));
        String here = CacheSizes.machine().render();
        boolean all = Boolean.getBoolean(ALL_SHAPES);
        SHAPES.stream().filter(s -> (all || s.registers() == registers) && !s.cache().equals(here))
                .forEach(s -> settings.add(new Setting(s.cpu(), s.cache(), true)));
        List<Probe> first = inParallel(settings.stream().map(s -> (Callable<Probe>) () ->
                probe(flags, s, null, expectedBits, "first")).toList());
        List<Callable<Probe>> seconds = new ArrayList<>();
        for (Probe p : first) {
            assertEquals("species " + expectedBits, p.lines().getFirst(), "the probe's vector width");
            List<String> ids = AllocationProbe.kernelIds(true, List.of("gemm/sgemm"), p.setting().blockedOnly());
            assertEquals(ids, p.lines().subList(1, p.lines().size()).stream().map(l -> l.split(" ")[1]).toList(),
                    "a line for every Vector API kernel at " + p.setting().label(expectedBits));
            if (!p.allocating().isEmpty()) {
                // C2's inlining follows the profile, and the rounds are sized by time, so on a loaded machine one JVM
                // can compile a kernel less well than the next: a kernel fails when a JVM of its own sees it allocate too
                Path only = dir.resolve("only-" + first.indexOf(p) + ".txt");
                Files.write(only, p.allocating().keySet());
                seconds.add(() -> probe(flags, p.setting(), only, expectedBits, "again"));
            }
        }
        List<String> both = new ArrayList<>();
        for (Probe again : inParallel(seconds)) {
            Probe p = first.stream().filter(f -> f.setting().equals(again.setting())).findFirst().orElseThrow();
            p.allocating().forEach((id, bytes) -> {
                String moved = CompileLog.moved(p.log(), again.log(), "kernel " + id + " ", KERNELS_PACKAGE);
                if (again.allocating().containsKey(id)) {
                    both.add(id + " at " + p.setting().label(expectedBits) + ": " + bytes + ", then "
                            + again.allocating().get(id) + moved);
                } else {
                    System.err.println("KernelsAllocateNothingTest: " + id + " at " + p.setting().label(expectedBits)
                            + " allocated " + bytes + " in the first JVM and nothing in a JVM of its own" + moved);
                }
            });
        }
        assertTrue(both.isEmpty(), () -> both.size() + " kernels allocate once compiled, in two JVMs (more than "
                + AllocationProbe.BOUND + " bytes per call):\n  " + String.join("\n  ", both));
    }

    /** What one probe JVM printed: its lines, and its compilations up to each kernel's line. */
    private record Probe(Setting setting, List<String> lines, Map<String, String> allocating, CompileLog log) {
    }

    private static <T> List<T> inParallel(List<Callable<T>> tasks) throws Exception {
        if (tasks.isEmpty()) {
            return List.of();
        }
        int cores = Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(Math.clamp(cores, 1, tasks.size()));
        try {
            List<T> out = new ArrayList<>();
            for (Future<T> f : pool.invokeAll(tasks)) {
                try {
                    out.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof Exception c) {
                        throw c;
                    }
                    throw (Error) e.getCause();
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One probe JVM: its lines ({@code species <bits>}, then one a kernel); {@code only} narrows it to a file's kernels. */
    private Probe probe(List<String> flags, Setting setting, Path only, int bits, String round) throws Exception {
        String name = round + "-" + setting.name().replaceAll("[^A-Za-z0-9]", "") + "-" + bits;
        Path lines = dir.resolve(name + "-lines.txt");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmFlags.all());
        cmd.addAll(flags);
        cmd.addAll(List.of("-Xbatch", "-Xmx1g", "-XX:+PrintCompilation", "-cp", System.getProperty("java.class.path"),
                "-D" + AllocationProbe.OUT + "=" + lines));
        String home = System.getProperty("panbench.home");
        if (home != null) {
            cmd.add("-Dpanbench.home=" + home);
        }
        if (setting.cache() != null) {
            cmd.add("-D" + CacheSizes.PROPERTY + "=" + setting.cache());
        }
        if (setting.blockedOnly()) {
            cmd.add("-D" + AllocationProbe.BLOCKED + "=true");
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
            fail("the probe at " + setting.label(bits) + " did not finish in 5 minutes" + tail(err));
        }
        assertEquals(0, p.exitValue(), () -> "the probe at " + setting.label(bits) + " failed:" + tail(err));
        List<String> probeLines = Files.readAllLines(lines);
        return new Probe(setting, probeLines, allocating(probeLines), CompileLog.of(Files.readAllLines(out)));
    }

    /** Kernel id to {@code <bytes> bytes per call (after <calls> calls)}, for those over the bound. */
    private static Map<String, String> allocating(List<String> lines) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(" ");
            assertEquals("kernel", f[0], line);
            if (Long.parseLong(f[2]) > AllocationProbe.BOUND) {
                out.put(f[1], f[2] + " bytes per call (after " + f[3] + " calls)");
            }
        }
        return out;
    }

    private static String tail(Path err) {
        String s;
        try {
            s = Files.readString(err);
        } catch (IOException e) {
            s = "(" + e + ")";
        }
        return "\nstderr:\n" + s.substring(Math.max(0, s.length() - 4000));
    }
}
