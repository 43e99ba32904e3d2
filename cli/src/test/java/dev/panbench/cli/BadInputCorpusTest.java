package dev.panbench.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every file of {@code bad-inputs/} (see its {@code EXPECTED.tsv}) through every command that reads results: one
 * line on stderr naming the file and the problem, exit 2, and nothing on disk changed (checksums of the input, the
 * store with its good baseline, the output directories and the merge target, before and after).
 */
class BadInputCorpusTest {

    @TempDir
    static Path work;

    static Path corpus;
    static Path good;
    static Map<String, String> expected;
    static Path templateStore;

    @BeforeAll
    static void corpus() throws IOException, URISyntaxException {
        corpus = Path.of(BadInputCorpusTest.class.getResource("/bad-inputs/EXPECTED.tsv").toURI()).getParent();
        good = Path.of(BadInputCorpusTest.class.getResource("/good-results.json").toURI());
        expected = new TreeMap<>();
        for (String line : Files.readAllLines(corpus.resolve("EXPECTED.tsv"))) {
            if (!line.startsWith("#") && !line.isBlank()) {
                String[] f = line.split("\t", 2);
                expected.put(f[0], f[1]);
            }
        }
        templateStore = work.resolve("template-store");
        assertEquals(0, CliRunner.run("baseline", "save", "main", "--from", good.toString(), "--store",
                templateStore.toString()).code());
    }

    @Test
    void theCorpusHoldsAtLeastFortyBadInputsEachWithItsExpectedProblem() throws IOException {
        try (Stream<Path> s = Files.list(corpus)) {
            List<String> files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
            assertEquals(List.copyOf(expected.keySet()), files);
            assertTrue(files.size() >= 40, files.size() + " bad inputs");
        }
    }

    @Test
    void theGoodFileItselfPassesEveryCommand() throws IOException {
        Path dir = Files.createDirectories(work.resolve("good-run"));
        Path store = dir.resolve("store");
        assertEquals(0, CliRunner.run("report", good.toString(), "--format", "md", "--out", dir.resolve("r").toString()).code());
        assertEquals(0, CliRunner.run("compare", good.toString(), good.toString(), "--out", dir.resolve("c").toString()).code());
        assertEquals(0, CliRunner.run("gate", "--baseline", good.toString(), "--current", good.toString()).code());
        assertEquals(0, CliRunner.run("baseline", "save", "main", "--from", good.toString(), "--store", store.toString()).code());
        assertEquals(0, CliRunner.run("merge", good.toString(), "--out", dir.resolve("m.json").toString()).code());
    }

    private record Command(String name, Function<Sandbox, String[]> args) {
    }

    /** A fresh set of directories for one command on one file: a store holding a good baseline, out dirs, a target. */
    private record Sandbox(Path bad, Path root) {
        Path store() {
            return root.resolve("store");
        }

        Path out() {
            return root.resolve("out");
        }

        Path mergeTarget() {
            return root.resolve("merged.json");
        }
    }

    private static final List<Command> COMMANDS = List.of(
            new Command("report", s -> new String[]{"report", s.bad().toString(), "--format", "md,html,json,csv",
                    "--out", s.out().toString()}),
            new Command("compare BASE", s -> new String[]{"compare", s.bad().toString(), good.toString(),
                    "--out", s.out().toString(), "--store", s.store().toString()}),
            new Command("compare CURRENT", s -> new String[]{"compare", good.toString(), s.bad().toString(),
                    "--out", s.out().toString(), "--store", s.store().toString()}),
            new Command("gate --current", s -> new String[]{"gate", "--baseline", "main", "--current",
                    s.bad().toString(), "--store", s.store().toString(), "--out", s.out().toString()}),
            new Command("gate --baseline", s -> new String[]{"gate", "--baseline", s.bad().toString(), "--current",
                    good.toString(), "--store", s.store().toString(), "--out", s.out().toString()}),
            new Command("baseline save", s -> new String[]{"baseline", "save", "main", "--from", s.bad().toString(),
                    "--store", s.store().toString()}),
            new Command("merge", s -> new String[]{"merge", good.toString(), s.bad().toString(), "--out",
                    s.mergeTarget().toString()}));

    @TestFactory
    Stream<DynamicTest> everyBadInputThroughEveryCommandIsOneLineExit2AndChangesNothing() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, String> e : expected.entrySet()) {
            for (Command c : COMMANDS) {
                tests.add(DynamicTest.dynamicTest(c.name() + " " + e.getKey(), () -> check(e.getKey(), e.getValue(), c)));
            }
        }
        return tests.stream();
    }

    private static void check(String name, String problem, Command command) throws IOException {
        Path root = Files.createTempDirectory(work, name.replace(".json", "") + "-");
        Path bad = Files.copy(corpus.resolve(name), root.resolve(name));
        Sandbox s = new Sandbox(bad, root);
        Files.createDirectories(s.store());
        try (Stream<Path> files = Files.list(templateStore)) {
            for (Path f : files.toList()) {
                Files.copy(f, s.store().resolve(f.getFileName()));
            }
        }
        Files.createDirectories(s.out());
        Files.copy(good, s.mergeTarget());
        Map<String, String> before = checksums(root);

        var r = CliRunner.run(command.args().apply(s));

        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), "one line: " + r.err());
        String line = lines.getFirst();
        assertTrue(line.startsWith("panbench: " + bad + ": "), "names the file: " + line);
        assertTrue(line.contains(problem), "names the problem (" + problem + "): " + line);
        assertEquals(before, checksums(root), "nothing on disk changed");
    }

    /** Every regular file under {@code root}, by relative path, with its SHA-256 (lock files excepted). */
    static Map<String, String> checksums(Path root) throws IOException {
        Map<String, String> sums = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals(".lock")).forEach(p -> {
                try {
                    sums.put(root.relativize(p).toString(),
                            HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (NoSuchAlgorithmException e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(Files::isDirectory).forEach(d -> sums.put(root.relativize(d) + "/", "dir"));
        }
        return sums;
    }
}
