package dev.panbench.harness.run.keep;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;
import dev.panbench.harness.run.plan.RunRequest;
import dev.panbench.harness.run.plan.RunSettings;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The journal of a run ({@code journal.jsonl} under {@code --out}): its header first (the run, the environment, the
 * settings, the selection, the build and the plan), then each finished row (ok, failed or skipped) as it finishes,
 * one JSON object a line, on disk ({@code fsync}) before the next row starts. An interrupted run writes its results
 * file from here, and {@code run --resume} reads it to measure only the rows left, after a SIGKILL or a power loss
 * too: a last line cut short by one is not a row, and is dropped when the journal is reopened.
 */
public final class RunJournal implements AutoCloseable {

    public static final String FILE = "journal.jsonl";
    public static final String SCHEMA = "panbench/journal/v1";

    private static final ObjectWriter LINE = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    /**
     * What a run was asked to do and where, so a resume can measure the rest of it as the same run.
     *
     * @param run         the run as its results file records it, without {@code finishedAt}
     * @param jvmArgs     the forks' extra JVM arguments ({@link RunSettings#extraJvmArgs})
     * @param selection   what the command line selected; null for a run of named ids (a resume needs no more)
     * @param build       what tells this build from another: the commit, whether the tree was dirty, the jars
     * @param plan        every result id the run planned, in order
     * @param models      the users' models the run measured ({@code --model}); null for none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Header(String schema, RunInfo run, EnvironmentInfo environment, RunConfig config,
                         List<String> jvmArgs, Selection selection, Map<String, Object> build, List<String> plan,
                         RunModels models) {

        public RunSettings settings() {
            return RunSettings.of(config).toBuilder().extraJvmArgs(jvmArgs == null ? List.of() : jvmArgs).build();
        }
    }

    /** The selection a run was asked for ({@link RunRequest}). */
    public record Selection(List<String> adapters, String filter, Map<String, List<String>> params, String shard,
                            boolean quick) {

        public static Selection of(RunRequest r) {
            return new Selection(r.adapterIds(), r.filter(), r.params(), r.shard(), r.quick());
        }
    }

    /** A resume of the run: when, by which command line, and how many rows were finished before it. */
    public record Resume(String at, String command, int finished) {
    }

    /**
     * What a journal holds.
     *
     * @param rows    the finished rows in the order they finished (a row measured again after a resume: the last)
     * @param resumes each resume so far
     */
    public record Contents(Header header, List<BenchResult> rows, List<Resume> resumes) {

        /** The finished rows by id, the last of each. */
        public Map<String, BenchResult> byId() {
            Map<String, BenchResult> m = new LinkedHashMap<>();
            rows.forEach(r -> m.put(r.id().toString(), r));
            return m;
        }

        /** The planned ids not finished yet, in plan order. */
        public List<String> left() {
            Map<String, BenchResult> done = byId();
            return header.plan().stream().filter(id -> !done.containsKey(id)).toList();
        }
    }

    private final Path file;
    private final FileChannel channel;

    private RunJournal(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    public static Path path(Path outDir) {
        return outDir.resolve(FILE);
    }

    /** Starts the journal of a new run in {@code outDir}: its header alone, in place at once (a previous one goes). */
    public static RunJournal start(Path outDir, Header header) {
        Path file = path(outDir);
        AtomicFiles.writeString(file, line(Map.of("header", header)));
        return open(file);
    }

    /**
     * Reopens a journal to append a resume's rows: a last line cut short (a kill in the middle of a write) is
     * dropped first, then the resume itself is recorded.
     */
    public static RunJournal resume(Path outDir, Resume resume) {
        Path file = path(outDir);
        try {
            long whole = wholeLinesLength(Files.readAllBytes(file));
            try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
                c.truncate(whole);
                c.force(true);
            }
        } catch (IOException e) {
            throw new BadInputException("cannot reopen " + file + ": " + e.getMessage(), e);
        }
        RunJournal j = open(file);
        j.append(Map.of("resumed", resume));
        return j;
    }

    private static RunJournal open(Path file) {
        try {
            return new RunJournal(file, FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
        } catch (IOException e) {
            throw new BadInputException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Appends a finished row and forces it to disk before returning. */
    public void append(BenchResult row) {
        append(Map.of("row", row));
    }

    private void append(Object entry) {
        ByteBuffer bytes = ByteBuffer.wrap(line(entry).getBytes(StandardCharsets.UTF_8));
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(false);
        } catch (IOException e) {
            throw new BadInputException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // every row was forced to disk as it was written
        }
    }

    /**
     * Reads the journal in {@code outDir}. A last line without its newline (cut short by a kill) is ignored; any other
     * line that does not read is bad input naming the file and line.
     */
    public static Contents read(Path outDir) {
        Path file = path(outDir);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new BadInputException(outDir + ": no " + FILE + " (only a run of this version started with --out "
                    + outDir + " can be resumed)");
        } catch (IOException e) {
            throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
        }
        String text = new String(bytes, 0, (int) wholeLinesLength(bytes), StandardCharsets.UTF_8);
        Header header = null;
        List<BenchResult> rows = new ArrayList<>();
        List<Resume> resumes = new ArrayList<>();
        int n = 0;
        for (String line : text.split("\n")) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            String at = file + " line " + n;
            try {
                JsonNode node = Json.MAPPER.readTree(line);
                if (n == 1) {
                    JsonNode h = node.get("header");
                    if (h == null || !h.path("schema").isTextual()) {
                        throw new BadInputException(at + ": expected the journal's header");
                    }
                    ResultFiles.checkSchema(file, h, SCHEMA);
                    header = Json.MAPPER.treeToValue(h, Header.class);
                } else if (node.has("row")) {
                    rows.add(Json.MAPPER.treeToValue(node.get("row"), BenchResult.class));
                } else if (node.has("resumed")) {
                    resumes.add(Json.MAPPER.treeToValue(node.get("resumed"), Resume.class));
                } else {
                    throw new BadInputException(at + ": expected a row or a resume");
                }
            } catch (JsonProcessingException | IllegalArgumentException e) {
                throw new BadInputException(at + ": " + Printable.of(e.getMessage().split("\n")[0]), e);
            } catch (RuntimeException e) {
                if (e instanceof BadInputException) {
                    throw e;
                }
                throw new BadInputException(at + ": " + Printable.of(String.valueOf(e.getMessage())), e);
            }
        }
        if (header == null || header.plan() == null || header.config() == null || header.run() == null) {
            throw new BadInputException(file + ": no header with the run, its settings and its plan");
        }
        return new Contents(header, List.copyOf(rows), List.copyOf(resumes));
    }

    /** The length of the whole lines at the start of {@code bytes}: up to and with the last newline. */
    private static long wholeLinesLength(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i + 1;
            }
        }
        return 0;
    }

    private static String line(Object entry) {
        try {
            return LINE.writeValueAsString(entry) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a journal line", e);
        }
    }
}
