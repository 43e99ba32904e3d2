package dev.panbench.cli;

import dev.panbench.harness.env.EnvironmentProbe;
import dev.panbench.harness.env.check.MachineChecks;
import dev.panbench.harness.env.check.NoiseProbe;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.run.measure.JmhLock;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.reports.env.EnvironmentReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code panbench env}: the machine fingerprint recorded in every results file; with {@code --check}, whether this
 * machine is fit to measure now.
 */
@Command(name = "env", description = "Show the machine, JVM and adapter environment recorded with every run.",
        footer = {"", "With --check, checks for about two seconds whether this machine is fit to",
                "measure now: load, CPU time taken by other processes, other benchmarks and",
                "JMH's lock, CPU frequency governor and turbo boost (where the kernel shows",
                "them), steal time on a VM, and a noise probe. Each check prints ok, warn or",
                "unknown with what it read; the exit status is 0 whether the machine is fit",
                "or not (2 only for bad usage).",
                "", "Examples:", "  panbench env", "  panbench env --json", "  panbench env --check"})
final class EnvCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Option(names = "--check", description = "Check whether this machine is fit to measure now (about 2 s).")
    boolean check;

    @Override
    public Integer call() throws Exception {
        if (check) {
            MachineChecks.Fitness fitness = MachineChecks.full(MachineChecks.Sources.live(JmhLock.defaultFile()),
                    () -> NoiseProbe.run(MachineChecks.PROBE_MILLIS));
            common.out().print(json ? Json.MAPPER.writeValueAsString(Map.of("fit", fitness.fit(),
                    "summary", fitness.summary(), "checks", fitness.checks())) + "\n" : EnvironmentReport.check(fitness));
            return ExitCodes.OK;
        }
        EnvironmentInfo env = EnvironmentProbe.capture(Adapters.load().all());
        PrintWriter out = common.out();
        if (json) {
            out.println(Json.MAPPER.writeValueAsString(env));
        } else {
            out.print(EnvironmentReport.render(env));
        }
        return ExitCodes.OK;
    }
}
