package dev.panbench.harness.paired;

import dev.panbench.harness.orchestrate.Build;

import java.util.List;

/**
 * One side of a paired gate: a build, and the system properties its JVMs get ({@code selfcheck --paired} slows one
 * arm with {@link dev.panbench.harness.spi.ExtraWork}; a gate's two arms have none).
 *
 * @param name the side's name in files and messages ({@code base}, {@code candidate}, {@code same}, {@code slowed})
 */
public record Arm(String name, Build build, List<String> jvmArgs) {

    public Arm {
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
    }

    public Arm(String name, Build build) {
        this(name, build, List.of());
    }
}
