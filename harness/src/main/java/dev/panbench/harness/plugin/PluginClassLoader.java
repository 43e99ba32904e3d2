package dev.panbench.harness.plugin;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * One plugin's class loader: its jars first (child-first), so a plugin brings the versions of its libraries it was
 * built with; parent-first only for what it shares with panbench: the JDK, the SPI ({@code dev.panbench.harness.spi})
 * and JMH, whose {@code Blackhole} the SPI's {@code run} takes. Anything else of panbench's it uses and does not carry
 * (the harness's catalog, say) is found in the parent after its own jars.
 */
final class PluginClassLoader extends URLClassLoader {

    /** Packages (prefixes of binary names) always loaded by the parent. */
    static final List<String> SHARED = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "dev.panbench.harness.spi.", "org.openjdk.jmh.");

    static {
        ClassLoader.registerAsParallelCapable();
    }

    PluginClassLoader(String name, URL[] jars, ClassLoader parent) {
        super(name, jars, parent);
    }

    static boolean shared(String name) {
        for (String prefix : SHARED) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (shared(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        if (shared(name.replace('/', '.'))) {
            return super.getResource(name);
        }
        URL own = findResource(name);
        return own != null ? own : getParent().getResource(name);
    }

    /**
     * The plugin's own resources first, then the parent's; but a service file is the plugin's alone, so that
     * {@link java.util.ServiceLoader} on this loader finds the plugin's adapters and not the built-in ones again.
     */
    @Override
    public Enumeration<URL> getResources(String name) throws java.io.IOException {
        List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
        if (!name.startsWith("META-INF/services/")) {
            all.addAll(Collections.list(getParent().getResources(name)));
        }
        return Collections.enumeration(all);
    }
}
