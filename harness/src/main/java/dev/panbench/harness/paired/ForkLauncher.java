package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.orchestrate.AbChild;
import dev.panbench.harness.orchestrate.AbChildReply;
import dev.panbench.harness.orchestrate.AbChildRequest;
import dev.panbench.harness.orchestrate.AbServer;
import dev.panbench.harness.plugin.Plugins;
import dev.panbench.harness.run.link.ForkProperties;
import dev.panbench.harness.run.link.Turns;
import dev.panbench.harness.run.measure.BenchmarkRunner;
import dev.panbench.harness.run.measure.ClassArchives;
import dev.panbench.harness.run.measure.JmhLock;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Measures one result once in one arm's build: a JVM of that build runs its {@link AbChild} on a typed request (the
 * one id, one fork), optionally pinned to one CPU ({@code taskset}), and the reply names its results file. Every
 * build that has {@link AbChild} answers, so a base from an older commit can be gated. The gate holds JMH's lock for
 * the whole gate; the children are told to stand aside from it, so two can run at once (duet). The forks of each
 * build share a class-data archive ({@link ClassArchives}).
 */
final class ForkLauncher implements Forks, AutoCloseable {

    static final String REQUEST_FILE = "request.json";
    static final String REPLY_FILE = "reply.json";

    private final String java;
    private final StealMeter steal;
    private final Path logDir;
    private final Map<String, BuildServer> servers = new LinkedHashMap<>();
    private final TurnTable turns;
    private final ClassArchives archives;

    /**
     * @param logDir where each build server's log goes
     * @param turns  whether the forks of a result take turns at a {@link TurnTable} (interleaved pairs)
     */
    ForkLauncher(String java, StealMeter steal, Path logDir, boolean turns) {
        this.java = java;
        this.steal = steal;
        this.logDir = logDir;
        this.turns = turns ? new TurnTable() : null;
        this.archives = new ClassArchives(logDir);
    }

    /** JMH forks and panbench's Python driver take turns, so every result does where the launcher has a table. */
    @Override
    public boolean takesTurns() {
        return turns != null;
    }

    @Override
    public Table seat(List<String> arms, Random random) {
        return turns == null ? Table.NONE : turns.open(arms, random);
    }

    /** A launched child, not yet awaited. */
    final class Running implements Pending {
        private final Process process;
        private final BuildServer server;
        private final Path dir;
        private final Path reply;
        private final Arm arm;
        private final int cpu;
        private final Instant started = Instant.now();
        private final long startNanos = System.nanoTime();
        private final StealMeter.Ticks stealBefore;

        private Running(Process process, BuildServer server, Path dir, Path reply, Arm arm, int cpu) {
            this.process = process;
            this.server = server;
            this.dir = dir;
            this.reply = reply;
            this.arm = arm;
            this.cpu = cpu;
            this.stealBefore = steal.read().getOrDefault(StealMeter.line(cpu), StealMeter.Ticks.NONE);
        }

        @Override
        public Reading await() {
            int code;
            Path log = dir.resolve("launch.log");
            if (server != null) {
                server.awaitDone();
                code = 0;
                log = server.log();
            } else {
                try {
                    code = process.waitFor();
                } catch (InterruptedException e) {
                    process.destroyForcibly();
                    Thread.currentThread().interrupt();
                    throw new BadInputException(arm.name() + ": interrupted", e);
                }
            }
            double seconds = (System.nanoTime() - startNanos) / 1e9;
            double stolen = steal.read().getOrDefault(StealMeter.line(cpu), StealMeter.Ticks.NONE)
                    .stolenSince(stealBefore);
            AbChildReply r = readReply(reply, arm);
            String where = arm.name() + " build " + arm.build().label() + ": ";
            if (r == null) {
                throw new BadInputException(where + "its JVM exited with " + code + " and no reply: " + lastLine(log)
                        + " (log: " + log + ")");
            }
            if (!Channel.speaks(r)) {
                throw new BadInputException(where + Channel.mismatch("its reply", r));
            }
            return switch (r.status()) {
                case measured -> {
                    ResultFile f = ResultFiles.read(r.results());
                    yield new Reading(only(f), f.environment(), null, started, seconds, stolen, cpu);
                }
                case refused -> new Reading(null, null, r.error(), started, seconds, stolen, cpu);
                case failed -> throw new BadInputException(where + r.error() + " (log: " + log + ")");
            };
        }
    }

