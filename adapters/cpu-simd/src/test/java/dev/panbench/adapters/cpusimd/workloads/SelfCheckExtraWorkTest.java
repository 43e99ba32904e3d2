package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.CpuSimdAdapter;
import dev.panbench.harness.spi.ExtraWork;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

import java.util.Map;

/**
 * The self-check's knob on cpu-simd's rows ({@code reduce/sum} and {@code gemm/sgemm}, simd only): a slowed fork's
 * row does its extra work beside the real one and still proves its answer, so the gate sees a slowdown of a correct
 * kernel. (That the extra work costs time is the self-check's own figure, never a unit test's.)
 */
class SelfCheckExtraWorkTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    @AfterEach
    void clear() {
        System.clearProperty(ExtraWork.PROPERTY);
    }

    private static void setUpVerifyRun(String workload, Map<String, String> params) throws Throwable {
        WorkloadSpec spec = new CpuSimdAdapter().workloads().stream().filter(s -> s.name().equals(workload))
                .findFirst().orElseThrow();
        try (Workload w = spec.factory().get()) {
            w.setup(new Params(params));
            w.verify();
            w.run(BH);
            w.verify();
        }
    }

    @Test
    void aSlowedGemmStillProvesItsAnswer() throws Throwable {
        System.setProperty(ExtraWork.PROPERTY, ExtraWork.spec("gemm/sgemm", 0.5));
        for (String size : new String[]{"64x64x512", "7x5x3", "1"}) {
            setUpVerifyRun("gemm/sgemm", Map.of("size", size, "dtype", "f32", "impl", "simd", "threads", "1"));
        }
    }

    @Test
    void aSlowedSumStillProvesItsAnswer() throws Throwable {
        System.setProperty(ExtraWork.PROPERTY, ExtraWork.spec("reduce/sum", 0.5));
        setUpVerifyRun("reduce/sum", Map.of("size", "4097", "dtype", "f32", "impl", "simd"));
    }
}
