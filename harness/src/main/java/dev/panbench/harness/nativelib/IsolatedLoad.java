package dev.panbench.harness.nativelib;

import dev.panbench.harness.channel.JvmFlags;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Loads a library in a separate JVM ({@link LoadCheckMain}), so that a library that crashes while loading (a
 * SIGSEGV in a static initialiser, a SIGBUS on a damaged file) takes down that process only. The child runs in a
 * temporary directory that also receives its crash log ({@code -XX:ErrorFile}), which is read for the signal and
 * then deleted: no {@code hs_err} file reaches the user's directory.
 */
final class IsolatedLoad {

    static final long TIMEOUT_SECONDS = 60;
    private static final Pattern SIGNAL = Pattern.compile("#\\s+(SIG[A-Z]+)");

    private IsolatedLoad() {
    }

    /** Why loading {@code library} (and finding {@code symbols}) fails; empty when it loads. */
    static Optional<String> problem(Path library, List<String> symbols) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("panbench-load-check");
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-XX:-CreateCoredumpOnCrash",
                    "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Xmx64m"));
            cmd.addAll(JvmFlags.all());
            cmd.addAll(List.of("-cp", classPath(), LoadCheckMain.class.getName(), library.toString()));
            cmd.addAll(symbols);
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readNBytes(64 * 1024);
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of("loading it did not finish within " + TIMEOUT_SECONDS + " s");
            }
            String text = new String(out, StandardCharsets.UTF_8);
            Optional<String> verdict = text.lines().filter(l -> l.startsWith(LoadCheckMain.VERDICT))
                    .map(l -> l.substring(LoadCheckMain.VERDICT.length()).strip()).findFirst();
            if (verdict.isPresent()) {
                return p.exitValue() == 0 && verdict.get().equals("ok") ? Optional.empty() : verdict;
            }
            return Optional.of("loading it crashed the process that tried (" + signal(dir, text)
                    + "); the file is damaged or not built for this machine");
        } catch (IOException e) {
            return Optional.of("cannot start a process to check it (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while checking it");
        } finally {
            deleteTree(dir);
        }
    }

    /** Where {@link LoadCheckMain} is: a classes directory or the jar holding the harness. */
    private static String classPath() {
        try {
            return Path.of(LoadCheckMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (Exception e) {
            return System.getProperty("java.class.path");
        }
    }

    private static String signal(Path dir, String output) {
        try (Stream<Path> logs = Files.list(dir)) {
            for (Path log : logs.filter(f -> f.getFileName().toString().startsWith("hs_err")).toList()) {
                Matcher m = SIGNAL.matcher(Files.readString(log, StandardCharsets.ISO_8859_1));
                if (m.find()) {
                    return m.group(1);
                }
            }
        } catch (IOException ignored) {
            // the output may still name it
        }
        Matcher m = SIGNAL.matcher(output);
        return m.find() ? m.group(1) : "the JVM died";
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }
}
