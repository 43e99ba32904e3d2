package dev.panbench.harness.catalog.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** The onnx package's backend test models in the project's {@code .venv} (scripts/setup.sh installs onnx). */
final class OnnxTestData {

    private OnnxTestData() {
    }

    /** {@code .venv/lib/python3.X/site-packages/onnx/backend/test/data}, where it is. */
    static Optional<Path> dir() {
        Path lib = Path.of("..", ".venv", "lib").toAbsolutePath().normalize();
        if (!Files.isDirectory(lib)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(lib)) {
            return s.map(p -> p.resolve("site-packages/onnx/backend/test/data")).filter(Files::isDirectory)
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
