package dev.panbench.harness.io;

import dev.panbench.harness.BadInputException;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/** Every file panbench writes goes through here: a temporary file beside the target, then a rename. */
public final class AtomicFiles {

    private static final Consumer<Path> NONE = p -> { };
    private static volatile Consumer<Path> observer = NONE;

    private AtomicFiles() {
    }

    /**
     * Sees each file once it is in place; the test suites use it to check every file panbench writes against its
     * published schema. Null stops observing.
     */
    public static void observe(Consumer<Path> afterWrite) {
        observer = afterWrite == null ? NONE : afterWrite;
    }

    public static void writeString(Path target, String content) {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] content) {
        write(target, out -> out.write(content));
    }

    /** Content produced by writing to a stream (a serialiser, say), which may fail half way. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes what {@code body} writes; when it or anything after it fails, the target is left as it was. */
    public static void write(Path target, Body body) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                body.writeTo(out);
            }
            readableByAll(tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            observer.accept(abs);
        } catch (IOException e) {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the original error is the one worth reporting
                }
            }
            throw new BadInputException("cannot write " + target + ": " + describe(e), e);
        }
    }

    /**
     * Writes several files all or nothing: every content goes to a temporary file beside its target first; only
     * when all of them are on disk are they renamed into place. A failure (a full disk) deletes the temporary files
     * and leaves every target as it was.
     */
    public static void writeAll(Map<Path, byte[]> files) {
        Map<Path, Path> staged = new LinkedHashMap<>();
        Path current = null;
        try {
            for (Map.Entry<Path, byte[]> f : files.entrySet()) {
                current = f.getKey();
                Path abs = current.toAbsolutePath();
                Files.createDirectories(abs.getParent());
                Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName() + ".", ".tmp");
                staged.put(abs, tmp);
                Files.write(tmp, f.getValue());
                readableByAll(tmp);
            }
            for (Map.Entry<Path, Path> s : staged.entrySet()) {
                current = s.getKey();
                try {
                    Files.move(s.getValue(), s.getKey(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(s.getValue(), s.getKey(), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            for (Path tmp : staged.values()) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the original error is the one worth reporting
                }
            }
            throw new BadInputException("cannot write " + current + ": " + describe(e) + "; no file was written", e);
        }
    }

    /** Temporary files are created owner-only; a report or results file is for everyone who can read the directory. */
    private static void readableByAll(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    /** Fails early, with one line, when {@code dir} cannot be created or written. */
    public static void requireWritableDirectory(Path dir, String option) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".panbench-probe", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new BadInputException(option + " " + dir + ": not a writable directory (" + describe(e) + ")", e);
        }
    }

    public static String describe(Exception e) {
        String kind = e.getClass().getSimpleName();
        return switch (kind) {
            case "AccessDeniedException" -> "permission denied";
            case "NoSuchFileException" -> "no such file or directory";
            case "FileAlreadyExistsException" -> "a file is in the way";
            case "NotDirectoryException" -> "a path component is not a directory";
            default -> e.getMessage() == null ? kind : e.getMessage();
        };
    }
}
