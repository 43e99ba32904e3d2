package dev.panbench.adapters.cpusimd.kernels;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;

/**
 * Whether this JVM's JIT encodes vector instructions with EVEX, and so has 32 vector registers on x86 at every width:
 * HotSpot's {@code UseAVX} at 3 or more (it is lowered to the CPU's level at start-up, so 3 means an AVX-512 CPU). Read
 * through HotSpot's diagnostic bean; {@link #EVEX} is null on a JVM without it (not HotSpot, or a runtime without the
 * {@code jdk.management} module).
 */
final class JitVectorRegisters {

    static final Boolean EVEX = readEvex();

    private JitVectorRegisters() {
    }

    private static Boolean readEvex() {
        try {
            HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return bean == null ? null : Integer.parseInt(bean.getVMOption("UseAVX").getValue()) >= 3;
        } catch (RuntimeException | LinkageError e) {
            // no such option (not x86), no bean, or no jdk.management module: the caller falls back on the lane count
            return null;
        }
    }
}
