package dev.panbench.adapters.cpusimd.blas;

import dev.panbench.adapters.cpusimd.CpuFeatures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The library loaded in a process whose environment the test sets, whatever the shell running the tests exports:
 * a core type from the environment is obeyed and named as the cause of the mark; panbench's property wins over it.
 */
class CoreTypeInAChildProcessTest {

    @BeforeAll
    static void premise() {
        assumeTrue(OpenBlas.load().isPresent(), () -> "OpenBLAS missing: " + OpenBlas.missingReason());
        assumeTrue(CoreTypes.ofCpu(CpuFeatures.flags()).compareTo(CoreTypes.Level.SSE) > 0,
                "an SSE-only CPU: Prescott's kernels are its best, nothing is below it");
    }

    @Test
    void aCoreTypeSetInTheEnvironmentIsLoadedAndNamedInTheMark() throws Exception {
        Map<String, String> got = child(Map.of("OPENBLAS_CORETYPE", "Prescott", "OPENBLAS_L2_SIZE", "512"), null);
        assumeTakesCoreTypes(got);
        assertTrue(got.get("degraded").endsWith(": OPENBLAS_CORETYPE=Prescott is set in the environment; unset it (and"
                + " OPENBLAS_L2_SIZE) for this command to let OpenBLAS choose, or set it to "
                + CoreTypes.coreTypeFor(CoreTypes.ofCpu(CpuFeatures.flags())).orElseThrow()), got.toString());
    }

    @Test
    void panbenchsPropertyDecidesTheKernelsOverTheEnvironment() throws Exception {
        String best = CoreTypes.coreTypeFor(CoreTypes.ofCpu(CpuFeatures.flags())).orElseThrow();
        assumeTakesCoreTypes(child(Map.of("OPENBLAS_CORETYPE", "Prescott"), null));
        Map<String, String> got = child(Map.of("OPENBLAS_CORETYPE", best), "Prescott");
        assertEquals("prescott", got.get("core").toLowerCase(Locale.ROOT), got.toString());
        assertTrue(got.get("degraded").contains("-Dpanbench.openblas.coretype=Prescott forces it over the environment's"
                + " OPENBLAS_CORETYPE=" + best), got.toString());
        Map<String, String> lifted = child(Map.of("OPENBLAS_CORETYPE", "Prescott"), best);
        assertEquals(best.toLowerCase(Locale.ROOT), lifted.get("core").toLowerCase(Locale.ROOT),
                lifted.toString());
        assertEquals("", lifted.get("degraded"), lifted.toString());
    }

    private static void assumeTakesCoreTypes(Map<String, String> underPrescott) {
        assumeTrue(underPrescott.get("core").equalsIgnoreCase("Prescott"), () -> "this OpenBLAS does not take"
                + " OPENBLAS_CORETYPE (not a DYNAMIC_ARCH build): under Prescott it ran " + underPrescott);
    }

    /** Starts {@link Child} with exactly these OpenBLAS variables and, where given, panbench's property. */
    private static Map<String, String> child(Map<String, String> openBlasEnv, String property) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path")));
        if (property != null) {
            cmd.add("-D" + OpenBlas.CORETYPE_PROPERTY + "=" + property);
        }
        cmd.add(Child.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("OPENBLAS_"));
        pb.environment().putAll(openBlasEnv);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not finish: " + out);
        assertEquals(0, p.exitValue(), out);
        Map<String, String> got = new LinkedHashMap<>();
        out.lines().filter(l -> l.startsWith("core=") || l.startsWith("degraded="))
                .forEach(l -> got.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        assertEquals(2, got.size(), out);
        return got;
    }

    /** Loads the library and prints the core it runs and the mark its rows would carry. */
    public static final class Child {
        public static void main(String[] args) {
            OpenBlas blas = OpenBlas.load().orElseThrow(() -> new IllegalStateException(OpenBlas.missingReason()));
            System.out.println("core=" + blas.corename());
            System.out.println("degraded=" + blas.degraded().orElse(""));
        }
    }
}
