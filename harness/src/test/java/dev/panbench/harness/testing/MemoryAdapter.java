package dev.panbench.harness.testing;

import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.openjdk.jmh.infra.Blackhole;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A test-only adapter whose one workload holds {@code mb} MiB it allocated and wrote in setup, and reads one byte of
 * it per operation: the peak memory of its {@code mb=256} row must exceed its {@code mb=0} row's by that much.
 * Registered through test resources, so forked JVMs find it too.
 */
public final class MemoryAdapter implements Adapter {

    @Override
    public String id() {
        return "memory";
    }

    @Override
    public String describe() {
        return "a workload holding a given number of MiB";
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
        return List.of(WorkloadSpec.builder("memory/hold").param("mb", "0", "256").factory(Hold::new).build());
    }

    static final class Hold implements Workload {
        private byte[] data;
        private int next;

        @Override
        public void setup(Params params) {
            data = new byte[Math.max(1, Integer.parseInt(params.get("mb", "0")) << 20)];
            Arrays.fill(data, (byte) 1); // every page written, so every page is resident
        }

        @Override
        public void verify() throws VerificationException {
            VerificationException.checkEquals("last byte", (byte) 1, data[data.length - 1]);
        }

        @Override
        public void run(Blackhole bh) {
            next = (next + 4096) % data.length;
            bh.consume(data[next]);
        }
    }
}
