package dev.panbench.adapters.tvmffi.compiled;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.io.Json;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One of this package's Python scripts (installed in the TVM cache's {@code scripts/}) run with a Python: its last
 * line of output is its JSON answer, its stderr goes to {@code logs/<logName>.log} in the cache. {@link Reply#error()}
 * says why there is no answer (no output, a timeout, an {@code error} it printed; with the exit code and the log),
 * never with a stack trace.
 */
public final class PythonScript {

    /** The script's answer, or why there is none. */
    public record Reply(JsonNode json, String error) {

        public boolean has(String field) {
            return json != null && json.hasNonNull(field);
        }

        public String text(String field) {
            return has(field) ? json.get(field).asText() : null;
        }
    }

    private PythonScript() {
    }

    /** Runs {@code python SCRIPT ARGS...}; messages name the script and its subcommand (a first argument not an option). */
    public static Reply run(Path python, String script, List<String> args, String logName, long timeoutMinutes) {
        Path cache = TvmBuild.cacheDir();
        Path log = cache.resolve("logs").resolve(logName + ".log");
        String command = script + (args.isEmpty() || args.getFirst().startsWith("--") ? "" : " " + args.getFirst());
        try {
            Path file = TvmBuild.installScripts(cache).resolve(script);
            Files.createDirectories(log.getParent());
            List<String> argv = new ArrayList<>(List.of(python.toString(), file.toString()));
            argv.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(argv).redirectError(log.toFile());
            TvmBuild.forcedMcpu().ifPresent(cpu -> pb.environment().put(TvmBuild.MCPU_ENV, cpu));
            Process p = pb.start();
            p.getOutputStream().close();
            String last = "";
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (!line.isBlank()) {
                        last = line;
                    }
                }
            }
            if (!p.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new Reply(null, command + " took over " + timeoutMinutes + " minutes (see "
                        + log + ")");
            }
            JsonNode reply;
            try {
                reply = Json.MAPPER.readTree(last);
            } catch (IOException e) {
                reply = null;
            }
            if (reply == null || !reply.isObject()) {
                return new Reply(null, command + " gave no answer (exit code " + p.exitValue()
                        + "; see " + log + ")");
            }
            if (reply.hasNonNull("error")) {
                return new Reply(reply, command + " failed: " + reply.get("error").asText() + " (see "
                        + log + ")");
            }
            return new Reply(reply, null);
        } catch (IOException e) {
            return new Reply(null, "cannot run " + script + " with " + python + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(null, "interrupted while running " + command);
        }
    }
}
