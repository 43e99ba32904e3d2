package dev.panbench.cli;

import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.AdapterOption;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every command has, as its one mixin: the options every command takes (diagnostics, and where native libraries
 * are, as each adapter declares them: {@link Adapter#options()}; {@link #addAdapterOptions} gives every command with
 * this mixin those options), and where it writes: its standard output (tables, "wrote" lines) and error stream
 * (progress, warnings), as picocli configured them (tests capture both). {@link Main} flushes both after every
 * command.
 */
public final class CommonOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--verbose", description = "Print stack traces of errors; run lists every skipped result.")
    boolean verbose;

    /** Read before the command line is built ({@link ProjectDefaults#applyAdapterPath}); here for help and for gate. */
    @Option(names = "--adapter-path", paramLabel = "PATH", split = ":", hideParamSyntax = true,
            description = "Load adapters from this plugin jar, or folder of jars (repeatable, or ':'-separated;"
                    + " default: PANBENCH_ADAPTER_PATH, else panbench.json's adapterPath).")
    List<String> adapterPath;

    PrintWriter out() {
        return mixee.commandLine().getOut();
    }

    PrintWriter err() {
        return mixee.commandLine().getErr();
    }

    /** The command line as typed, as a results file records it: {@code panbench run --quick ...}. */
    String commandLine() {
        return "panbench " + String.join(" ", mixee.commandLine().getParseResult().originalArgs());
    }

    /** Adds the adapters' own options to each command, at any depth, that takes the common options. */
    static void addAdapterOptions(CommandLine cl, Adapters adapters) {
        Map<String, AdapterOption> options = new LinkedHashMap<>();
        for (Adapter a : adapters.all()) {
            a.options().forEach(o -> options.putIfAbsent(o.name(), o));
        }
        addTo(cl, options);
    }

    private static void addTo(CommandLine cl, Map<String, AdapterOption> options) {
        CommandSpec spec = cl.getCommandSpec();
        if (spec.mixins().values().stream().anyMatch(m -> m.userObject() instanceof CommonOptions)) {
            options.values().forEach(o -> spec.addOption(optionSpec(o)));
        }
        cl.getSubcommands().values().forEach(sub -> addTo(sub, options));
    }

    private static OptionSpec optionSpec(AdapterOption o) {
        return OptionSpec.builder(o.name())
                .paramLabel(o.paramLabel())
                .type(String.class)
                .description(o.description())
                .setter(new CommandLine.Model.ISetter() {
                    @Override
                    public <T> T set(T value) {
                        if (value != null) {
                            System.setProperty(o.property(), value.toString());
                        }
                        return null;
                    }
                })
                .build();
    }
}
