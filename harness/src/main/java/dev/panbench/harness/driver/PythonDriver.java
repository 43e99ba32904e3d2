package dev.panbench.harness.driver;

import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.spi.ExternallyTimed.Fork;
import dev.panbench.harness.spi.ExternallyTimed.ForkPlan;
import dev.panbench.harness.spi.WorkloadSkippedException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs one fork of a framework row in a fresh Python process ({@code panbench_driver.py}, next to this class): the
 * adapter's operations module is copied beside it, inputs travel as raw little-endian float32 files, the answer
 * comes back the same way (or as a JSON scalar) and is checked in this JVM before the driver is told to time. The
 * conversation goes through the {@link Channel}: a {@link DriverRequest} file, {@link DriverEvent} lines on the
 * driver's stdout, {@link DriverCommand} lines on its stdin.
 * The driver's stderr goes to {@code driver-<fork>.log} in the fork's directory; data files are removed after the fork.
 */
public final class PythonDriver {

    private static final String SCRIPT = "panbench_driver.py";
    /** Start-up, imports and one call, beyond the iterations' own time. */
    private static final long SLACK_SECONDS = 120;
    /** The environment variable naming the driver's turn table ({@link Channel#TURNS_PROPERTY}). */
    static final String TURNS_ENV = "PANBENCH_TURNS";

    private static final Map<String, Optional<String>> IMPORTS = new ConcurrentHashMap<>();

    private PythonDriver() {
    }

    /**
     * Why {@code module} cannot be imported by the framework rows' Python (no Python, or the import fails), or empty
     * when it can; asked once per JVM.
     */
    public static Optional<String> importable(String module) {
        if (!module.matches("[A-Za-z_][A-Za-z0-9_.]*")) {
            throw new IllegalArgumentException("not a module name: " + module);
        }
        return IMPORTS.computeIfAbsent(module, PythonDriver::probeImport);
    }

    private static Optional<String> probeImport(String module) {
        Optional<Path> python = PythonLocator.locate();
        if (python.isEmpty()) {
            return Optional.of(PythonLocator.NOT_FOUND);
        }
        try {
            Process p = new ProcessBuilder(python.get().toString(), "-c", "import " + module)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of("import " + module + " took over 60 s in " + python.get());
            }
            if (p.exitValue() == 0) {
                return Optional.empty();
            }
            String last = err.isEmpty() ? "exit code " + p.exitValue() : err.lines().reduce((a, b) -> b).orElse("");
            return Optional.of(module + " is not importable in " + python.get() + " (" + last + "); install it into"
                    + " that Python, or leave these rows out (--filter)");
        } catch (IOException e) {
            return Optional.of("cannot start " + python.get() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while importing " + module);
        }
    }

    /**
     * What to run: {@code module} is a resource of {@code owner} holding {@code prepare(op, args, inputs)} and
     * {@code environment()}; {@code env} is added to the process environment (thread counts, the BLAS core).
     */
    public record Request(Class<?> owner, String module, String op, Map<String, Object> args,
                          Map<String, float[]> inputs, Map<String, String> env) {

        public Request {
            args = new LinkedHashMap<>(args);
            inputs = new LinkedHashMap<>(inputs);
            env = new LinkedHashMap<>(env);
        }
    }

    /** The driver's answer after one call: float32 values ({@code array}) or a JSON scalar ({@code value}). */
    public record Answer(float[] array, Object value) {

        public double number() {
            return value instanceof Number n ? n.doubleValue() : Double.NaN;
        }
    }

    /** Checks an answer against the reference; throws {@code VerificationException} when it is wrong. */
    @FunctionalInterface
    public interface AnswerCheck {
        void check(Answer answer) throws Exception;
    }

