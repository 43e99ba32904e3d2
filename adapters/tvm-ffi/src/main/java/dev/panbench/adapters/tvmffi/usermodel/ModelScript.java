package dev.panbench.adapters.tvmffi.usermodel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.adapters.tvmffi.compiled.TvmBuild;
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
 * One command of {@code tvm_model.py} (beside {@code tvm_build.py} in the TVM cache's scripts) run with a Python: its
 * last line of output is its JSON answer, its stderr goes to a log in the cache. {@link Reply#error()} says why there
 * is no answer (no output, a timeout, exit code and log), never with a stack trace.
 */
final class ModelScript {

    static final String SCRIPT = "tvm_model.py";

    /** The script's answer, or why there is none. */
    record Reply(JsonNode json, String error) {

        boolean has(String field) {
            return json != null && json.hasNonNull(field);
        }

        String text(String field) {
            return has(field) ? json.get(field).asText() : null;
        }
    }

    private ModelScript() {
    }

    static Reply run(Path python, String command, List<String> args, String logName, long timeoutMinutes) {
        Path cache = TvmBuild.cacheDir();
        Path log = cache.resolve("logs").resolve(logName + ".log");
        try {
            Path script = TvmBuild.installScripts(cache).resolve(SCRIPT);
            Files.createDirectories(log.getParent());
            List<String> argv = new ArrayList<>(List.of(python.toString(), script.toString(), command));
            argv.addAll(args);
            Process p = new ProcessBuilder(argv).redirectError(log.toFile()).start();
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
                return new Reply(null, SCRIPT + " " + command + " took over " + timeoutMinutes + " minutes (see "
                        + log + ")");
            }
            JsonNode reply;
            try {
                reply = Json.MAPPER.readTree(last);
            } catch (IOException e) {
                reply = null;
            }
            if (reply == null || !reply.isObject()) {
                return new Reply(null, SCRIPT + " " + command + " gave no answer (exit code " + p.exitValue()
                        + "; see " + log + ")");
            }
            if (reply.hasNonNull("error")) {
                return new Reply(reply, SCRIPT + " " + command + " failed: " + reply.get("error").asText() + " (see "
                        + log + ")");
            }
            return new Reply(reply, null);
        } catch (IOException e) {
            return new Reply(null, "cannot run " + SCRIPT + " with " + python + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(null, "interrupted while running " + SCRIPT + " " + command);
        }
    }
}
