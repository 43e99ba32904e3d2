package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.CalibrationPair;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Map;

/**
 * Reference workloads in plain Java: the floor every other adapter is read against (the "empty function" rows of
 * an FFI overhead table) and simple memory-bound loops.
 */
public final class JvmAdapter implements Adapter {

    @Override
    public String id() {
        return "jvm";
    }

    @Override
    public String describe() {
        return "plain Java reference workloads (empty call, identity, array copy and sum)";
    }

    @Override
    public Availability probe() {
        return Availability.ok(Runtime.version().toString(), null, System.getProperty("os.arch"));
    }

    @Override
    public Map<String, String> environment() {
        return Map.of("java.vm.name", System.getProperty("java.vm.name"),
                "java.runtime.version", System.getProperty("java.runtime.version"));
    }

    @Override
    public List<WorkloadSpec> workloads() {
        return List.of(
                WorkloadSpec.builder("call/empty")
                        .description("an empty method call: the floor of any measurement")
                        .factory(EmptyCall::new).build(),
                WorkloadSpec.builder("call/identity")
                        .description("a call that returns its argument, boxed or not")
                        .param("type", "long", "double", "object").defaultProfileOnly()
                        .factory(IdentityCall::new).build(),
                WorkloadSpec.builder("array/copy")
                        .description("System.arraycopy of a float array")
                        .param("size", "1024", "1048576")
                        .counts(p -> new OpCounts(p.getLong("size"), 2 * 4 * p.getLong("size"), 0))
                        .factory(ArrayCopy::new).build(),
                WorkloadSpec.builder("array/sum")
                        .description("sequential sum of a float array (panbench selfcheck can ask it for extra work)")
                        .param("size", "1024", "65536", "1048576")
                        .counts(p -> new OpCounts(p.getLong("size"), 4 * p.getLong("size"), p.getLong("size")))
                        .factory(ArraySum::new).build());
    }

    /** {@code panbench calibrate}: the empty call and the 1M-element sum, each also as {@link HandWrittenBenchmarks}. */
    @Override
    public List<CalibrationPair> calibrationPairs() {
        String bench = HandWrittenBenchmarks.class.getName();
        return List.of(
                new CalibrationPair("call/empty", Params.NONE, bench + ".empty"),
                new CalibrationPair("array/sum", new Params(Map.of("size", String.valueOf(HandWrittenBenchmarks.SUM_SIZE))),
                        bench + ".arraySum"));
    }
}
