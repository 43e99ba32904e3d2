package dev.panbench.harness.run.link;

import dev.panbench.harness.catalog.model.ModelSettings;
import dev.panbench.harness.driver.PythonLocator;
import dev.panbench.harness.nativelib.NativeLibraryCheck;
import dev.panbench.harness.plugin.Plugins;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.ExtraWork;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The explicit channel of settings from panbench's JVM to a benchmark fork: the harness's own properties and those
 * the adapter declares ({@link Adapter#options()}, {@link Adapter#forkProperties()}), passed as {@code -D} flags where they are set,
 * and the HotSpot options it declares ({@link Adapter#forkJvmOptions()}). Nothing else of the parent's system
 * properties reaches a fork.
 */
public final class ForkProperties {

    /**
     * What the harness itself reads in a fork: where panbench lives, which Python, selfcheck's extra work, the turn
     * table of interleaved pairs, the users' models of the run ({@link ModelSettings}).
     */
    public static final List<String> HARNESS = java.util.stream.Stream.concat(java.util.stream.Stream.of(
            "panbench.home", Plugins.PROPERTY, PythonLocator.PROPERTY, ExtraWork.PROPERTY, NativeLibraryCheck.CACHE_PROPERTY,
            Turns.PROPERTY), ModelSettings.PROPERTIES.stream()).toList();

    private ForkProperties() {
    }

    /**
     * Everything a benchmark fork of this adapter's workloads gets from panbench beside its JVM flags: the declared
     * properties ({@link #jvmArgs}) and the adapter's HotSpot options ({@link Adapter#forkJvmOptions()}).
     */
    public static List<String> forFork(Adapter adapter) {
        List<String> args = new ArrayList<>(jvmArgs(List.of(adapter)));
        args.addAll(adapter.forkJvmOptions());
        return args;
    }

    /** The {@code -Dname=value} flags for a fork running these adapters' workloads. */
    public static List<String> jvmArgs(List<Adapter> adapters) {
        Set<String> names = new LinkedHashSet<>(HARNESS);
        adapters.forEach(a -> {
            a.options().forEach(o -> names.add(o.property()));
            names.addAll(a.forkProperties());
        });
        List<String> args = new ArrayList<>();
        for (String name : names) {
            String value = System.getProperty(name);
            if (value != null) {
                args.add("-D" + name + "=" + value);
            }
        }
        return args;
    }
}
