package dev.panbench.cli;

import dev.panbench.cli.UserShell.Ran;
import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.ComparisonFiles;
import dev.panbench.harness.compare.Verdict;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static dev.panbench.cli.UserShell.exec;
import static dev.panbench.cli.UserShell.git;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A repository that holds a model and a {@code panbench.json} naming it, and nothing to build: the onnx package's
 * {@code test_Conv2d} folder (its model and test data), then re-exported with two hundred Tanh nodes after the
 * convolution and test data of its own. Gated from that repository as a user types it, each side runs its revision's
 * model and checks it against its revision's test data: the longer model exits 1 with its row regressed, the first
 * model against itself exits 0, and a revision without the model is one line, exit 2.
 */
class ModelRepositoryGateTest {

    /** Only the JVM's ONNX Runtime row, one thread: the rows of the Python driver would cost a minute more. */
    private static final List<String> SHORT = List.of("--filter", "model/conv\\[threads=1,impl=java\\]", "--seed", "7",
            "--warmup-iterations", "1", "--warmup-time", "50ms",
            "--iterations", "2", "--measurement-time", "50ms", "--adaptive-warmup", "0s");

    /** Appends N Tanh nodes to the model of folder SRC, writing it and its new test data into folder DST. */
    private static final String LONGER = """
            import os, shutil, sys, onnx
            from onnx import helper, numpy_helper
            from onnx.reference import ReferenceEvaluator
            src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
            m = onnx.load(os.path.join(src, "model.onnx"))
            last = m.graph.output[0].name
            for i in range(n):
                m.graph.node.append(helper.make_node("Tanh", [last], ["tanh%d" % i]))
                last = "tanh%d" % i
            m.graph.output[0].name = last
            onnx.save(m, os.path.join(dst, "model.onnx"))
            x = onnx.TensorProto()
            with open(os.path.join(src, "test_data_set_0", "input_0.pb"), "rb") as f:
                x.ParseFromString(f.read())
            y = ReferenceEvaluator(m).run(None, {m.graph.input[0].name: numpy_helper.to_array(x)})[0]
            with open(os.path.join(dst, "test_data_set_0", "output_0.pb"), "wb") as f:
                f.write(numpy_helper.from_array(y, last).SerializeToString())
            """;

    @TempDir
    Path dir;

    private static Ran panbench(Path cwd, List<String> args) throws Exception {
        return UserShell.panbench(cwd, List.of("-Dpanbench.model.cache=" + cwd.resolveSibling("model-cache")), args);
    }

    /**
     * A gate of {@code min} to {@code max} pairs: a pair costs seconds here (two JMH forks, each loading the model),
     * and a neighbour's burst can leave four pairs short of significance.
     */
    private static List<String> gate(String base, String out, int min, int max) {
        List<String> args = new ArrayList<>(List.of("gate", "--base", base, "--out", out, "--min-pairs", "" + min,
                "--max-pairs", "" + max));
        args.addAll(SHORT);
        return args;
    }

    @Test
    void aLongerModelFailsTheGateAgainstItsOwnPreviousRevision() throws Exception {
        Path venv = Path.of("..", ".venv").toAbsolutePath().normalize();
        Path conv;
        try (Stream<Path> s = Files.list(venv.resolve("lib"))) {
            conv = s.map(p -> p.resolve("site-packages/onnx/backend/test/data/pytorch-converted/test_Conv2d"))
                    .filter(Files::isDirectory).findFirst().orElse(null);
        }
        Assumptions.assumeTrue(conv != null, "no onnx package in .venv: run scripts/setup.sh");
        Path repo = Files.createDirectories(dir.resolve("acme-models"));
        git(repo, "init", "-q", "-b", "main");
        Files.writeString(repo.resolve("README.md"), "Acme's detector\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "readme");
        Path model = Files.createDirectories(repo.resolve("models/conv/test_data_set_0"));
        for (String f : List.of("model.onnx", "test_data_set_0/input_0.pb", "test_data_set_0/output_0.pb")) {
            Files.copy(conv.resolve(f), repo.resolve("models/conv").resolve(f));
        }
        Files.writeString(repo.resolve("panbench.json"), "{\"models\": [\"models/conv\"]}\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "conv as exported");
        Path script = Files.writeString(dir.resolve("longer.py"), LONGER);
        Ran longer = exec(repo, List.of(venv.resolve("bin/python").toString(), script.toString(), conv.toString(),
                model.getParent().toString(), "200"));
        assertEquals(0, longer.code(), longer.out());
        git(repo, "commit", "-q", "-a", "-m", "conv: re-exported with 200 Tanh after it");

        Ran slow = panbench(repo, gate("HEAD~1", "gate-slow", 4, 10));
        System.out.println("the longer model against the one before:\n" + slow.out());
        assertEquals(ExitCodes.REGRESSION, slow.code(), slow.out());
        Change c = ComparisonFiles.read(repo.resolve("gate-slow/comparison.json")).changes().getFirst();
        assertEquals("onnxruntime/model/conv[threads=1,impl=java]", c.id().toString());
        assertEquals(Verdict.regressed, c.verdict(), c.toString());
        assertTrue(slow.out().contains("reading models/conv from HEAD~1"), slow.out());
        assertTrue(c.note().contains("another model file: sha256 "), c.note());

        git(repo, "checkout", "-q", "HEAD~1");
        Ran same = panbench(repo, gate("main~1", "gate-same", 2, 2));
        System.out.println("the model against itself:\n" + same.out());
        assertEquals(ExitCodes.OK, same.code(), same.out());
        assertEquals(List.of(), ComparisonFiles.read(repo.resolve("gate-same/comparison.json"))
                .withVerdict(Verdict.regressed), same.out());

        Ran missing = panbench(repo, gate("main~2", "gate-missing", 2, 2));
        assertEquals(ExitCodes.BAD_INPUT, missing.code(), missing.out());
        List<String> lines = missing.out().lines().filter(l -> l.startsWith("panbench:")).toList();
        assertEquals(1, lines.size(), missing.out());
        assertTrue(lines.getFirst().contains("has no models/conv"), missing.out());
        assertTrue(Files.notExists(repo.resolve("gate-missing/comparison.json")), missing.out());
    }
}
