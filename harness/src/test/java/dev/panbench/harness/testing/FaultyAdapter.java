package dev.panbench.harness.testing;

import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSkippedException;
import dev.panbench.harness.spi.WorkloadSpec;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.Map;

/**
 * A test-only adapter whose workloads misbehave on purpose: a wrong answer, a fork that dies like a native crash,
 * a skip from setup, and one that is fine. Registered through test resources, so forked JVMs find it too.
 */
public final class FaultyAdapter implements Adapter {

    @Override
    public String id() {
        return "faulty";
    }

    @Override
    public String describe() {
        return "test workloads that fail in known ways";
    }

    @Override
    public Availability probe() {
        return Availability.ok();
    }

    @Override
    public Map<String, String> environment() {
        return Map.of();
    }

    @Override
    public List<WorkloadSpec> workloads() {
        return List.of(
                WorkloadSpec.builder("fault/ok").param("size", "8", "16")
                        .counts(p -> new OpCounts(p.getLong("size"), 4 * p.getLong("size"), p.getLong("size")))
                        .batch(p -> 4).factory(Ok::new).build(),
                WorkloadSpec.builder("fault/wrong-answer").factory(WrongAnswer::new).build(),
                WorkloadSpec.builder("fault/crash").factory(Crash::new).build(),
                WorkloadSpec.builder("fault/skip-in-setup").factory(SkipInSetup::new).build(),
                WorkloadSpec.builder("fault/declared-unavailable")
                        .availability(p -> Availability.unavailable("needs a library this machine lacks"))
                        .factory(Ok::new).build());
    }

    static final class Ok implements Workload {
        private int[] data;

        @Override
        public void setup(Params params) {
            data = new int[Integer.parseInt(params.get("size", "8"))];
        }

        @Override
        public void verify() throws VerificationException {
            VerificationException.checkEquals("length", data.length, data.length);
        }

        @Override
        public void run(Blackhole bh) {
            for (int i = 0; i < 4; i++) {
                bh.consume(data.length + i);
            }
        }
    }

    static final class WrongAnswer implements Workload {
        @Override
        public void setup(Params params) {
        }

        @Override
        public void verify() throws VerificationException {
            VerificationException.checkClose("1 + 1", 2.0, 3.0, 1e-9);
        }

        @Override
        public void run(Blackhole bh) {
            bh.consume(3);
        }
    }

    static final class Crash implements Workload {
        @Override
        public void setup(Params params) {
            // what a segfault in native code looks like to the parent: the JVM vanishes with 128 + SIGSEGV
            Runtime.getRuntime().halt(139);
        }

        @Override
        public void verify() {
        }

        @Override
        public void run(Blackhole bh) {
        }
    }

    static final class SkipInSetup implements Workload {
        @Override
        public void setup(Params params) throws WorkloadSkippedException {
            throw new WorkloadSkippedException("peer library missing in the fork");
        }

        @Override
        public void verify() {
        }

        @Override
        public void run(Blackhole bh) {
        }
    }
}
