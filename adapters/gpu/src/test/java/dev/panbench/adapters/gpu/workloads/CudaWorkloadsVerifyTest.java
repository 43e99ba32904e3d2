package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.GpuCudaAdapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.DeviceTimed;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Workload;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every CUDA workload on the same odd sizes as the OpenCL ones, cuBLAS included: set up, verified against the CPU
 * reference, run, device-timed, closed. Skipped, with the adapter's reason, where there is no NVIDIA driver.
 */
class CudaWorkloadsVerifyTest {

    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    @TestFactory
    Stream<DynamicTest> everyWorkloadVerifiesOnOddSizes() {
        GpuCudaAdapter adapter = new GpuCudaAdapter();
        if (!adapter.probe().available()) {
            // one visible skipped test carrying the reason, rather than a silently empty factory
            String reason = "gpu-cuda unavailable: " + adapter.probe().reason();
            System.out.println("SKIPPED: " + reason);
            return Stream.of(DynamicTest.dynamicTest("every gpu-cuda workload", () -> assumeTrue(false, reason)));
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (WorkloadSpec spec : adapter.workloads()) {
            for (Params params : OpenClWorkloadsVerifyTest.product(spec)) {
                tests.add(DynamicTest.dynamicTest(spec.name() + "[" + params.render() + "]", () -> {
                    Availability a = spec.availability().apply(params);
                    assumeTrue(a.available(), () -> "skipped: " + a.reason());
                    try (Workload wl = spec.factory().get()) {
                        wl.setup(params);
                        wl.verify();
                        wl.run(BH);
                        wl.run(BH);
                        DeviceTimed.DeviceTime t = ((DeviceTimed) wl).drainDeviceTime();
                        assertEquals(2, t.operations(), "one device-timed operation per run");
                        assertTrue(t.nanos() > 0, "device time of two operations: " + t.nanos());
                    }
                }));
            }
        }
        return tests.stream();
    }
}
