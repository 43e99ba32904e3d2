package dev.panbench.cli;

import dev.panbench.reports.format.Formats;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Walks the whole picocli command tree: {@code --help} works on every command and subcommand, cleanly; every
 * {@code --format} lists the formats of the registry.
 */
class HelpEverywhereTest {

    @TestFactory
    Stream<DynamicTest> everyCommandAndSubcommandPrintsItsHelpWithExit0AndNoWarning() {
        List<List<String>> paths = new ArrayList<>();
        walk(Main.commandLine(), new ArrayList<>(), paths);
        assertTrue(paths.size() >= 14, "the tree has every command: " + paths);
        return paths.stream().map(path -> DynamicTest.dynamicTest(String.join(" ", path) + " --help", () -> {
            List<String> args = new ArrayList<>(path.subList(1, path.size()));
            args.add("--help");
            PrintStream saved = System.err;
            ByteArrayOutputStream stray = new ByteArrayOutputStream();
            CliRunner r;
            try {
                System.setErr(new PrintStream(stray, true, StandardCharsets.UTF_8));
                r = CliRunner.run(args.toArray(String[]::new));
            } finally {
                System.setErr(saved);
            }
            String all = r.out() + r.err() + stray.toString(StandardCharsets.UTF_8);
            assertEquals(0, r.code(), all);
            assertTrue(r.out().startsWith("Usage: " + String.join(" ", path)), r.out());
            assertFalse(all.contains("[picocli WARN]"), all);
            assertFalse(all.contains("%%"), all);
            assertFalse(all.contains("%n"), all);
            assertTrue(r.err().isEmpty(), r.err());
        }));
    }

    @Test
    void everyFormatOptionListsTheFormatsOfTheRegistry() {
        for (String command : List.of("run", "report", "compare")) {
            String help = CliRunner.run(command, "--help").out().replaceAll("\\s+", " ");
            List<String> names = command.equals("compare") ? Formats.comparisonNames() : Formats.resultsNames();
            assertTrue(help.contains(String.join(", ", names) + ", all"), command + " --help: " + help);
        }
        String run = CliRunner.run("run", "--help").out().replaceAll("\\s+", " ");
        assertTrue(run.contains("jmh, bmf"), run);
        String compare = CliRunner.run("compare", "--help").out().replaceAll("\\s+", " ");
        assertFalse(compare.contains("jmh"), "jmh renders results files only: " + compare);
    }

    private static void walk(CommandLine cl, List<String> prefix, List<List<String>> out) {
        List<String> path = new ArrayList<>(prefix);
        path.add(cl.getCommandName());
        out.add(path);
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommandName().equals("help") || sub.getParent() != cl) {
                continue;
            }
            if (!out.contains(append(path, sub.getCommandName()))) {
                walk(sub, path, out);
            }
        }
    }

    private static List<String> append(List<String> path, String name) {
        List<String> p = new ArrayList<>(path);
        p.add(name);
        return p;
    }
}
