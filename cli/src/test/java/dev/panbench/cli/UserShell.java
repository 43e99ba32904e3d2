package dev.panbench.cli;

import dev.panbench.harness.channel.JvmFlags;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Commands as a user types them in a repository of their own, outside panbench's tree: {@code panbench} (this build's
 * class path and the launcher's flags, JMH's lock waived), {@code git} as a CI job's user, and any other command.
 * Each runs in its own process, its output (stdout and stderr together) returned with its exit code.
 */
final class UserShell {

    record Ran(int code, String out) {
    }

    private UserShell() {
    }

    /** {@code cmd} in {@code cwd}, under this JDK, without the adapter path of the environment. */
    static Ran exec(Path cwd, List<String> cmd) throws Exception {
        Path log = Files.createTempFile(cwd.getParent(), "exec", ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("PANBENCH_ADAPTER_PATH");
        Process p = pb.start();
        assertTrue(p.waitFor(6, TimeUnit.MINUTES), "still running after 6 minutes: " + cmd);
        return new Ran(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    /** {@code panbench ARGS} in {@code cwd}, with {@code jvmArgs} (system properties) before its main class. */
    static Ran panbench(Path cwd, List<String> jvmArgs, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmFlags.all());
        cmd.add("-Djmh.ignoreLock=true");
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(args);
        return exec(cwd, cmd);
    }

    /** {@code git ARGS} in {@code repo}, which must succeed. */
    static void git(Path repo, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=Acme CI", "-c", "user.email=ci@acme.test"));
        cmd.addAll(List.of(args));
        Ran r = exec(repo, cmd);
        assertEquals(0, r.code(), "git " + String.join(" ", args) + ": " + r.out());
    }
}
