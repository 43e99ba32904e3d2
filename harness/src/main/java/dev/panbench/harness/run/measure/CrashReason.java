package dev.panbench.harness.run.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Why a JMH run gave no result, in one line: the runner's own complaint, or the fork's exit as its log says. */
final class CrashReason {

    private static final Pattern FORK_EXIT = Pattern.compile("<forked VM failed with exit code (\\d+)>");

    private CrashReason() {
    }

    /** The JMH runner's own complaint (another JMH holding {@code /tmp/jmh.lock}, say) as one line. */
    static String ofRunner(Exception e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return "JMH could not run: " + msg.strip().replaceAll("\\s*\\n\\s*", " ");
    }

    /** A fork's exit code and signal as JMH's log records them, or where to look when it records none. */
    static String ofLog(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            Matcher m = FORK_EXIT.matcher(text);
            if (m.find()) {
                int code = Integer.parseInt(m.group(1));
                String signal = code > 128 ? " (signal " + (code - 128) + ")" : "";
                return "forked JVM crashed with exit code " + code + signal + "; see " + log;
            }
        } catch (IOException ignored) {
            // fall through to the generic reason
        }
        return "benchmark produced no result; see " + log;
    }
}
