package dev.panbench.harness.baseline;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.io.ExclusiveFileLock;
import dev.panbench.harness.model.ResultFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Named baselines: one file per name, {@code <store>/<name>.json}, holding the baseline's history, the last runs
 * saved under that name ({@link BaselineHistory}); a results file saved as a baseline before histories existed still
 * reads, as a history of one run. Writes are atomic (temporary file, then rename) and serialised by an exclusive
 * lock on {@code <store>/.lock} ({@link ExclusiveFileLock}), held by one writer at a time across processes and
 * threads. Readers need no lock: they only ever
 * see whole files.
 */
public final class BaselineStore {

    public static final Path DEFAULT_DIR = Path.of(Defaults.STORE_DIR);
    public static final String ENV_VARIABLE = "PANBENCH_STORE";
    static final String LOCK_FILE = ".lock";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private final Path dir;
    private final long lockTimeoutMillis;
    private final ExclusiveFileLock.Waiting lockWaiting;

    private BaselineStore(Path dir, long lockTimeoutMillis, ExclusiveFileLock.Waiting lockWaiting) {
        this.dir = dir;
        this.lockTimeoutMillis = lockTimeoutMillis;
        this.lockWaiting = lockWaiting;
    }

    /** The store {@code --store} names, else {@code $PANBENCH_STORE}, else {@code .panbench/baselines}. */
    public static BaselineStore locate(Path option) {
        if (option != null) {
            return at(option);
        }
        String env = System.getenv(ENV_VARIABLE);
        return at(env == null || env.isBlank() ? DEFAULT_DIR : Path.of(env));
    }

    public static BaselineStore at(Path dir) {
        return new BaselineStore(dir, Defaults.STORE_LOCK_TIMEOUT.toDuration().toMillis(), waited -> { });
    }

    BaselineStore withLockTimeout(long millis) {
        return new BaselineStore(dir, millis, lockWaiting);
    }

    /** The same store, telling {@code waiting} while a writer waits for the lock (tests wait on that). */
    BaselineStore withLockWaiting(ExclusiveFileLock.Waiting waiting) {
        return new BaselineStore(dir, lockTimeoutMillis, waiting);
    }

    public Path dir() {
        return dir;
    }

    /** What {@code baseline list} shows of one baseline: its latest run, and how many runs it keeps. */
    @JsonPropertyOrder({"name", "savedAt", "runStartedAt", "commit", "dirty", "machine", "results", "runs", "keep",
            "source", "error"})
    public record Entry(String name, String savedAt, String runStartedAt, String commit, Boolean dirty,
                        String machine, int results, int runs, int keep, String source, String error) {
    }

    /** Refuses a name that is not 1 to 64 of {@code A-Z a-z 0-9 . _ -}, or that could step outside the store. */
    public static String checkName(String name, String what) {
        if (name == null || !NAME.matcher(name).matches() || name.startsWith(".") || name.contains("..")) {
            throw new BadInputException(what + " '" + name + "': expected 1 to 64 of A-Z a-z 0-9 . _ -, not starting"
                    + " with '.' (no '/' or '..')");
        }
        return name;
    }

    public static boolean isValidName(String name) {
        return name != null && NAME.matcher(name).matches() && !name.startsWith(".") && !name.contains("..");
    }

    public Path file(String name) {
        return dir.resolve(checkName(name, "baseline name") + ".json");
    }

    public boolean exists(String name) {
        return Files.isRegularFile(file(name));
    }

    /** The baseline's latest run; an unknown name is bad input naming the store and the baselines it has. */
    public ResultFile load(String name) {
        return history(name).latest().results();
    }

    /** Every run the baseline keeps, oldest first; a baseline saved before histories reads as one run. */
    public BaselineHistory history(String name) {
        Path f = file(name);
        if (!Files.isRegularFile(f)) {
            throw unknown(name);
        }
        return HistoryFiles.read(f, name);
    }

    public BadInputException unknown(String name) {
        List<String> names = names();
        return new BadInputException("baseline '" + name + "' not found in store " + dir
                + (names.isEmpty() ? " (the store is empty)" : " (baselines: " + String.join(", ", names) + ")"));
    }

