package dev.panbench.cli;

import dev.panbench.cli.UserShell.Ran;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Verdict;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.spi.SpiVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.panbench.cli.UserShell.exec;
import static dev.panbench.cli.UserShell.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's first ten minutes, outside panbench's tree, as a user types them: {@code panbench new adapter}, an offline
 * Maven build against the installed SPI artifact, a run with {@code --adapter-path}, then a git repository of the
 * project whose second commit makes its kernel do a tenth more work, gated from that repository with nothing but
 * its {@code panbench.json}: exit 1 with the slowed row regressed; the first commit gated against itself passes.
 * The costliest test of the kit (four small Maven builds and two short paired gates).
 */
class UserRepositoryGateTest {

    private static final List<String> SHORT = List.of("--param", "size=4096", "--seed", "11", "--min-pairs", "6",
            "--max-pairs", "12", "--warmup-iterations", "3", "--warmup-time", "50ms", "--iterations", "3",
            "--measurement-time", "50ms", "--adaptive-warmup", "0s");

    @TempDir
    Path dir;

    private static Ran panbench(Path cwd, String... args) throws Exception {
        return UserShell.panbench(cwd, List.of(), List.of(args));
    }

    @Test
    void aNewAdapterBuildsRunsAndItsSlowedCommitFailsTheGateInItsOwnRepository() throws Exception {
        Path installed = Path.of(System.getProperty("user.home"), ".m2", "repository", "dev", "panbench",
                "panbench-harness", SpiVersion.version(), "panbench-harness-" + SpiVersion.version() + ".jar");
        assertTrue(Files.isRegularFile(installed), "the SPI artifact is not installed (" + installed
                + "): run scripts/setup.sh");
        Path work = Files.createDirectories(dir.resolve("work"));
        Ran made = panbench(work, "new", "adapter", "acme-adapter", "--id", "acme");
        assertEquals(0, made.code(), made.out());
        Path project = work.resolve("acme-adapter");

        Ran built = exec(project, List.of("mvn", "-B", "-q", "-o", "package", "-DskipTests"));
        assertEquals(0, built.code(), "the generated project builds offline: " + built.out());
        assertTrue(Files.isRegularFile(project.resolve("target/acme-adapter-0.1.0.jar")), built.out());

        Ran run = panbench(project, "run", "--adapter-path", "target", "--adapter", "acme", "--param", "size=4096",
                "--forks", "1", "--warmup-iterations", "1", "--warmup-time", "50ms", "--iterations", "2",
                "--measurement-time", "50ms", "--format", "json", "--out", "out");
        assertEquals(0, run.code(), run.out());
        ResultFile results = ResultFiles.read(project.resolve("out/results.json"));
        assertEquals(List.of("acme/dot[size=4096]"), results.results().stream().map(r -> r.id().toString()).toList());
        assertEquals(BenchResult.Status.ok, results.results().getFirst().status(), run.out());

        git(project, "init", "-q", "-b", "main");
        git(project, "add", "-A");
        git(project, "commit", "-q", "-m", "acme adapter");
        Path kernels = project.resolve("src/main/java/com/example/acme/Kernels.java");
        String fast = Files.readString(kernels);
        Files.writeString(kernels, fast.replace("        return s;", """
                        float again = 0;
                        for (int i = 0; i < a.length / 10; i++) {
                            again += a[i] * b[i];
                        }
                        return s + (again - again);"""));
        git(project, "commit", "-q", "-a", "-m", "dot: a tenth of the products again");

        List<String> gate = new ArrayList<>(List.of("gate", "--base", "HEAD~1", "--out", "gate-slow"));
        gate.addAll(SHORT);
        Ran slow = panbench(project, gate.toArray(String[]::new));
        System.out.println("the slowed commit against its parent:\n" + slow.out());
        assertEquals(ExitCodes.REGRESSION, slow.code(), slow.out());
        Change c = ComparisonFiles.read(project.resolve("gate-slow/comparison.json")).changes().getFirst();
        assertEquals("acme/dot[size=4096]", c.id().toString());
        assertEquals(Verdict.regressed, c.verdict(), c.toString());
        assertTrue(slow.out().contains("regressed"), slow.out());

        git(project, "checkout", "-q", "HEAD~1");
        gate = new ArrayList<>(List.of("gate", "--base", "main~1", "--out", "gate-same"));
        gate.addAll(SHORT);
        Ran same = panbench(project, gate.toArray(String[]::new));
        System.out.println("the first commit against itself:\n" + same.out());
        assertEquals(ExitCodes.OK, same.code(), same.out());
        assertEquals(List.of(), ComparisonFiles.read(project.resolve("gate-same/comparison.json"))
                .withVerdict(Verdict.regressed), same.out());
    }
}
