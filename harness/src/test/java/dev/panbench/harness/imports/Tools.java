package dev.panbench.harness.imports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the other harnesses' real tools from a test, in a directory of its own. */
final class Tools {

    private Tools() {
    }

    /** The project's .venv python, which scripts/setup.sh fills with pytest-benchmark. */
    static Path venvPython() {
        return Path.of("..", ".venv", "bin", "python").toAbsolutePath().normalize();
    }

    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    static void run(Path dir, String... command) throws IOException, InterruptedException {
        Path log = dir.resolve("tool.log");
        Process p = new ProcessBuilder(List.of(command)).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", command) + " took over 120 s");
        assertEquals(0, p.exitValue(), () -> String.join(" ", command) + " failed:\n" + read(log));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
