package dev.panbench.cli;

import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.io.ResultFiles;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.console.ConsoleTable;
import dev.panbench.reports.console.TextTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench baseline list | show NAME | save NAME --from FILE | delete NAME}: the named baseline store. */
@Command(name = "baseline", description = "Manage named baselines (the store: --store, $PANBENCH_STORE, .panbench/baselines).",
        subcommands = {BaselineCommand.ListBaselines.class, BaselineCommand.Show.class, BaselineCommand.Save.class,
                BaselineCommand.Delete.class},
        footer = {"", "Examples:",
                "  panbench baseline save main --from build/panbench/results.json",
                "  panbench baseline list",
                "  panbench baseline show main",
                "  panbench baseline delete pr-123"})
final class BaselineCommand {

    @Command(name = "list", description = "List baselines: name, date, commit, machine, result count.")
    static final class ListBaselines implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Spec
        CommandSpec spec;

        @Option(names = "--json", description = "Print JSON instead of text.")
        boolean json;

        @Override
        public Integer call() throws Exception {
            BaselineStore store = storeOptions.store();
            List<BaselineStore.Entry> entries = store.list();
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(Json.MAPPER.writeValueAsString(entries));
            } else if (entries.isEmpty()) {
                out.println("no baselines in " + store.dir());
            } else {
                List<String[]> rows = new ArrayList<>();
                rows.add(new String[]{"name", "saved", "commit", "results", "machine"});
                for (BaselineStore.Entry e : entries) {
                    if (e.error() != null) {
                        rows.add(new String[]{e.name(), "", "", "", "unreadable: " + e.error()});
                        continue;
                    }
                    String commit = e.commit() == null ? "" : e.commit().substring(0, Math.min(10, e.commit().length()))
                            + (Boolean.TRUE.equals(e.dirty()) ? "+dirty" : "");
                    rows.add(new String[]{e.name(), e.savedAt() == null ? String.valueOf(e.runStartedAt()) : e.savedAt(),
                            commit, String.valueOf(e.results()), e.machine()});
                }
                out.print(TextTable.render(rows, 5, false));
                out.println(entries.size() + " baseline(s) in " + store.dir());
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "show", description = "Show one baseline: where it came from and its results.")
    static final class Show implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME")
        String name;

        @Option(names = "--json", description = "Print the stored results file.")
        boolean json;

        @Override
        public Integer call() throws Exception {
            BaselineStore store = storeOptions.store();
            BaselineStore.checkName(name, "baseline name");
            ResultFile f = store.load(name);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(Json.MAPPER.writeValueAsString(f));
            } else {
                BaselineStore.Entry e = store.entry(name, f);
                out.println("baseline  " + name + " (" + store.file(name) + ")");
                out.println("saved     " + e.savedAt() + (e.source() == null ? "" : " from " + e.source()));
                out.println("run       " + (f.run() == null ? "?" : f.run().id() + ", started " + f.run().startedAt()));
                out.println("commit    " + (e.commit() == null ? "unknown" : e.commit()
                        + (Boolean.TRUE.equals(e.dirty()) ? " (uncommitted changes)" : "")));
                out.println("machine   " + e.machine());
                if (f.config() != null) {
                    var c = f.config();
                    out.printf("config    %s, %d fork(s), %d x %s warm-up, %d x %s measurement%n", c.mode(), c.forks(),
                            c.warmupIterations(), c.warmupTime(), c.iterations(), c.measurementTime());
                }
                out.println();
                out.print(ConsoleTable.render(f));
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "save", description = "Save a results file as a named baseline (replacing one of that name).")
    static final class Save implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME", description = "1 to 64 of A-Z a-z 0-9 . _ -")
        String name;

        @Option(names = "--from", required = true, paramLabel = "FILE", description = "The results file to save.")
        Path from;

        @Override
        public Integer call() {
            BaselineStore store = storeOptions.store();
            BaselineStore.checkName(name, "baseline name");
            ResultFile f = ResultFiles.read(from);
            boolean replaced = store.exists(name);
            BaselineStore.Entry e = store.save(name, f, from.toString());
            PrintWriter out = spec.commandLine().getOut();
            out.println((replaced ? "replaced" : "saved") + " baseline " + name + " (" + e.results() + " results, "
                    + e.machine() + ") in " + store.dir());
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "delete", description = "Delete a named baseline.")
    static final class Delete implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        public Integer call() {
            BaselineStore store = storeOptions.store();
            store.delete(name);
            PrintWriter out = spec.commandLine().getOut();
            out.println("deleted baseline " + name + " from " + store.dir());
            out.flush();
            return ExitCodes.OK;
        }
    }
}
