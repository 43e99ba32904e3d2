package dev.panbench.cli;

import dev.panbench.cli.UserShell.Ran;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.run.keep.RunJournal;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run --resume} of a run with {@code --model}: the journal keeps the models' properties, hashes, dimensions and
 * inputs, so a resume measures the same model without {@code --model}, and refuses in one line (exit 2, nothing
 * written) a model file changed since, or another model named on its command line. The run is killed, as a kill
 * leaves it, by dropping its journal's last row and its results file.
 */
class ModelResumeTest {

    private static final List<String> SHORT = List.of("--adapter", "onnxruntime", "--filter",
            "impl=java", "--param", "threads=1", "--forks", "1", "--warmup-iterations", "1", "--warmup-time", "50ms",
            "--iterations", "2", "--measurement-time", "50ms", "--adaptive-warmup", "0s");

    @TempDir
    Path dir;

    /** {@code panbench ARGS} in a folder outside any git checkout: the build a resume compares is the class path. */
    private Ran panbench(String... args) throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        return UserShell.panbench(work, List.of("-Dpanbench.model.cache=" + dir.resolve("model-cache")),
                List.of(args));
    }

    /** The one-line errors panbench printed. */
    private static List<String> errors(Ran r) {
        return r.out().lines().filter(l -> l.startsWith("panbench:")).toList();
    }

    private static Path onnxData() throws Exception {
        Path lib = Path.of("..", ".venv", "lib").toAbsolutePath().normalize();
        if (!Files.isDirectory(lib)) {
            return null;
        }
        try (Stream<Path> s = Files.list(lib)) {
            return s.map(p -> p.resolve("site-packages/onnx/backend/test/data"))
                    .filter(Files::isDirectory).findFirst().orElse(null);
        }
    }

    @Test
    void aResumeMeasuresTheRunsModelAndRefusesAnotherFile() throws Exception {
        Path data = onnxData();
        Assumptions.assumeTrue(data != null, "no onnx package in .venv: run scripts/setup.sh");
        Path model = dir.resolve("conv.onnx");
        Files.copy(data.resolve("pytorch-converted/test_Conv2d/model.onnx"), model);
        Path other = data.resolve("pytorch-converted/test_Conv2d_no_bias/model.onnx");
        Path out = dir.resolve("out");

        List<String> run = new ArrayList<>(List.of("run", "--model", model.toString(), "--out", out.toString()));
        run.addAll(SHORT);
        Ran first = panbench(run.toArray(String[]::new));
        assertEquals(0, first.code(), first.out());
        String id = "onnxruntime/model/conv[threads=1,impl=java]";
        Path journal = RunJournal.path(out);
        List<String> lines = Files.readAllLines(journal, StandardCharsets.UTF_8);
        assertEquals(2, lines.size(), "a header and the one row: " + lines);
        assertTrue(lines.getFirst().contains("\"models\"") && lines.getFirst().contains("\"sha256\""),
                lines.getFirst());
        // killed before its row reached the journal or results.json
        Files.writeString(journal, lines.getFirst() + "\n");
        Files.delete(out.resolve("results.json"));
        String kept = Files.readString(journal);

        Path saved = Files.copy(model, dir.resolve("conv.onnx.as-run"));
        Files.copy(other, model, StandardCopyOption.REPLACE_EXISTING);
        Ran changed = panbench("run", "--resume", out.toString());
        assertEquals(ExitCodes.BAD_INPUT, changed.code(), changed.out());
        assertEquals(1, errors(changed).size(), changed.out());
        assertTrue(errors(changed).getFirst().contains("model/conv's file " + model + " has sha256"), changed.out());
        assertEquals(kept, Files.readString(journal), "a refused resume leaves the journal as it was");
        assertTrue(Files.notExists(out.resolve("results.json")));

        Files.copy(saved, model, StandardCopyOption.REPLACE_EXISTING);
        Ran another = panbench("run", "--resume", out.toString(), "--model", other.toString());
        assertEquals(ExitCodes.BAD_INPUT, another.code(), another.out());
        assertEquals(1, errors(another).size(), another.out());
        assertTrue(errors(another).getFirst().contains("not the models the run measured"), another.out());

        Ran resumed = panbench("run", "--resume", out.toString());
        assertEquals(0, resumed.code(), resumed.out());
        ResultFile results = ResultFiles.read(out.resolve("results.json"));
        assertEquals(List.of(id), results.results().stream().map(r -> r.id().toString()).toList());
        assertEquals(BenchResult.Status.ok, results.results().getFirst().status(), resumed.out());
    }
}
