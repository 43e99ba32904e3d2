package dev.panbench.cli;

import dev.panbench.harness.env.EnvironmentProbe;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.run.Adapters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code panbench env}: the machine fingerprint recorded in every results file. */
@Command(name = "env", description = "Show the machine, JVM and adapter environment recorded with every run.",
        footer = {"", "Examples:", "  panbench env", "  panbench env --json"})
final class EnvCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Mixin
    ConsoleOutput console;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        EnvironmentInfo env = EnvironmentProbe.capture(Adapters.load().all());
        PrintWriter out = console.out();
        if (json) {
            out.println(Json.MAPPER.writeValueAsString(env));
        } else {
            out.printf("os        %s (%s)%n", env.os(), env.arch());
            out.printf("host      %s%n", env.hostname());
            out.printf("cpu       %s, %d cores, flags: %s%n", env.cpu().model(), env.cpu().cores(),
                    String.join(" ", env.cpu().flags()));
            out.printf("memory    %.1f GiB%n", env.memoryBytes() == null ? 0 : env.memoryBytes() / (double) (1L << 30));
            out.printf("jvm       %s %s%n", env.jvm().vendor(), env.jvm().version());
            env.adapters().forEach((id, a) -> {
                out.printf("adapter   %-10s %s%n", id, a.available() ? "available" : "unavailable: " + a.reason());
                if (a.version() != null) {
                    out.printf("            version  %s%n", a.version());
                }
                if (a.library() != null) {
                    out.printf("            library  %s%n", a.library());
                }
                if (a.device() != null) {
                    out.printf("            device   %s%n", a.device());
                }
                if (a.details() != null) {
                    a.details().forEach((k, v) -> out.printf("            %-8s %s%n", k, v));
                }
            });
        }
        return ExitCodes.OK;
    }
}
