package dev.panbench.cli;

import dev.panbench.harness.baseline.BaselineHistory;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.imports.Imports;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.reports.baseline.BaselineReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code panbench baseline list | show NAME | save NAME --from FILE | prune [NAME...] --keep K | delete NAME}: the
 * named baseline store. A baseline is a history: each save appends a run.
 */
@Command(name = "baseline", description = "Manage named baselines (the store: --store, $PANBENCH_STORE, .panbench/baselines).",
        subcommands = {BaselineCommand.ListBaselines.class, BaselineCommand.Show.class, BaselineCommand.Save.class,
                BaselineCommand.Prune.class, BaselineCommand.Delete.class},
        footer = {"", "A baseline keeps every run (unless --keep K says the last K), the newest 10 whole and older ones",
                "as per-fork summaries; the gate learns from its newest 10 how much a result moves from run to run.",
                "", "Examples:",
                "  panbench baseline save main --from build/panbench/results.json",
                "  panbench baseline list",
                "  panbench baseline show main",
                "  panbench baseline prune main --keep 5",
                "  panbench baseline delete pr-123"})
final class BaselineCommand {

    @Command(name = "list", description = "List baselines: name, date, commit, machine, result count.")
    static final class ListBaselines implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Option(names = "--json", description = "Print JSON instead of text.")
        boolean json;

        @Override
        public Integer call() throws Exception {
            BaselineStore store = storeOptions.store();
            List<BaselineStore.Entry> entries = store.list();
            PrintWriter out = common.out();
            if (json) {
                out.println(Json.MAPPER.writeValueAsString(entries));
            } else {
                out.print(BaselineReport.list(entries, store.dir()));
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "show", description = "Show one baseline: its runs (commit, time, machine) and the latest results.")
    static final class Show implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Parameters(paramLabel = "NAME")
        String name;

        @Option(names = "--json", description = "Print the stored baseline file (every run).")
        boolean json;

        @Override
        public Integer call() throws Exception {
            BaselineStore store = storeOptions.store();
            BaselineStore.checkName(name, "baseline name");
            BaselineHistory h = store.history(name);
            PrintWriter out = common.out();
            if (json) {
                out.println(Json.MAPPER.writeValueAsString(h));
                return ExitCodes.OK;
            }
            out.print(BaselineReport.show(name, store.file(name), h));
            return ExitCodes.OK;
        }
    }

    @Command(name = "save", description = "Append a results file to a named baseline's runs (creating it).")
    static final class Save implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Parameters(paramLabel = "NAME", description = "1 to 64 of A-Z a-z 0-9 . _ -")
        String name;

        @Option(names = "--from", required = true, paramLabel = "FILE", description = "The results file to save.")
        Path from;

        @Option(names = "--keep", paramLabel = "K",
                description = "Keep the last K runs, 0 for every run (default: as the baseline did so far; every run for a new one).")
        Integer keep;

        @Override
        public Integer call() {
            BaselineStore store = storeOptions.store();
            BaselineStore.checkName(name, "baseline name");
            Imports.Loaded loaded = Imports.readAny(from);
            ResultFile f = loaded.results();
            if (loaded.detected() != null) {
                common.err().println(loaded.describe(from));
                common.err().flush();
            }
            BaselineStore.Entry e = store.save(name, f, from.toString(), keep);
            PrintWriter out = common.out();
            out.println(saved(name, e) + " in " + store.dir());
            return ExitCodes.OK;
        }
    }

    @Command(name = "prune", description = "Keep only the last K runs of baselines (all of them when none is named).")
    static final class Prune implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Parameters(paramLabel = "NAME", arity = "0..*", description = "Baselines to prune (default: every one).")
        List<String> names;

        @Option(names = "--keep", required = true, paramLabel = "K", description = "Runs to keep, the newest; 0 keeps every run from now on.")
        int keep;

        @Override
        public Integer call() {
            BaselineStore store = storeOptions.store();
            List<String> which = names == null || names.isEmpty() ? store.names() : names;
            PrintWriter out = common.out();
            for (String n : which) {
                BaselineStore.checkName(n, "baseline name");
                int dropped = store.prune(n, keep);
                out.println("baseline " + n + ": dropped " + dropped + " run(s), keeps "
                        + (keep == 0 ? "every run" : "the last " + keep));
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "delete", description = "Delete a named baseline.")
    static final class Delete implements Callable<Integer> {

        @Mixin
        CommonOptions common;

        @Mixin
        StoreOptions storeOptions;

        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        public Integer call() {
            BaselineStore store = storeOptions.store();
            store.delete(name);
            PrintWriter out = common.out();
            out.println("deleted baseline " + name + " from " + store.dir());
            return ExitCodes.OK;
        }
    }

    static String saved(String name, BaselineStore.Entry e) {
        return (e.runs() == 1 ? "saved baseline " + name : "appended to baseline " + name) + " (run " + e.runs()
                + (e.keep() == 0 ? ", every run kept, " : " of " + e.keep() + " kept, ") + e.results() + " results, "
                + e.machine() + ")";
    }
}
