package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.orchestrate.AbServer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One build's {@link AbServer}, started once and sent one request per fork. Pinning moves every thread of it to one
 * CPU ({@code taskset -a -p}); the JMH fork it starts next inherits that CPU.
 */
final class BuildServer {

    private final Process process;
    private final String name;
    private final Path log;
    private final Writer in;
    private final BufferedReader out;
    private int pinnedTo = -1;

    private BuildServer(Process process, String name, Path log) {
        this.process = process;
        this.name = name;
        this.log = log;
        this.in = process.outputWriter(StandardCharsets.UTF_8);
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    static BuildServer start(List<String> command, String name, Path log) {
        try {
            Files.createDirectories(log.getParent());
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            return new BuildServer(p, name, log);
        } catch (IOException e) {
            throw new BadInputException(name + ": cannot start " + command.getFirst() + " (" + e.getMessage() + ")",
                    e);
        }
    }

    Path log() {
        return log;
    }

    /** Moves the server (and so the forks it starts from now on) to {@code cpu}; -1 lets it run anywhere. */
    void pin(int cpu) {
        if (cpu == pinnedTo) {
            return;
        }
        String cpus = cpu >= 0 ? Integer.toString(cpu) : "0-" + (Runtime.getRuntime().availableProcessors() - 1);
        try {
            Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(process.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (p.waitFor() != 0) {
                throw new BadInputException(name + ": taskset could not pin the build's JVM to CPU " + cpus);
            }
        } catch (IOException e) {
            throw new BadInputException(name + ": cannot run taskset (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException(name + ": interrupted", e);
        }
        pinnedTo = cpu;
    }

    void send(Path request) {
        try {
            in.write(request.toAbsolutePath() + "\n");
            in.flush();
        } catch (IOException e) {
            throw new BadInputException(name + ": its JVM stopped taking requests (log: " + log + ")", e);
        }
    }

    /** Waits for the answer to the request sent last. */
    void awaitDone() {
        try {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith(AbServer.DONE)) {
                    return;
                }
            }
        } catch (IOException e) {
            throw new BadInputException(name + ": lost its JVM (" + e.getMessage() + "; log: " + log + ")", e);
        }
        throw new BadInputException(name + ": its JVM exited before answering (log: " + log + ")");
    }

    void close() {
        try {
            in.close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