    /** Appends a run to the baseline (creating it), keeping as many runs as it kept before; see below. */
    public Entry save(String name, ResultFile results, String source) {
        return save(name, results, source, null);
    }

    /**
     * Appends a run to the baseline's history under the store lock, creating the baseline when it is new; then keeps
     * only the last {@code keep} runs (null: as many as the baseline kept so far, every run for a new one; 0: every
     * run), older ones compacted ({@link RunCompaction}). Returns the baseline's listing entry.
     */
    public Entry save(String name, ResultFile results, String source, Integer keep) {
        checkKeep(keep);
        Path f = file(name);
        BaselineHistory.Run run = new BaselineHistory.Run(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                source, results.schema() == null ? new ResultFile(ResultFile.SCHEMA, results.run(),
                results.environment(), results.config(), results.results(), results.extra()) : results);
        try (var ignored = lock()) {
            BaselineHistory h = Files.isRegularFile(f) ? HistoryFiles.read(f, name) : BaselineHistory.empty(name);
            BaselineHistory updated = h.appended(run, keep);
            HistoryFiles.write(f, updated);
            return entry(updated);
        }
    }

    /** Keeps only the last {@code keep} runs of the baseline (0: every run), from now on too; returns how many were dropped. */
    public int prune(String name, int keep) {
        checkKeep(keep);
        Path f = file(name);
        try (var ignored = lock()) {
            if (!Files.isRegularFile(f)) {
                throw unknown(name);
            }
            BaselineHistory h = HistoryFiles.read(f, name);
            BaselineHistory pruned = h.pruned(keep);
            HistoryFiles.write(f, pruned);
            return h.runs().size() - pruned.runs().size();
        }
    }

    private static void checkKeep(Integer keep) {
        if (keep != null && keep < 0) {
            throw new BadInputException("--keep " + keep + ": expected 0 (every run) or more runs");
        }
    }

    public void delete(String name) {
        Path f = file(name);
        try (var ignored = lock()) {
            if (!Files.isRegularFile(f)) {
                throw unknown(name);
            }
            Files.delete(f);
        } catch (IOException e) {
            throw new BadInputException("cannot delete " + f + ": " + e.getMessage(), e);
        }
    }

    public List<String> names() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - ".json".length()))
                    .filter(BaselineStore::isValidName)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new BadInputException("cannot list store " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Every baseline, by name; one that cannot be read is listed with the reason instead of failing the list. */
    public List<Entry> list() {
        List<Entry> out = new ArrayList<>();
        for (String name : names()) {
            try {
                out.add(entry(history(name)));
            } catch (BadInputException e) {
                out.add(new Entry(name, null, null, null, null, null, 0, 0, 0, null, e.getMessage()));
            }
        }
        return out;
    }

    /** The listing entry of a history: its latest run, its run count. */
    public static Entry entry(BaselineHistory h) {
        BaselineHistory.Run last = h.latest();
        return new Entry(h.name(), last.savedAt(), last.startedAt(), last.commit(), last.dirty(), last.machine(),
                last.results().results().size(), h.runs().size(), h.keep(), last.source(), null);
    }

    /** The store's write lock; close it to release. Waits up to the lock timeout for another writer. */
    public Lock lock() {
        ExclusiveFileLock held;
        try {
            Files.createDirectories(dir);
            held = ExclusiveFileLock.acquire(dir.resolve(LOCK_FILE), Duration.ofMillis(lockTimeoutMillis), lockWaiting);
        } catch (IOException e) {
            throw new BadInputException("store " + dir + ": cannot lock " + dir.resolve(LOCK_FILE) + " ("
                    + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw busy();
        }
        if (held == null) {
            throw busy();
        }
        return held::close;
    }

    /** A held lock; {@code close} releases it and throws nothing. */
    @FunctionalInterface
    public interface Lock extends AutoCloseable {
        @Override
        void close();
    }

    private BadInputException busy() {
        return new BadInputException("store " + dir + " is locked by another writer (" + dir.resolve(LOCK_FILE)
                + "); try again when it has finished");
    }

}