    public static Fork runFork(Request request, ForkPlan plan, AnswerCheck check) throws Exception {
        Path python = PythonLocator.locate().orElseThrow(() -> new WorkloadSkippedException(PythonLocator.NOT_FOUND));
        Path dir = plan.workDir().toAbsolutePath();
        Files.createDirectories(dir);
        Path script = copyResource(PythonDriver.class, SCRIPT, dir.resolve(SCRIPT));
        String moduleName = request.module().substring(request.module().lastIndexOf('/') + 1);
        Path module = copyResource(request.owner(), request.module(), dir.resolve(moduleName));
        Map<String, DriverRequest.Input> inputs = new LinkedHashMap<>();
        List<Path> data = new ArrayList<>();
        for (Map.Entry<String, float[]> e : request.inputs().entrySet()) {
            Path file = dir.resolve("input-" + e.getKey() + ".f32");
            writeFloats(file, e.getValue());
            data.add(file);
            inputs.put(e.getKey(), new DriverRequest.Input(file.toString(), e.getValue().length));
        }
        Path output = dir.resolve("answer-" + plan.fork() + ".f32");
        Files.deleteIfExists(output);
        data.add(output);
        Path reqFile = dir.resolve("request-" + plan.fork() + ".json");
        Channel.write(reqFile, new DriverRequest(Channel.PROTOCOL, module.toString(), request.op(), request.args(),
                inputs, output.toString(), plan.warmupIterations(), plan.warmupNanos(), plan.iterations(),
                plan.measurementNanos()));

        Path log = dir.resolve("driver-" + plan.fork() + ".log");
        ProcessBuilder pb = new ProcessBuilder(python.toString(), script.toString(), reqFile.toString())
                .directory(dir.toFile()).redirectError(log.toFile());
        pb.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        pb.environment().putAll(request.env());
        String turns = System.getProperty(Channel.TURNS_PROPERTY);
        if (turns != null) {
            pb.environment().put(TURNS_ENV, turns);
        }
        // taking turns, the driver also waits out the other sides' iterations
        long budget = TimeUnit.NANOSECONDS.toSeconds((turns == null ? 2 : 8) * (plan.warmupIterations()
                * plan.warmupNanos() + plan.iterations() * plan.measurementNanos())) + SLACK_SECONDS;
        Process process = pb.start();
        Thread watchdog = Thread.ofVirtual().start(() -> {
            try {
                if (!process.waitFor(budget, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException ignored) {
                // the fork ended first
            }
        });
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8)); OutputStream in = process.getOutputStream()) {
            return converse(out, in, output, check, log);
        } finally {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            watchdog.interrupt();
            for (Path f : data) {
                Files.deleteIfExists(f); // inputs and answers can be large; requests and logs stay
            }
        }
    }

    private static Fork converse(BufferedReader out, OutputStream in, Path output, AnswerCheck check, Path log)
            throws Exception {
        String line;
        while ((line = out.readLine()) != null) {
            DriverEvent event;
            try {
                event = Channel.parseLine(line, DriverEvent.class);
            } catch (IOException e) {
                continue; // a framework printing on stdout: not ours
            }
            if (event instanceof DriverEvent.Unknown) {
                continue; // not an event, or one this reader does not know, so a newer driver works with it
            }
            if (!Channel.speaks(event)) {
                throw new IllegalStateException(Channel.mismatch("the driver", event) + " (see " + log + ")");
            }
            switch (event) {
                case DriverEvent.Skipped s -> throw new WorkloadSkippedException(s.reason());
                case DriverEvent.Error e -> throw new IllegalStateException("driver: " + e.message()
                        + " (see " + log + ")");
                case DriverEvent.Computed c -> {
                    Answer a = "array".equals(c.kind()) ? new Answer(readFloats(output, c.length()), null)
                            : new Answer(null, c.value());
                    try {
                        check.check(a);
                    } catch (Exception e) {
                        tell(in, DriverCommand.STOP);
                        throw e;
                    }
                    tell(in, DriverCommand.TIME);
                }
                case DriverEvent.Iteration i -> {
                    // progress only; the samples come with "done"
                }
                case DriverEvent.Done d -> {
                    return new Fork(d.samples() == null ? List.of() : d.samples(), d.timer(),
                            d.environment() == null ? Map.of() : new LinkedHashMap<>(d.environment()));
                }
                case DriverEvent.Unknown u -> {
                    // left out above
                }
            }
        }
        throw new IllegalStateException("driver ended without a result; see " + log + lastLine(log));
    }

    private static void tell(OutputStream in, DriverCommand command) throws IOException {
        in.write((Channel.line(command) + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.isEmpty() ? "" : " (" + lines.getLast().strip() + ")";
        } catch (IOException e) {
            return "";
        }
    }

    private static Path copyResource(Class<?> owner, String name, Path target) throws IOException {
        try (InputStream s = owner.getResourceAsStream(name)) {
            if (s == null) {
                throw new IllegalStateException("resource " + name + " missing next to " + owner.getName());
            }
            Files.write(target, s.readAllBytes());
        }
        return target;
    }

    static void writeFloats(Path file, float[] values) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < values.length; ) {
                buf.clear();
                while (i < values.length && buf.remaining() >= 4) {
                    buf.putFloat(values[i++]);
                }
                buf.flip();
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            }
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    static float[] readFloats(Path file, int length) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length != 4L * length) {
                throw new IllegalStateException(file + ": " + bytes.length + " bytes, expected " + 4L * length);
            }
            float[] out = new float[length];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
