package dev.panbench.harness.spi;

/**
 * A command-line option an adapter declares for itself ({@code --tvm-ffi-lib PATH}): the command line offers it on
 * every command, sets the system property {@code property} to the value given, and a benchmark fork of the
 * adapter's workloads gets that property too.
 *
 * @param name        the option as typed, with its dashes: {@code --opencl-lib}
 * @param paramLabel  what its value is called in {@code --help}: {@code PATH}
 * @param property    the system property the adapter reads: {@code panbench.opencl.lib}
 * @param description one sentence for {@code --help}
 */
public record AdapterOption(String name, String paramLabel, String property, String description) {

    public AdapterOption {
        if (!name.matches("--[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("an adapter option is --lower-case-words: " + name);
        }
    }
}
