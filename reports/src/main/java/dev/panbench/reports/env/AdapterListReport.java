package dev.panbench.reports.env;

import dev.panbench.harness.env.EnvironmentProbe;
import dev.panbench.harness.model.EnvironmentInfo.AdapterInfo;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.WorkloadSpec;
import dev.panbench.reports.console.TextTable;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What {@code list} prints: each adapter, whether it is available here (or why not), and its workloads. */
public final class AdapterListReport {

    private AdapterListReport() {
    }

    /** An adapter a block: its state and description, then a row a workload with its parameters' defaults. */
    public static String render(List<Adapter> adapters) {
        return render(adapters, a -> null);
    }

    /**
     * As {@link #render(List)}, each description followed by where the adapter came from ({@code built in}, or a
     * plugin's jar or folder) where {@code origin} tells it.
     */
    public static String render(List<Adapter> adapters, Function<Adapter, String> origin) {
        StringBuilder sb = new StringBuilder();
        for (Adapter a : adapters) {
            AdapterInfo info = EnvironmentProbe.adapterInfo(a);
            String state = info.available()
                    ? "available" + detail(info)
                    : "unavailable: " + info.reason();
            sb.append(a.id()).append("  ").append(state).append('\n');
            String from = origin.apply(a);
            sb.append("  ").append(a.describe()).append(from == null ? "" : " [" + from + "]").append('\n');
            List<String[]> rows = new ArrayList<>();
            for (WorkloadSpec w : a.workloads()) {
                rows.add(new String[]{w.name(), w.params().stream()
                        .map(p -> p.name() + "=" + String.join(",", p.defaults()))
                        .collect(Collectors.joining(" "))});
            }
            sb.append(TextTable.render(rows, 2, 4)).append('\n');
        }
        return sb.toString();
    }

    private static String detail(AdapterInfo info) {
        StringBuilder sb = new StringBuilder();
        if (info.version() != null) {
            sb.append(" version ").append(info.version());
        }
        if (info.library() != null) {
            sb.append(" (").append(info.library()).append(')');
        }
        if (info.device() != null) {
            sb.append(" on ").append(info.device());
        }
        return sb.toString();
    }
}
