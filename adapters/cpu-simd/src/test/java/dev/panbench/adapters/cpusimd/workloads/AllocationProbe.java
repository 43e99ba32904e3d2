package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.adapters.cpusimd.kernels.Simd;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The main class of the JVM that {@link KernelsAllocateNothingTest} starts for each vector width: every Vector API
 * kernel of the adapter (each workload at its {@code impl=simd} or {@code simd-*} rows, and the machine ceilings,
 * which have no impl), one thread, set up and verified as a fork does, then called round after round, each round
 * long enough to time, until a round allocates no more than the bound per call or the rounds run out. Interpreted
 * and C1-compiled calls box every vector, so the first rounds allocate; a kernel that C2 compiled whole allocates
 * nothing from then on, and one whose vectors C2 boxes allocates in every round. The JVM runs with
 * {@code -Xbatch}, so a call that triggers a compilation waits for it and the rounds see the compiled code.
 *
 * <p>Arguments: {@code quick} or {@code default}, the shapes every workload expands, then the names of workloads
 * expanded at their default shapes whatever the first says; the system property {@value #ONLY} narrows them to the
 * kernels a file names. Prints {@code species <bits>} and then one line per
 * kernel: {@code kernel <id> <bytes per call> <calls> <milliseconds>}, the bytes of the last round (the first at or under the bound,
 * or the last of all when none was).
 */
public final class AllocationProbe {

    /**
     * Bytes per call at or under which a kernel counts as not allocating: less than one boxed vector of any width (a
     * 128-bit vector's box is 48 bytes, a 512-bit one's 96), more than the one capturing lambda a kernel that splits
     * its range over threads makes per call (32).
     */
    static final long BOUND = 40;

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    private static final long ROUND_NANOS = 30_000_000L;
    private static final int MAX_ROUNDS = 12;
    /**
     * Calls a kernel gets before it is judged, whatever the rounds' timing: HotSpot compiles after counts of calls and
     * loop iterations, not after time, and on a loaded machine a slow first call would size the rounds at one call each.
     * A kernel's own entry (a model step's {@code forward}) is entered once a call, and C2 compiles a method only after
     * C1 has profiled it for {@code Tier4MinInvocationThreshold} invocations (600) past {@code
     * Tier3InvocationThreshold} (200), however long its loops: twice their sum. The LLaMA f32 step, probed alone at
     * 256 bits with 16 registers and a Zen 3's caches, boxed 218928, then 114136, then 12288 bytes a call as its
     * pieces reached C2, and nothing from its 663rd call on; judged after 200 calls, as this probe did, it failed on
     * a Zen 3 with the figures of a step C2 had not compiled yet.
     */
    static final int MIN_CALLS = 2 * (vmFlag("Tier3InvocationThreshold", 200) + vmFlag("Tier4MinInvocationThreshold", 600));
    private static final long MAX_PROBE_NANOS = 60_000_000_000L;

    /**
     * A system property naming a file of kernel ids, one a line: only those are probed (the second JVM, which judges
     * again the kernels the first saw allocating).
     */
    static final String ONLY = "probe.only";

    /**
     * A system property naming the file the probe writes its lines to (the JVM's own {@code -XX:+PrintCompilation}
     * lines then have standard output to themselves, with a {@code kernel} line after each kernel's compilations).
     */
    static final String OUT = "probe.out";

    /** A system property: {@code true} probes only the kernels that block by the cache sizes ({@link #blockedByCaches}). */
    static final String BLOCKED = "probe.blocked";

    /**
     * Whether a workload's kernels size their blocks or pick their paths by {@code CacheSizes}: the multiplies ({@code
     * GemmBlocking}, {@code Int8Gemm}, {@code Int4Gemm}, {@code WeightOnlyGemm}), what is built on them (the
     * convolution by im2col, the quantized matmuls, the model layers and steps), and the reductions (which stream
     * operands larger than L3 through narrower vectors). The others run the same code whatever the caches.
     */
    static boolean blockedByCaches(WorkloadSpec spec) {
        String n = spec.name();
        return n.startsWith("gemm/") || n.equals("conv2d/im2col") || n.startsWith("quant/matmul-")
                || n.startsWith("model/") || n.startsWith("reduce/");
    }

    /** The kernels a probe JVM judges: every Vector API row of the adapter, or only those blocked by the caches. */
    static List<String> kernelIds(boolean quick, List<String> atDefaults, boolean blockedOnly) {
        List<String> ids = new ArrayList<>();
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            if (blockedOnly && !blockedByCaches(spec)) {
                continue;
            }
            for (Params params : vectorRows(spec, quick && !atDefaults.contains(spec.name()))) {
                ids.add(spec.name() + "[" + params.render() + "]");
            }
        }
        return ids;
    }

    private AllocationProbe() {
    }

    public static void main(String[] args) throws Throwable {
        boolean quick = args.length > 0 && args[0].equals("quick");
        List<String> atDefaults = args.length > 1 ? List.of(args).subList(1, args.length) : List.of();
        String onlyFile = System.getProperty(ONLY);
        Set<String> only = onlyFile == null ? null : Set.copyOf(Files.readAllLines(Path.of(onlyFile)));
        boolean blockedOnly = Boolean.getBoolean(BLOCKED);
        String outFile = System.getProperty(OUT);
        List<String> lines = new ArrayList<>();
        lines.add("species " + Simd.F.vectorBitSize());
        for (WorkloadSpec spec : new CpuSimdAdapter().workloads()) {
            if (blockedOnly && !blockedByCaches(spec)) {
                continue;
            }
            for (Params params : vectorRows(spec, quick && !atDefaults.contains(spec.name()))) {
                String id = spec.name() + "[" + params.render() + "]";
                if (only != null && !only.contains(id)) {
                    continue;
                }
                long t0 = System.nanoTime();
                long[] r = probe(spec, params);
                String line = "kernel " + id + " " + r[0] + " " + r[1] + " " + (System.nanoTime() - t0) / 1_000_000;
                lines.add(line);
                System.out.println(line);
                System.out.flush();
            }
        }
        if (outFile != null) {
            Files.write(Path.of(outFile), lines);
        }
    }

    /** The rows of {@code spec} a Vector API kernel times: impl {@code simd} or {@code simd-*}, one thread. */
    static List<Params> vectorRows(WorkloadSpec spec, boolean quick) {
        List<Map<String, String>> acc = new ArrayList<>();
        acc.add(new LinkedHashMap<>());
        for (ParamSpec p : spec.params()) {
            List<String> values = switch (p.name()) {
                case "impl" -> p.values(quick).stream().filter(v -> v.equals("simd") || v.startsWith("simd-")).toList();
                case "threads" -> List.of("1");
                // a parameter added later (a model entry's weights): each stored format runs its own kernels
                default -> p.implied() != null ? p.defaults() : p.values(quick);
            };
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> m : acc) {
                for (String v : values) {
                    Map<String, String> n = new LinkedHashMap<>(m);
                    if (!p.leftOutAt(v)) {
                        n.put(p.name(), v);
                    }
                    next.add(n);
                }
            }
            acc = next;
        }
        return acc.stream().map(Params::new).toList();
    }

    /** A numeric HotSpot flag of this JVM, or {@code fallback} where it has none. */
    static int vmFlag(String name, int fallback) {
        try {
            var bean = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            return Integer.parseInt(bean.getVMOption(name).getValue());
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    /** {bytes per call of the deciding round, calls made in all}. */
    private static long[] probe(WorkloadSpec spec, Params params) throws Throwable {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().threadId();
        try (Workload wl = spec.factory().get()) {
            wl.setup(params);
            wl.verify();
            long t0 = System.nanoTime();
            wl.run(BH);
            long perCall = Math.max(1, System.nanoTime() - t0);
            long calls = 2;
            long bytes = Long.MAX_VALUE;
            long start = System.nanoTime();
            for (int round = 0; bytes > BOUND && (round < MAX_ROUNDS || calls < MIN_CALLS)
                    && System.nanoTime() - start < MAX_PROBE_NANOS; round++) {
                int n = (int) Math.clamp(ROUND_NANOS / perCall, 1, 1_000_000);
                long idle = mx.getThreadAllocatedBytes(tid);
                long b0 = mx.getThreadAllocatedBytes(tid);
                idle = b0 - idle;
                long r0 = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    wl.run(BH);
                }
                perCall = Math.max(1, (System.nanoTime() - r0) / n);
                bytes = Math.max(0, mx.getThreadAllocatedBytes(tid) - b0 - idle) / n;
                calls += n;
            }
            return new long[]{bytes, calls};
        }
    }
}
