package dev.panbench.harness.kit;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.spi.SpiVersion;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code panbench new adapter DIR}: a Maven project of one adapter that builds offline against the installed SPI
 * artifact ({@code scripts/setup.sh} installs it): a pom with its plugins pinned, the adapter, one workload that
 * proves its answer, its service line, a test that runs it through panbench's runner, a README and a
 * {@code panbench.json} for the gate.
 */
public final class AdapterProject {

    /** What an adapter id may be: it is part of every result id. */
    public static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]{0,31}");

    /** JUnit's version, as the reactor's pom pins it (the project's test runs offline from the same local repository). */
    static final String JUNIT_VERSION = "5.11.4";

    private AdapterProject() {
    }

    /**
     * Writes the project into {@code dir} (absent, or an empty folder) and returns the files written, relative to it.
     *
     * @param id the adapter's id; null: the folder's name
     */
    public static List<Path> write(Path dir, String id) {
        String name = id != null ? id : dir.toAbsolutePath().normalize().getFileName().toString();
        if (!ID.matcher(name).matches()) {
            throw new BadInputException((id != null ? "--id " : "new adapter " + dir + ": the folder's name ") + name
                    + ": an adapter id is lower-case letters, digits and '-', starting with a letter (give --id ID)");
        }
        try {
            if (Files.exists(dir) && (!Files.isDirectory(dir) || hasEntries(dir))) {
                throw new BadInputException("new adapter " + dir + ": exists and is not an empty folder; name a new one");
            }
            String pkg = "com.example." + name.replace("-", "");
            String cls = className(name);
            Map<String, String> vars = new LinkedHashMap<>();
            vars.put("@ID@", name);
            vars.put("@ARTIFACT@", name + "-adapter");
            vars.put("@GROUP@", "com.example");
            vars.put("@PACKAGE@", pkg);
            vars.put("@CLASS@", cls);
            vars.put("@PANBENCH_VERSION@", SpiVersion.version());
            vars.put("@JUNIT_VERSION@", JUNIT_VERSION);
            vars.put("@JVM_FLAGS@", String.join(" ", JvmFlags.all()));
            Path src = Path.of("src", "main", "java").resolve(pkg.replace('.', '/'));
            Path test = Path.of("src", "test", "java").resolve(pkg.replace('.', '/'));
            Map<String, Path> files = new LinkedHashMap<>();
            files.put("pom.xml", Path.of("pom.xml"));
            files.put("Adapter.java", src.resolve(cls + "Adapter.java"));
            files.put("DotWorkload.java", src.resolve("DotWorkload.java"));
            files.put("Kernels.java", src.resolve("Kernels.java"));
            files.put("RunTest.java", test.resolve(cls + "RunTest.java"));
            files.put("README.md", Path.of("README.md"));
            files.put("panbench.json", Path.of("panbench.json"));
            files.put("gitignore", Path.of(".gitignore"));
            List<Path> written = new ArrayList<>();
            for (var e : files.entrySet()) {
                writeFile(dir.resolve(e.getValue()), fill(template(e.getKey()), vars));
                written.add(e.getValue());
            }
            Path service = Path.of("src", "main", "resources", "META-INF", "services",
                    "dev.panbench.harness.spi.Adapter");
            writeFile(dir.resolve(service), pkg + "." + cls + "Adapter\n");
            written.add(service);
            return written;
        } catch (IOException e) {
            throw new BadInputException("new adapter " + dir + ": cannot write (" + e.getMessage() + ")", e);
        }
    }

    /** {@code acme-blas} to {@code AcmeBlas}. */
    static String className(String id) {
        StringBuilder sb = new StringBuilder();
        for (String part : id.split("-")) {
            if (!part.isEmpty()) {
                sb.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return sb.toString();
    }

    private static boolean hasEntries(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.findAny().isPresent();
        }
    }

    private static String template(String name) throws IOException {
        try (InputStream in = AdapterProject.class.getResourceAsStream("template/" + name)) {
            if (in == null) {
                throw new IOException("template " + name + " missing from panbench's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String fill(String text, Map<String, String> vars) {
        for (var v : vars.entrySet()) {
            text = text.replace(v.getKey(), v.getValue());
        }
        return text;
    }

    private static void writeFile(Path file, String text) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        AtomicFiles.writeString(file, text);
    }
}
