package dev.panbench.harness.conformance;

import dev.panbench.harness.io.AtomicFiles;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Registered for every test (junit-platform.properties turns on extension auto-detection): each file panbench
 * writes while a test runs is checked, as it is written, against its published schema ({@link PublishedSchemas});
 * a file that does not conform fails the test that wrote it.
 */
public final class WrittenFilesConform implements BeforeEachCallback, AfterEachCallback {

    private static final List<String> PROBLEMS = new ArrayList<>();

    @Override
    public void beforeEach(ExtensionContext context) {
        synchronized (PROBLEMS) {
            PROBLEMS.clear();
        }
        AtomicFiles.observe(path -> {
            try {
                PublishedSchemas.problems(path).ifPresent(p -> {
                    synchronized (PROBLEMS) {
                        PROBLEMS.add(p);
                    }
                });
            } catch (IOException e) {
                synchronized (PROBLEMS) {
                    PROBLEMS.add(path + ": cannot be read back: " + e);
                }
            }
        });
    }

    @Override
    public void afterEach(ExtensionContext context) {
        AtomicFiles.observe(null);
        List<String> found;
        synchronized (PROBLEMS) {
            found = List.copyOf(PROBLEMS);
            PROBLEMS.clear();
        }
        if (!found.isEmpty()) {
            throw new AssertionError("files written by this test do not conform to their schema:\n"
                    + String.join("\n", found));
        }
    }
}
