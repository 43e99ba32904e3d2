package dev.panbench.harness.baseline;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.BadInputException;
import dev.panbench.harness.compare.EnvironmentDiff;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Named baselines: one results file per name, {@code <store>/<name>.json}, with a {@code baseline} block (name, when
 * saved, from where) added to it. Writes are atomic (temporary file, then rename) and serialised by an exclusive
 * lock on {@code <store>/.lock}, held by one writer at a time across processes ({@link FileChannel#lock}) and
 * across threads of one process (the file lock alone does not exclude those). Readers need no lock: they only ever
 * see whole files.
 */
public final class BaselineStore {

    public static final Path DEFAULT_DIR = Path.of(".panbench", "baselines");
    public static final String ENV_VARIABLE = "PANBENCH_STORE";
    static final String LOCK_FILE = ".lock";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Map<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path dir;
    private final long lockTimeoutMillis;

    private BaselineStore(Path dir, long lockTimeoutMillis) {
        this.dir = dir;
        this.lockTimeoutMillis = lockTimeoutMillis;
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
        return new BaselineStore(dir, 30_000);
    }

    BaselineStore withLockTimeout(long millis) {
        return new BaselineStore(dir, millis);
    }

    public Path dir() {
        return dir;
    }

    /** What {@code baseline list} shows of one baseline. */
    @JsonPropertyOrder({"name", "savedAt", "runStartedAt", "commit", "dirty", "machine", "results", "source", "error"})
    public record Entry(String name, String savedAt, String runStartedAt, String commit, Boolean dirty,
                        String machine, int results, String source, String error) {
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

    /** The baseline's results; an unknown name is bad input naming the store and the baselines it has. */
    public ResultFile load(String name) {
        Path f = file(name);
        if (!Files.isRegularFile(f)) {
            throw unknown(name);
        }
        return ResultFiles.read(f);
    }

    public BadInputException unknown(String name) {
        List<String> names = names();
        return new BadInputException("baseline '" + name + "' not found in store " + dir
                + (names.isEmpty() ? " (the store is empty)" : " (baselines: " + String.join(", ", names) + ")"));
    }

    /** Saves (or replaces) a baseline under the store lock; returns its listing entry. */
    public Entry save(String name, ResultFile results, String source) {
        Path f = file(name);
        Map<String, Object> extra = new LinkedHashMap<>(results.extra());
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("name", name);
        block.put("savedAt", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        if (source != null) {
            block.put("source", source);
        }
        extra.put("baseline", block);
        ResultFile stored = new ResultFile(results.schema() == null ? ResultFile.SCHEMA : results.schema(),
                results.run(), results.environment(), results.config(), results.results(), extra);
        try (var ignored = lock()) {
            ResultFiles.write(f, stored);
        }
        return entry(name, stored);
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
                out.add(entry(name, ResultFiles.read(file(name))));
            } catch (BadInputException e) {
                out.add(new Entry(name, null, null, null, null, null, 0, null, e.getMessage()));
            }
        }
        return out;
    }

    public Entry entry(String name, ResultFile f) {
        Object block = f.extra().get("baseline");
        String savedAt = null;
        String source = null;
        if (block instanceof Map<?, ?> m) {
            savedAt = m.get("savedAt") == null ? null : m.get("savedAt").toString();
            source = m.get("source") == null ? null : m.get("source").toString();
        }
        var run = f.run();
        return new Entry(name, savedAt, run == null ? null : run.startedAt(),
                run == null || run.git() == null ? null : run.git().commit(),
                run == null || run.git() == null ? null : run.git().dirty(),
                EnvironmentDiff.machineSummary(f.environment()), f.results().size(), source, null);
    }

    /** The store's write lock; close it to release. Waits up to the lock timeout for another writer. */
    public Lock lock() {
        Path key = dir.toAbsolutePath().normalize();
        ReentrantLock local = IN_PROCESS.computeIfAbsent(key, k -> new ReentrantLock());
        try {
            if (!local.tryLock(lockTimeoutMillis, TimeUnit.MILLISECONDS)) {
                throw busy();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw busy();
        }
        FileChannel channel = null;
        try {
            Files.createDirectories(dir);
            channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(lockTimeoutMillis);
            FileLock fileLock;
            while ((fileLock = channel.tryLock()) == null) {
                if (System.nanoTime() > deadline) {
                    throw busy();
                }
                Thread.sleep(50);
            }
            FileChannel held = channel;
            FileLock heldLock = fileLock;
            return () -> {
                try {
                    heldLock.release();
                    held.close();
                } catch (IOException ignored) {
                    // closing the channel releases the lock in any case
                } finally {
                    local.unlock();
                }
            };
        } catch (IOException | InterruptedException | RuntimeException e) {
            closeQuietly(channel);
            local.unlock();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                throw busy();
            }
            if (e instanceof BadInputException b) {
                throw b;
            }
            throw new BadInputException("store " + dir + ": cannot lock " + dir.resolve(LOCK_FILE) + " ("
                    + e.getMessage() + ")", e);
        }
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

    private static void closeQuietly(FileChannel c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // nothing more to release
            }
        }
    }
}
