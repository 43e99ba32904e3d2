package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuFeatures;
import dev.panbench.adapters.cpusimd.kernels.Parallel;
import dev.panbench.adapters.cpusimd.machine.PeakFlops;
import dev.panbench.adapters.cpusimd.machine.Stream;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Locale;

/**
 * {@code machine/stream} and {@code machine/peak-flops}: the bandwidth and FLOP ceilings every other row of this
 * adapter can be read against, measured in the same run; {@code kernel=triad} and the FMA chains declare themselves
 * the bandwidth and FLOP ceilings ({@link Role#ceiling}).
 */
final class MachineWorkloads {

    /** FMA steps of one peak-flops operation: long enough to amortise the call, short enough for quick runs. */
    static final int PEAK_STEPS = 100_000;

    private MachineWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(
                WorkloadSpec.builder("machine/stream")
                        .description("STREAM copy/scale/add/triad on float arrays; size=auto is 2x the last-level "
                                + "cache per array (at least 64 Mi floats)")
                        .param(ParamSpec.of("kernel", "copy", "scale", "add", "triad").quick("triad")).param("size", "auto").param("threads", "1")
                        .counts(p -> {
                            long n = streamElements(p.get("size"));
                            Stream.Kernel k = kernel(p);
                            long flops = switch (k) {
                                case COPY -> 0;
                                case SCALE, ADD -> n;
                                case TRIAD -> 2 * n;
                            };
                            return new OpCounts(n, k.bytesPerElement() * n, flops);
                        })
                        .role(p -> kernel(p) == Stream.Kernel.TRIAD ? Role.ceiling(Role.BANDWIDTH) : null)
                        .defaultProfileOnly() // the ceilings are not on a quick run's tour: --filter machine/
                        .factory(() -> new KernelWorkload(MachineWorkloads::stream)).build(),
                WorkloadSpec.builder("machine/peak-flops")
                        .description(PeakFlops.CHAINS + " independent FMA chains on the preferred float species")
                        .param("dtype", "f32").param("threads", "1")
                        .counts(p -> new OpCounts(0, 0,
                                PeakFlops.flops(PEAK_STEPS, Parallel.parseThreads(p.get("threads")))))
                        .role(p -> Role.ceiling(Role.FLOPS)).defaultProfileOnly()
                        .factory(() -> new KernelWorkload(MachineWorkloads::peak)).build());
    }

    private static Stream.Kernel kernel(Params p) {
        return Stream.Kernel.valueOf(p.get("kernel").toUpperCase(Locale.ROOT));
    }

    /**
     * {@code auto}: twice the last-level cache per array and at least 64 Mi floats (STREAM asks for arrays well
     * beyond the caches), capped so the three arrays take at most half the JVM heap; or an explicit element count.
     */
    static int streamElements(String size) {
        if (!size.equals("auto")) {
            return SeededInputs.elements("size", size);
        }
        long llc = CpuFeatures.lastLevelCacheBytes();
        long floats = Math.max(64L << 20, 2 * llc / 4);
        long cap = Runtime.getRuntime().maxMemory() / 2 / 3 / 4;
        return (int) Math.min(Math.min(floats, cap), Integer.MAX_VALUE - 64);
    }

    private static Case stream(Params p) {
        int n = streamElements(p.get("size"));
        int threads = Parallel.parseThreads(p.get("threads"));
        Stream.Kernel k = kernel(p);
        float[] a = new float[n];
        float[] b = new float[n];
        float[] c = new float[n];
        // STREAM's initial values; every kernel keeps its outputs a function of these, so repeats are harmless
        java.util.Arrays.fill(a, 1f);
        java.util.Arrays.fill(b, 2f);
        java.util.Arrays.fill(c, 0.5f);
        return new Case(() -> {
            Stream.run(k, a, b, c, threads);
            return 0;
        }, r -> {
            float expected = switch (k) {
                case COPY -> 1f;
                case SCALE -> Stream.SCALAR * 0.5f;
                case ADD -> 3f;
                case TRIAD -> 2f + Stream.SCALAR * 0.5f;
            };
            float[] out = switch (k) {
                case COPY, ADD -> c;
                case SCALE -> b;
                case TRIAD -> a;
            };
            for (int i = 0; i < n; i += Math.max(1, n / 4096)) {
                VerificationException.checkEquals("stream " + k + " [" + i + "]", expected, out[i]);
            }
            VerificationException.checkEquals("stream " + k + " [last]", expected, out[n - 1]);
        });
    }

    private static Case peak(Params p) {
        int threads = Parallel.parseThreads(p.get("threads"));
        return new Case(() -> PeakFlops.run(PEAK_STEPS, threads),
                r -> VerificationException.checkClose("peak-flops chains", PeakFlops.reference(PEAK_STEPS, threads),
                        r, 1e-3));
    }
}
