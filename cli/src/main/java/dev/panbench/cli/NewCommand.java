package dev.panbench.cli;

import dev.panbench.harness.kit.AdapterProject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench new adapter DIR}: starts a project of one's own adapter, built against the installed SPI. */
@Command(name = "new", description = "Start a project of your own.", subcommands = NewCommand.AdapterCommand.class)
final class NewCommand {

    @Command(name = "adapter", description = "Write a Maven project of one adapter (a workload that verifies, its test,"
            + " a README, a panbench.json) that builds offline against the SPI scripts/setup.sh installed.",
            footer = {"", "Example:", "  panbench new adapter acme-adapter --id acme && cd acme-adapter && mvn -q package",
                    "  panbench run --adapter-path target --adapter acme --quick"})
    static final class AdapterCommand implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Parameters(index = "0", paramLabel = "DIR", description = "The project's folder (new, or empty).")
        Path dir;

        @Option(names = "--id", paramLabel = "ID", description = "The adapter's id (default: the folder's name).")
        String id;

        @Override
        public Integer call() {
            List<Path> files = AdapterProject.write(dir, id);
            PrintWriter out = common.out();
            files.forEach(f -> out.println("wrote " + dir.resolve(f)));
            out.println("next: cd " + dir + " && mvn -q package && panbench list --adapter-path target");
            return ExitCodes.OK;
        }
    }
}
