package dev.panbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.AdapterOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * README.md is the user's guide, so what it says is checked: it holds no dated measurement (those belong in
 * docs/measurements.md), its Commands block is each command's synopsis as {@code --help} prints it, and every
 * {@code ./panbench} line in its shell blocks parses; the cheap ones run, in README's order, in a directory laid out
 * as a fresh clone, and exit as README shows ({@code # exit N} after a command; 0 otherwise). A command too costly for
 * a unit test (a benchmark run, the gate's re-runs, a self-check, an A/B, calibrate) is parsed only, and names the test
 * that runs it; in the clone, a run that is not executed leaves what it would have written: the latest run of the
 * committed baseline {@code baselines/vm-2core-jvm.json}, split by its {@code --shard}.
 */
class ReadmeTest {

    private static final Path ROOT = repositoryRoot();
    private static final Path README = ROOT.resolve("README.md");

    /** Tests that run what README shows only parsed here, by the command's path; each must exist. */
    private static final Map<String, String> RUN_BY = Map.of(
            "run", "cli/src/test/java/dev/panbench/cli/RunCommandTest.java",
            "gate", "cli/src/test/java/dev/panbench/cli/CompareAndGateCommandTest.java",
            "selfcheck", "cli/src/test/java/dev/panbench/cli/SelfCheckCommandTest.java",
            "ab", "cli/src/test/java/dev/panbench/cli/AbCommandTest.java",
            "find", "harness/src/test/java/dev/panbench/harness/paired/RegressionFinderTest.java",
            "calibrate", "adapters/jvm/src/test/java/dev/panbench/adapters/jvm/CalibrationPairsTest.java");

    /** Commands that read and write files only: run for real. */
    private static final Set<String> CHEAP = Set.of("list", "env", "report", "compare", "history", "import", "merge",
            "baseline list", "baseline show", "baseline save", "baseline prune", "baseline delete");

    private static final Pattern CLOCK_TIME = Pattern.compile("\\b[0-2][0-9]:[0-5][0-9]\\b");
    private static final Pattern COMMIT = Pattern.compile("(?i)\\bcommit\\s+`?[0-9a-f]{7,40}\\b");
    private static final Pattern HEX_WORD = Pattern.compile("\\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\\b");
    private static final Pattern LOAD = Pattern.compile("(?i)\\bload\\s+(average\\b|[0-9])");
    private static final Pattern EXIT = Pattern.compile("#.*\\bexit (\\d+)");
    private static final int WIDTH = 116;

    @Test
    void readmeHoldsNoClockTimeCommitHashOrLoadAverage() {
        List<String> found = new ArrayList<>();
        List<String> lines = readme();
        for (int i = 0; i < lines.size(); i++) {
            for (Pattern p : List.of(CLOCK_TIME, COMMIT, HEX_WORD, LOAD)) {
                Matcher m = p.matcher(lines.get(i));
                if (m.find()) {
                    found.add("README.md:" + (i + 1) + ": '" + m.group() + "' in: " + lines.get(i).strip());
                }
            }
        }
        assertTrue(found.isEmpty(), "README keeps no dated measurement (move it to docs/measurements.md or beside its "
                + "run in baselines/README.md):\n" + String.join("\n", found));
    }

    @Test
    void readmeIsWrittenFromAFreshClone() {
        String text = String.join("\n", readme());
        for (String kept : List.of("./panbench run --quick", "./scripts/test.sh")) {
            assertTrue(text.contains(kept), "README names '" + kept + "' (CI looks for it)");
        }
        // the checkout and the folder it sits in are this machine's; a clean clone's README names neither
        Path parent = ROOT.toAbsolutePath().getParent();
        String above = parent == null || parent.getParent() == null ? ROOT.toString() : parent + "/";
        List<String> absolute = readme().stream().filter(l -> l.contains(ROOT.toString()) || l.contains(above))
                .toList();
        assertTrue(absolute.isEmpty(), "README shows paths of one machine:\n" + String.join("\n", absolute));
        assertTrue(readme().size() <= 400, "README is a guide of about 300 lines, not " + readme().size());
    }

    @Test
    void commandsBlockIsEachCommandsSynopsisAsItsHelpPrintsIt() {
        Map<String, String> shown = commandsBlock();
        Map<String, String> expected = new LinkedHashMap<>();
        for (List<String> path : leafCommands()) {
            expected.put(String.join(" ", path), synopsis(path));
        }
        List<String> problems = new ArrayList<>();
        for (var e : expected.entrySet()) {
            String line = shown.get(e.getKey());
            if (line == null) {
                problems.add("'panbench " + e.getKey() + "' is missing; its --help gives:\n" + wrap(e.getValue()));
            } else if (!line.equals(e.getValue())) {
                problems.add("'panbench " + e.getKey() + "' differs:\n  README:  " + line + "\n  --help:  " + e.getValue()
                        + "\npaste:\n" + wrap(e.getValue()));
            }
        }
        for (String name : shown.keySet()) {
            if (!expected.containsKey(name)) {
                problems.add("'panbench " + name + "' is no command of Main (its commands: " + expected.keySet() + ")");
            }
        }
        assertTrue(problems.isEmpty(), "README's Commands block (each command's synopsis from --help, without "
                + "the options every command takes) disagrees with the commands:\n" + String.join("\n\n", problems));
    }

    @Test
    void everyReadmeCommandParses() {
        List<ShownCommand> commands = shownCommands();
        assertTrue(commands.size() >= 15, "README shows the commands: " + commands);
        List<String> problems = new ArrayList<>();
        for (ShownCommand c : commands) {
            try {
                Main.commandLine().parseArgs(c.args().toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                problems.add("README.md:" + c.line() + ": " + c.text() + "\n  " + e.getMessage());
            }
        }
        assertTrue(problems.isEmpty(), "README shows commands panbench does not take:\n" + String.join("\n", problems));
    }

    @Test
    void commandsReadmeOnlyParsesNameTheTestThatRunsThem() {
        Set<String> named = new LinkedHashSet<>();
        for (ShownCommand c : shownCommands()) {
            if (parses(c) && !cheap(c)) {
                String path = commandPath(c);
                String test = RUN_BY.get(path);
                if (test == null) {
                    fail("README.md:" + c.line() + ": '" + c.text() + "' is neither run here nor mapped to the test "
                            + "that runs it (ReadmeTest.RUN_BY)");
                }
                named.add(test);
            }
        }
        for (String test : named) {
            assertTrue(Files.isRegularFile(ROOT.resolve(test)), test + " runs a command README shows, and exists");
        }
        assertTrue(named.contains(RUN_BY.get("run")), "README shows a run: " + named);
    }

    @Test
    void cheapReadmeCommandsRunInAFreshCloneAndExitAsShown(@TempDir Path clone) throws Exception {
        int executed = 0;
        List<String> problems = new ArrayList<>();
        for (ShownCommand c : shownCommands().stream().filter(ReadmeTest::parses).toList()) {
            ParseResult parsed = Main.commandLine().parseArgs(c.args().toArray(String[]::new));
            if (!cheap(c)) {
                leaveWhatARunWrites(parsed, clone);
                continue;
            }
            copyInputsFromTheRepository(c.args(), clone);
            Result r = execute(clone, c.args());
            executed++;
            String where = "README.md:" + c.line() + ": " + c.text();
            if (r.code() != c.exit()) {
                problems.add(where + "\n  exit " + r.code() + ", README shows " + c.exit() + "\n  stdout: "
                        + r.out().strip() + "\n  stderr: " + r.err().strip());
                continue;
            }
            for (String shown : c.output()) {
                if (shown.startsWith("panbench: ") && !r.err().contains(shown)) {
                    problems.add(where + "\n  README shows: " + shown + "\n  it printed: " + r.err().strip());
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(executed >= 10, "README's cheap commands ran: " + executed);
    }

    // ---- README's parts

    /** The Commands block: each entry starts with {@code panbench}, indented lines continue it. */
    private static Map<String, String> commandsBlock() {
        List<String> lines = readme();
        int heading = lines.indexOf("## Commands");
        assertTrue(heading >= 0, "README has a '## Commands' section");
        int open = heading + 1;
        while (open < lines.size() && !lines.get(open).startsWith("```")) {
            open++;
        }
        List<String> entries = new ArrayList<>();
        for (int i = open + 1; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
            String l = lines.get(i);
            if (l.startsWith("panbench ")) {
                entries.add(l.strip());
            } else if (!l.isBlank() && !entries.isEmpty()) {
                entries.set(entries.size() - 1, entries.getLast() + " " + l.strip());
            }
        }
        Set<String> names = new LinkedHashSet<>();
        leafCommands().forEach(p -> names.add(String.join(" ", p)));
        Map<String, String> byName = new LinkedHashMap<>();
        for (String entry : entries) {
            String[] words = entry.split(" ");
            String name = words.length > 2 && names.contains(words[1] + " " + words[2]) ? words[1] + " " + words[2]
                    : words[1];
            byName.put(name, entry);
        }
        return byName;
    }

    /** A {@code ./panbench} command shown in a shell block, with the exit README gives it and the lines it shows. */
    record ShownCommand(int line, String text, List<String> args, int exit, List<String> output) {
        @Override
        public String toString() {
            return text;
        }
    }

    private static List<ShownCommand> shownCommands() {
        List<String> lines = readme();
        List<ShownCommand> out = new ArrayList<>();
        boolean inBlock = false;
        String lang = "";
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("```")) {
                inBlock = !inBlock;
                lang = inBlock ? l.substring(3).strip() : "";
                continue;
            }
            if (!inBlock || !(lang.isEmpty() || lang.equals("sh") || lang.equals("console") || lang.equals("shell"))) {
                continue;
            }
            String cmd = l.startsWith("$ ") ? l.substring(2) : l;
            if (!cmd.startsWith("./panbench ") && !cmd.equals("./panbench")) {
                continue;
            }
            int first = i;
            StringBuilder text = new StringBuilder(cmd);
            while (text.toString().endsWith("\\") && i + 1 < lines.size()) {
                text.setLength(text.length() - 1);
                text.append(' ').append(lines.get(++i).strip());
            }
            List<String> output = new ArrayList<>();
            for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("```") && !lines.get(j).startsWith("$ ")
                    && !lines.get(j).startsWith("./"); j++) {
                output.add(lines.get(j));
            }
            Shell words = Shell.split(text.toString());
            Matcher exit = EXIT.matcher(words.comment());
            out.add(new ShownCommand(first + 1, text.toString().strip(), words.words().subList(1, words.words().size()),
                    exit.find() ? Integer.parseInt(exit.group(1)) : 0, output));
        }
        return out;
    }

    /** Words of a shell line as sh splits them (quotes, backslashes), and the comment after them. */
    record Shell(List<String> words, String comment) {
        static Shell split(String line) {
            List<String> words = new ArrayList<>();
            StringBuilder w = null;
            for (int i = 0; i < line.length(); i++) {
                char ch = line.charAt(i);
                if (Character.isWhitespace(ch)) {
                    if (w != null) {
                        words.add(w.toString());
                        w = null;
                    }
                } else if (ch == '#' && w == null) {
                    return new Shell(words, line.substring(i));
                } else {
                    w = w == null ? new StringBuilder() : w;
                    if (ch == '\'') {
                        int end = line.indexOf('\'', i + 1);
                        w.append(line, i + 1, end);
                        i = end;
                    } else if (ch == '"') {
                        for (i++; line.charAt(i) != '"'; i++) {
                            if (line.charAt(i) == '\\' && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                                i++;
                            }
                            w.append(line.charAt(i));
                        }
                    } else if (ch == '\\' && i + 1 < line.length()) {
                        w.append(line.charAt(++i));
                    } else {
                        w.append(ch);
                    }
                }
            }
            if (w != null) {
                words.add(w.toString());
            }
            return new Shell(words, "");
        }
    }

    // ---- the commands and their help

    private static List<List<String>> leafCommands() {
        List<List<String>> out = new ArrayList<>();
        collect(Main.commandLine(), List.of(), out);
        return out;
    }

    private static void collect(CommandLine cl, List<String> path, List<List<String>> out) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getParent() != cl || sub.getCommandName().equals("help")) {
                continue;
            }
            List<String> p = new ArrayList<>(path);
            p.add(sub.getCommandName());
            if (sub.getSubcommands().isEmpty()) {
                out.add(p);
            } else {
                collect(sub, p, out);
            }
        }
    }

    /** The command's synopsis as its {@code --help} prints it, on one line, without the options every command takes. */
    private static String synopsis(List<String> path) {
        List<String> args = new ArrayList<>(path);
        args.add("--help");
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.getFirst().startsWith("Usage: "), r.out());
        StringBuilder s = new StringBuilder(lines.getFirst().substring("Usage: ".length()).strip());
        for (int i = 1; i < lines.size() && lines.get(i).startsWith(" "); i++) {
            // picocli breaks a label such as K=V1,V2 after its comma: join those without a space
            s.append(s.toString().endsWith(",") ? "" : " ").append(lines.get(i).strip());
        }
        Set<String> shared = sharedOptions();
        List<String> kept = Stream.of(s.toString().split(" "))
                .filter(t -> !shared.contains(t) && !t.startsWith("[--adapter-path=")).toList();
        return String.join(" ", kept);
    }

    /** {@code -hV}, {@code --verbose} and the adapters' library options, as a synopsis shows them. */
    private static Set<String> sharedOptions() {
        Set<String> shared = new LinkedHashSet<>(List.of("[-hV]", "[--verbose]"));
        for (Adapter a : Adapters.load().all()) {
            for (AdapterOption o : a.options()) {
                shared.add("[" + o.name() + "=" + o.paramLabel() + "]");
            }
        }
        return shared;
    }

    /** A synopsis as README's block holds it: wrapped at the block's width, continued four spaces in. */
    private static String wrap(String synopsis) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String t : synopsis.split(" ")) {
            if (!line.isEmpty() && line.length() + 1 + t.length() > WIDTH) {
                out.append(line).append('\n');
                line = new StringBuilder("    ");
            } else if (!line.isEmpty()) {
                line.append(' ');
            }
            line.append(t);
        }
        return out.append(line).toString();
    }

    // ---- running them

    private static String commandPath(ShownCommand c) {
        ParseResult p = Main.commandLine().parseArgs(c.args().toArray(String[]::new));
        List<String> names = new ArrayList<>();
        for (ParseResult s = p.subcommand(); s != null; s = s.subcommand()) {
            names.add(s.commandSpec().name());
        }
        return String.join(" ", names);
    }

    /** Whether picocli takes the command; everyReadmeCommandParses reports those it does not. */
    private static boolean parses(ShownCommand c) {
        try {
            Main.commandLine().parseArgs(c.args().toArray(String[]::new));
            return true;
        } catch (CommandLine.ParameterException e) {
            return false;
        }
    }

    /** Cheap: reads and writes files only, prints help or version, or is bad input refused before any work. */
    private static boolean cheap(ShownCommand c) {
        ParseResult p = Main.commandLine().parseArgs(c.args().toArray(String[]::new));
        for (ParseResult s = p; s != null; s = s.subcommand()) {
            if (s.isUsageHelpRequested() || s.isVersionHelpRequested()) {
                return true;
            }
        }
        String path = commandPath(c);
        boolean historyGate = path.equals("gate") && p.subcommand().hasMatchedOption("--baseline")
                && !p.subcommand().hasMatchedOption("--confirm");
        return CHEAP.contains(path) || historyGate || c.exit() == ExitCodes.BAD_INPUT;
    }

    /** What a run README shows would have left in the clone, taken from a committed run of the jvm adapter. */
    private static void leaveWhatARunWrites(ParseResult parsed, Path clone) throws IOException {
        ParseResult run = parsed.subcommand();
        if (run == null || !run.commandSpec().name().equals("run")) {
            return;
        }
        String out = value(run, "--out", Defaults.OUT_DIR);
        String[] shard = value(run, "--shard", "1/1").split("/");
        int index = Integer.parseInt(shard[0]) - 1;
        int count = Integer.parseInt(shard[1]);
        ObjectMapper json = new ObjectMapper();
        JsonNode baseline = json.readTree(ROOT.resolve("baselines/vm-2core-jvm.json").toFile());
        ObjectNode results = (ObjectNode) baseline.get("runs").get(baseline.get("runs").size() - 1).get("results")
                .deepCopy();
        ArrayNode kept = json.createArrayNode();
        for (int i = 0; i < results.get("results").size(); i++) {
            if (i % count == index) {
                kept.add(results.get("results").get(i));
            }
        }
        results.set("results", kept);
        Path file = clone.resolve(out).resolve("results.json");
        Files.createDirectories(file.getParent());
        json.writeValue(file.toFile(), results);
    }

    private static String value(ParseResult p, String option, String otherwise) {
        OptionSpec o = p.matchedOption(option);
        return o == null ? otherwise : o.originalStringValues().getLast();
    }

    /** A command's inputs that a clone has (fixtures, committed runs) are copied in as they are in the repository. */
    private static void copyInputsFromTheRepository(List<String> args, Path clone) throws IOException {
        for (String a : args) {
            if (a.isEmpty() || a.startsWith("-") || a.startsWith("/") || a.startsWith("build/") || a.contains("..")) {
                continue;
            }
            Path from = ROOT.resolve(a);
            Path to = clone.resolve(a);
            if (Files.exists(from) && !Files.exists(to)) {
                try (Stream<Path> walk = Files.walk(from)) {
                    for (Path p : walk.toList()) {
                        Path target = to.resolve(from.relativize(p).toString());
                        if (Files.isDirectory(p)) {
                            Files.createDirectories(target);
                        } else {
                            Files.createDirectories(target.getParent());
                            Files.copy(p, target);
                        }
                    }
                }
            }
        }
    }

    record Result(int code, String out, String err) {
    }

    /**
     * {@code ./panbench ARGS} in the clone, with the launcher's flags and what the jar holds: this test's class path
     * without the test classes (whose adapters, such as the harness's failing test adapter, no user has).
     */
    private static Result execute(Path clone, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmFlags.all());
        cmd.addAll(List.of("-XX:TieredStopAtLevel=1", "-Dpanbench.home=" + ROOT, "-Djmh.ignoreLock=true",
                "-cp", productionClassPath(), Main.class.getName()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(clone.toFile());
        pb.environment().remove("PANBENCH_STORE");
        File out = clone.resolve(".stdout").toFile();
        File err = clone.resolve(".stderr").toFile();
        Process p = pb.redirectOutput(out).redirectError(err).start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("./panbench " + String.join(" ", args) + " did not finish in 3 minutes");
        }
        return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    private static String productionClassPath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.endsWith("test-classes") && !e.endsWith("-tests.jar"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    // ---- where README is

    private static List<String> readme() {
        try {
            return Files.readAllLines(README, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("cli"))
                    && Files.isDirectory(p.resolve("harness"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
    }
}