    /** Starts one fork of {@code planned} in {@code arm}'s build, writing under {@code dir}. */
    @Override
    public Running start(Arm arm, PlannedResult planned, RunSettings settings, Path dir, int cpu, String command) {
        Path requestFile = dir.resolve(REQUEST_FILE);
        Path reply = dir.resolve(REPLY_FILE);
        List<String> jvmArgs = new ArrayList<>(settings.extraJvmArgs());
        jvmArgs.addAll(archives.flags(arm.name(), arm.build().classPath()));
        AbChildRequest request = new AbChildRequest(Channel.PROTOCOL, List.of(planned.id().adapter()),
                exactly(planned), fixedParams(planned), settings.toBuilder().forks(1).extraJvmArgs(jvmArgs).build(),
                dir, command, reply);
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(reply);
            Channel.write(requestFile, request);
            if (arm.build().has(AbServer.class.getName())) {
                BuildServer server = servers.get(arm.name());
                if (server == null) {
                    server = BuildServer.start(serverCommand(arm), arm.name(), logDir.resolve(arm.name() + ".log"));
                    servers.put(arm.name(), server);
                }
                server.pin(cpu);
                server.send(requestFile);
                return new Running(null, server, dir, reply, arm, cpu);
            }
            Process p = new ProcessBuilder(command(arm, requestFile, cpu)).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("launch.log").toFile()).start();
            return new Running(p, null, dir, reply, arm, cpu);
        } catch (IOException e) {
            throw new BadInputException(arm.name() + ": cannot launch " + java + " (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public void close() {
        servers.values().forEach(BuildServer::close);
        servers.clear();
        if (turns != null) {
            turns.close();
        }
    }

    /** The command of a build server: the child's flags, its {@link AbServer} instead of one request. */
    List<String> serverCommand(Arm arm) {
        List<String> cmd = jvm(arm);
        cmd.addAll(List.of("-cp", arm.build().classPath(), AbServer.class.getName()));
        return cmd;
    }

    /** The child's command line: pinned where asked, this build's flags, the arm's properties, JMH's lock waived. */
    List<String> command(Arm arm, Path requestFile, int cpu) {
        List<String> cmd = new ArrayList<>();
        if (cpu >= 0) {
            cmd.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        }
        cmd.addAll(jvm(arm));
        cmd.addAll(List.of("-cp", arm.build().classPath(), AbChild.class.getName(), requestFile.toString()));
        return cmd;
    }

    private List<String> jvm(Arm arm) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JvmFlags.all());
        Map<String, String> own = new LinkedHashMap<>(arm.build().properties());
        if (arm.build().adapterPath() != null) {
            own.put(Plugins.PROPERTY, arm.build().adapterPath());
        }
        for (String arg : ForkProperties.jvmArgs(Adapters.load().all())) {
            if (own.keySet().stream().noneMatch(k -> arg.startsWith("-D" + k + "="))) {
                cmd.add(arg);
            }
        }
        own.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        System.getProperties().forEach((k, v) -> {
            if (k.toString().startsWith("jmh.") && !k.equals(JmhLock.IGNORE_PROPERTY)) {
                cmd.add("-D" + k + "=" + v);
            }
        });
        cmd.add("-D" + JmhLock.IGNORE_PROPERTY + "=true");
        // the pairs are the measurement: an unsteady fork is one disturbed pair, not a fork to measure again
        cmd.add("-D" + BenchmarkRunner.REMEASURE_PROPERTY + "=false");
        if (turns != null) {
            cmd.add("-D" + Turns.PROPERTY + "=" + turns.address(arm.name()));
        }
        cmd.addAll(arm.jvmArgs());
        return cmd;
    }

    /** A filter that finds this id and no other. */
    static String exactly(PlannedResult planned) {
        return "^" + Pattern.quote(planned.id().toString()) + "$";
    }

    /** Each parameter fixed to this id's value, so the build expands exactly this id whatever its profile. */
    static Map<String, List<String>> fixedParams(PlannedResult planned) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        planned.id().params().values().forEach((k, v) -> out.put(k, List.of(v)));
        return out;
    }

    private static BenchResult only(ResultFile f) {
        return f.results().isEmpty() ? null : f.results().getFirst();
    }

    private static AbChildReply readReply(Path file, Arm arm) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Channel.read(file, AbChildReply.class);
        } catch (IOException e) {
            throw new BadInputException(file + ": not a reply of the " + arm.name() + " build (" + e.getMessage()
                    + ")", e);
        }
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank() && !l.startsWith("WARNING:")).toList();
            return lines.isEmpty() ? "no output" : lines.getLast().strip();
        } catch (IOException e) {
            return "no log";
        }
    }
}
