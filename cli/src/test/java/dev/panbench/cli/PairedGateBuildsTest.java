package dev.panbench.cli;

import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paired gate against a real code change: two small builds of one adapter whose only workload differs in code
 * (the slower build's loop runs 8% more iterations; no property, no knob), compiled here. The slower build gated
 * against its parent fails; the parent gated against itself passes.
 */
class PairedGateBuildsTest {

    private static final String SOURCE = """
            package spin;

            import dev.panbench.harness.spi.*;
            import org.openjdk.jmh.infra.Blackhole;
            import java.util.List;
            import java.util.Map;

            public final class SpinAdapter implements Adapter {
                public String id() { return "spin"; }
                public String describe() { return "a loop of integer steps"; }
                public Availability probe() { return Availability.ok(); }
                public Map<String, String> environment() { return Map.of(); }
                public List<WorkloadSpec> workloads() {
                    return List.of(WorkloadSpec.builder("spin/lcg").factory(Lcg::new).build());
                }

                public static final class Lcg implements Workload {
                    private long seed = 42;
                    public void setup(Params params) { }
                    public void verify() throws VerificationException {
                        VerificationException.checkEquals("steps run", true, step(seed) != seed);
                    }
                    public void run(Blackhole bh) { bh.consume(step(seed++)); }
                    static long step(long x) {
                        for (int i = 0; i < STEPS; i++) {
                            x = x * 6364136223846793005L + 1442695040888963407L;
                            x ^= x >>> 29;
                        }
                        return x;
                    }
                    static final int STEPS = %d;
                }
            }
            """;

    /** Compiles the adapter with {@code steps} loop iterations into {@code dir}, registered as a service. */
    private static Path build(Path dir, int steps) throws Exception {
        Path src = dir.resolve("src/spin/SpinAdapter.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, SOURCE.formatted(steps));
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(classes.resolve("META-INF/services/dev.panbench.harness.spi.Adapter"), "spin.SpinAdapter\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int code = javac.run(null, null, null, "-cp", System.getProperty("java.class.path"), "-d",
                classes.toString(), src.toString());
        assertEquals(0, code, "the adapter compiles");
        return classes;
    }

    private static String classPath(Path classes) {
        return classes + File.pathSeparator + System.getProperty("java.class.path");
    }

    /** Runs ab with the adapter's classes visible to this JVM's planning too. */
    private static CliRunner ab(Path plannedFrom, String base, String candidate, Path out) throws Exception {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[]{plannedFrom.toUri().toURL()}, before)) {
            t.setContextClassLoader(loader);
            return CliRunner.run("ab", base, candidate, "--adapter", "spin", "--fail-on-regression", "--seed", "11",
                    "--min-pairs", "6", "--max-pairs", "12", "--warmup-iterations", "3", "--warmup-time", "50ms",
                    "--iterations", "3", "--measurement-time", "50ms", "--adaptive-warmup", "0s",
                    "--out", out.toString());
        } finally {
            t.setContextClassLoader(before);
        }
    }

    @Test
    void aSlowerBuildFailsAgainstItsParentAndTheParentPassesAgainstItself(@TempDir Path dir) throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        Path parent = build(dir.resolve("parent"), 2000);
        Path slower = build(dir.resolve("slower"), 2160);

        CliRunner change = ab(parent, classPath(parent), classPath(slower), dir.resolve("change"));
        System.out.println("the slower build against its parent:\n" + change.out());
        assertEquals(ExitCodes.REGRESSION, change.code(), change.out() + change.err());
        Change c = ComparisonFiles.read(dir.resolve("change/comparison.json")).changes().getFirst();
        assertEquals(Verdict.regressed, c.verdict(), c.toString());
        assertTrue(c.slowdown() > 1.03 && c.slowdown() < 1.2, "8% more steps: " + c);

        CliRunner same = ab(parent, classPath(parent), classPath(parent), dir.resolve("same"));
        System.out.println("the parent against itself:\n" + same.out());
        assertEquals(ExitCodes.OK, same.code(), same.out() + same.err());
        assertEquals(List.of(), ComparisonFiles.read(dir.resolve("same/comparison.json"))
                .withVerdict(Verdict.regressed), same.out());
    }
}
