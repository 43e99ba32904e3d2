package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.compare.CompareSettings;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.run.Adapters;
import dev.panbench.harness.run.ForkProperties;
import dev.panbench.harness.run.RunSettings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code panbench ab}: measures the same workloads from two builds on one machine, alternating fork by fork. Each
 * round starts each build's {@link AbChild} in its own JVM with a typed {@link AbChildRequest} (one fork; the JMH fork
 * then runs that build's code) and reads its {@link AbChildReply}, in the order base, candidate on odd rounds and
 * candidate, base on even ones, so drift of the machine
 * (thermal, other tenants) falls on both sides alike. The per-round samples of each side are pooled and the two
 * pools compared as any two runs are. This is the cure for baselines taken on another machine: both sides share
 * the machine and the hour.
 */
public final class InterleavedAb {

    public static final String BASE_FILE = "base.json";
    public static final String CANDIDATE_FILE = "candidate.json";
    static final String REQUEST_FILE = "request.json";
    static final String REPLY_FILE = "reply.json";

    /** @param java the java launcher for the child JVMs */
    public record Request(Build base, Build candidate, List<String> adapterIds, String filter,
                          Map<String, List<String>> params, RunSettings settings, int rounds, Path outDir,
                          String java, CompareSettings compare) {

        public Request {
            adapterIds = adapterIds == null ? List.of() : List.copyOf(adapterIds);
            params = params == null ? Map.of() : Map.copyOf(params);
            if (rounds < 1) {
                throw new BadInputException("--rounds " + rounds + ": expected 1 or more");
            }
        }
    }

    /** Told before each launch, so a terminal can show where the A/B is. */
    public interface Listener {
        Listener NONE = (round, rounds, build) -> { };

        void launching(int round, int rounds, Build build);
    }

    /** The pooled results of both builds and their comparison (also written to the out directory). */
    public record Outcome(ResultFile base, ResultFile candidate, Comparison comparison, Path comparisonFile) {
    }

    public Outcome run(Request req, Listener listener) {
        for (Build b : List.of(req.base(), req.candidate())) {
            b.requireClass(AbChild.class.getName());
        }
        List<ResultFile> baseRounds = new ArrayList<>();
        List<ResultFile> candidateRounds = new ArrayList<>();
        for (int round = 1; round <= req.rounds(); round++) {
            boolean baseFirst = round % 2 == 1;
            Build first = baseFirst ? req.base() : req.candidate();
            Build second = baseFirst ? req.candidate() : req.base();
            for (Build b : List.of(first, second)) {
                listener.launching(round, req.rounds(), b);
                String side = b == req.base() ? "base" : "candidate";
                ResultFile f = launch(req, b, round, req.outDir().resolve("rounds").resolve(side + "-" + round));
                (b == req.base() ? baseRounds : candidateRounds).add(f);
            }
        }
        ResultFile base = pool(baseRounds, req, "base");
        ResultFile candidate = pool(candidateRounds, req, "candidate");
        ResultFiles.write(req.outDir().resolve(BASE_FILE), base);
        ResultFiles.write(req.outDir().resolve(CANDIDATE_FILE), candidate);
        CompareWorkflow.Outcome compared = CompareWorkflow.run(base, "base build " + req.base().classPath(), candidate,
                "candidate build " + req.candidate().classPath(), req.compare(), req.outDir());
        return new Outcome(base, candidate, compared.comparison(), compared.file());
    }

    /** What one build is asked for in one round: the selection, one fork of the settings, where to answer. */
    static AbChildRequest childRequest(Request req, Build build, int round, Path dir) {
        RunSettings oneFork = req.settings().toBuilder().forks(1).build();
        String command = "panbench ab (" + build.role() + " " + build.classPath() + ", round " + round + " of "
                + req.rounds() + ")";
        return new AbChildRequest(Channel.PROTOCOL, req.adapterIds(), req.filter(), req.params(), oneFork,
                dir, command, dir.resolve(REPLY_FILE));
    }

    /** The JVM of one launch: the build's class path, its {@link AbChild}, the request file. */
    static List<String> command(Request req, Build build, Path requestFile) {
        List<String> cmd = new ArrayList<>();
        cmd.add(req.java());
        cmd.addAll(JvmFlags.all());
        cmd.addAll(ForkProperties.jvmArgs(Adapters.load().all()));
        // JMH's own switches (jmh.ignoreLock, say) configure the runner inside the child
        System.getProperties().forEach((k, v) -> {
            if (k.toString().startsWith("jmh.")) {
                cmd.add("-D" + k + "=" + v);
            }
        });
        cmd.addAll(List.of("-cp", build.classPath(), AbChild.class.getName(), requestFile.toString()));
        return cmd;
    }

    private ResultFile launch(Request req, Build build, int round, Path dir) {
        AbChildRequest childRequest = childRequest(req, build, round, dir);
        Path requestFile = dir.resolve(REQUEST_FILE);
        Path log = dir.resolve("launch.log");
        int code;
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(childRequest.reply());
            Channel.write(requestFile, childRequest);
            Process p = new ProcessBuilder(command(req, build, requestFile)).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            code = p.waitFor();
        } catch (IOException e) {
            throw new BadInputException(build.role() + ": cannot launch " + req.java() + " (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException(build.role() + ": interrupted", e);
        }
        AbChildReply reply = readReply(childRequest.reply());
        String where = build.role() + " " + build.classPath() + ": ";
        if (reply == null) {
            throw new BadInputException(where + "its JVM exited with " + code + " and no reply: " + lastLine(log)
                    + " (log: " + log + ")");
        }
        if (!Channel.speaks(reply)) {
            throw new BadInputException(where + Channel.mismatch("its reply", reply));
        }
        if (reply.status() != AbChildReply.Status.measured) {
            throw new BadInputException(where + reply.error() + (reply.status() == AbChildReply.Status.failed
                    ? " (log: " + log + ")" : ""));
        }
        return ResultFiles.read(reply.results());
    }

    /** The child's reply, or null where it wrote none (its JVM died first). */
    private static AbChildReply readReply(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Channel.read(file, AbChildReply.class);
        } catch (IOException e) {
            throw new BadInputException(file + ": not an ab reply (" + e.getMessage() + ")", e);
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

    /** One results file per side: each id's samples pooled over the rounds; failed in any round is failed. */
    static ResultFile pool(List<ResultFile> rounds, Request req, String side) {
        Map<ResultId, List<BenchResult>> byId = new LinkedHashMap<>();
        for (ResultFile f : rounds) {
            for (BenchResult r : f.results()) {
                byId.computeIfAbsent(r.id(), k -> new ArrayList<>()).add(r);
            }
        }
        List<BenchResult> pooled = byId.values().stream().map(BenchResult::pooled).toList();
        ResultFile first = rounds.getFirst();
        ResultFile last = rounds.getLast();
        RunSettings s = req.settings();
        RunInfo info = new RunInfo("ab-" + Instant.now().truncatedTo(ChronoUnit.SECONDS).toString().replace(":", "")
                + "-" + side, first.run() == null ? null : first.run().startedAt(),
                last.run() == null ? null : last.run().finishedAt(),
                "panbench ab (" + side + " build " + (side.equals("base") ? req.base() : req.candidate()).classPath()
                        + ", " + rounds.size() + " interleaved rounds)",
                first.run() == null ? null : first.run().git(), null);
        RunConfig config = s.toBuilder().forks(rounds.size()).build().toConfig();
        return new ResultFile(ResultFile.SCHEMA, info, first.environment(), config, pooled, null);
    }
}
