package dev.panbench.cli;

import org.junit.jupiter.api.DynamicTest;
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

/** Walks the whole picocli command tree: {@code --help} works on every command and subcommand, cleanly. */
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
