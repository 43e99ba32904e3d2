package dev.panbench.reports.env;

import dev.panbench.harness.env.check.EnvCheck;
import dev.panbench.harness.env.check.MachineChecks;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.reports.console.TextTable;
import dev.panbench.reports.view.Numbers;

import java.util.ArrayList;
import java.util.List;

/** What {@code env} prints: the machine's fingerprint, and with {@code --check} whether it is fit to measure now. */
public final class EnvironmentReport {

    private EnvironmentReport() {
    }

    /**
     * The fingerprint as text: one labelled line per fact, then each adapter's state with its version, library,
     * device and details under it.
     */
    public static String render(EnvironmentInfo env) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"os", env.os() + " (" + env.arch() + ")"});
        rows.add(new String[]{"host", String.valueOf(env.hostname())});
        rows.add(new String[]{"cpu", env.cpu() == null ? "unknown" : env.cpu().describe()
                + (env.cpu().flags() == null ? "" : ", flags: " + String.join(" ", env.cpu().flags()))});
        rows.add(new String[]{"memory", env.memoryBytes() == null ? "unknown" : Numbers.bytes(env.memoryBytes())});
        rows.add(new String[]{"jvm", env.jvm().vendor() + " " + env.jvm().version()});
        env.adapters().forEach((id, a) -> {
            rows.add(new String[]{"adapter", id, a.available() ? "available" : "unavailable: " + a.reason()});
            detail(rows, "version", a.version());
            detail(rows, "library", a.library());
            detail(rows, "device", a.device());
            if (a.details() != null) {
                a.details().forEach((k, v) -> detail(rows, k, v));
            }
        });
        return TextTable.render(rows, 4, false);
    }

    /** One line per check (verdict, name, what was read), the fix under each warning, then the verdict. */
    public static String check(MachineChecks.Fitness fitness) {
        List<String[]> rows = new ArrayList<>();
        for (EnvCheck c : fitness.checks()) {
            rows.add(new String[]{c.verdict().name(), c.name(), c.reading()});
            if (c.fix() != null) {
                rows.add(new String[]{"", "", "fix: " + c.fix()});
            }
        }
        return TextTable.render(rows, 3, false) + "\n" + fitness.summary() + "\n";
    }

    private static void detail(List<String[]> rows, String key, String value) {
        if (value != null) {
            rows.add(new String[]{"", "", key, value});
        }
    }
}
