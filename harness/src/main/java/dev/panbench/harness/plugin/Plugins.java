package dev.panbench.harness.plugin;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.SpiVersion;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Adapters from outside panbench's class path: the adapter path ({@code --adapter-path}, {@code PANBENCH_ADAPTER_PATH},
 * a project's {@code panbench.json}) names jars and folders of jars; each is one plugin in a
 * {@link PluginClassLoader} of its own, whose adapters {@link ServiceLoader} finds as it finds the built-in ones.
 * The path travels to every fork as the system property {@value #PROPERTY}, so a fork resolves a plugin's workload
 * exactly as the parent planned it. Each plugin is loaded once per JVM.
 */
public final class Plugins {

    /** The adapter path in a JVM: absolute entries separated by the platform's path separator. */
    public static final String PROPERTY = "panbench.adapter.path";

    /** The environment variable the command line reads the path from when no option names one. */
    public static final String ENV = "PANBENCH_ADAPTER_PATH";

    private static final Map<Path, Plugin> LOADED = new ConcurrentHashMap<>();

    private Plugins() {
    }

    /** The plugins the {@value #PROPERTY} property names in this JVM, in its order; none when it is unset. */
    public static List<Plugin> fromProperty() {
        return load(entries(System.getProperty(PROPERTY)));
    }

    /** The entries of a path string, made absolute; empty entries are dropped. */
    public static List<Path> entries(String path) {
        List<Path> out = new ArrayList<>();
        if (path == null) {
            return out;
        }
        for (String e : path.split(File.pathSeparator)) {
            if (!e.isBlank()) {
                out.add(Path.of(e.strip()).toAbsolutePath().normalize());
            }
        }
        return out;
    }

    /** Joins entries into the {@value #PROPERTY} form. */
    public static String join(List<Path> entries) {
        return String.join(File.pathSeparator, entries.stream().map(Path::toString).toList());
    }

    public static List<Plugin> load(List<Path> entries) {
        List<Plugin> out = new ArrayList<>();
        for (Path e : entries.stream().distinct().toList()) {
            out.add(LOADED.computeIfAbsent(e, Plugins::loadOne));
        }
        return out;
    }

    private static Plugin loadOne(Path source) {
        List<Path> jars = jars(source);
        for (Path jar : jars) {
            checkVersion(source, jar);
        }
        URL[] urls = jars.stream().map(Plugins::url).toArray(URL[]::new);
        PluginClassLoader loader = new PluginClassLoader("plugin " + source.getFileName(), urls,
                Plugins.class.getClassLoader());
        List<Adapter> adapters = new ArrayList<>();
        Iterator<Adapter> it = ServiceLoader.load(Adapter.class, loader).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                adapters.add(checked(it.next(), source));
            } catch (ServiceConfigurationError | LinkageError e) {
                adapters.add(new UnloadableAdapter(name(source), reason(e)));
            }
        }
        if (adapters.isEmpty()) {
            throw new BadInputException("--adapter-path " + source + ": no adapter in it (a plugin jar lists its"
                    + " adapter classes in META-INF/services/" + Adapter.class.getName() + ")");
        }
        return new Plugin(source, adapters);
    }

    /** The adapter as found, or unloadable where its id or its workloads cannot be had (a class missing). */
    private static Adapter checked(Adapter a, Path source) {
        String id;
        try {
            id = a.id();
        } catch (RuntimeException | LinkageError e) {
            return new UnloadableAdapter(name(source), a.getClass().getName() + ": " + reason(e));
        }
        try {
            a.workloads();
            return a;
        } catch (RuntimeException | LinkageError e) {
            return new UnloadableAdapter(id, a.getClass().getName() + ".workloads(): " + reason(e));
        }
    }

    private static List<Path> jars(Path source) {
        if (Files.isRegularFile(source)) {
            if (!isJar(source)) {
                throw new BadInputException("--adapter-path " + source + ": expected a jar or a folder of jars");
            }
            return List.of(source);
        }
        if (!Files.isDirectory(source)) {
            throw new BadInputException("--adapter-path " + source + ": no such file or directory");
        }
        try (Stream<Path> s = Files.list(source)) {
            List<Path> jars = s.filter(Plugins::isJar).filter(Files::isRegularFile).sorted().toList();
            if (jars.isEmpty()) {
                throw new BadInputException("--adapter-path " + source + ": a folder with no jar in it (build the"
                        + " plugin first, or name its jar)");
            }
            return jars;
        } catch (IOException e) {
            throw new BadInputException("--adapter-path " + source + ": cannot list it (" + e.getMessage() + ")", e);
        }
    }

    private static boolean isJar(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".jar") && !n.endsWith("-sources.jar") && !n.endsWith("-javadoc.jar");
    }

    /** Refuses a jar whose manifest records another SPI major version than this panbench's. */
    private static void checkVersion(Path source, Path jar) {
        String built;
        try (JarFile f = new JarFile(jar.toFile())) {
            var m = f.getManifest();
            built = m == null ? null : m.getMainAttributes().getValue(new Attributes.Name(SpiVersion.MANIFEST_ATTRIBUTE));
        } catch (IOException e) {
            throw new BadInputException("--adapter-path " + source + ": " + jar.getFileName() + " is not a readable jar ("
                    + e.getMessage() + ")", e);
        }
        if (built != null && SpiVersion.majorOf(built) != SpiVersion.major()) {
            throw new BadInputException("--adapter-path " + source + ": " + jar.getFileName() + " was built for panbench"
                    + " SPI " + built + "; this panbench has SPI " + SpiVersion.version() + " (major "
                    + SpiVersion.major() + "): rebuild it against dev.panbench:panbench-harness:" + SpiVersion.version());
        }
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new BadInputException("--adapter-path " + jar + ": " + e.getMessage(), e);
        }
    }

    private static String name(Path source) {
        String n = source.getFileName().toString();
        return n.endsWith(".jar") ? n.substring(0, n.length() - 4) : n;
    }

    /** One line: the error and its deepest cause, as {@code NoClassDefFoundError: com/acme/Native (...)}. */
    static String reason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String line = (e.getClass().getSimpleName() + ": " + e.getMessage()).replaceAll("\\s+", " ");
        if (root != e) {
            line += " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        }
        return "cannot load: " + line;
    }
}
