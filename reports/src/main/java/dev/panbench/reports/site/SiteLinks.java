package dev.panbench.reports.site;

import dev.panbench.harness.compare.Change;
import dev.panbench.harness.compare.Comparison;
import dev.panbench.harness.compare.Verdict;

import java.util.List;
import java.util.Locale;

/**
 * The part of a gate's summary that sends a reviewer to the history site: each result the gate judged, linked to its
 * page ({@link SitePaths}) under the site's address; regressions, inconclusive results and improvements listed, the
 * unchanged folded away.
 */
public final class SiteLinks {

    private SiteLinks() {
    }

    /**
     * @param siteUrl    where the site is published, e.g. {@code https://o.github.io/r/}
     * @param machineKey the machine the judged run was measured on ({@code MachineFingerprint.key()})
     */
    public static String markdown(Comparison c, String siteUrl, String machineKey) {
        String root = siteUrl.endsWith("/") ? siteUrl : siteUrl + "/";
        StringBuilder sb = new StringBuilder();
        sb.append("### Trends of the judged results\n\nEach result's page on [the history site](").append(root)
                .append(SitePaths.INDEX).append(") has its runs, change points and commits.\n\n");
        for (Verdict v : List.of(Verdict.regressed, Verdict.inconclusive, Verdict.improved)) {
            for (Change ch : c.withVerdict(v)) {
                sb.append("- ").append(v).append(": ").append(link(ch, root, machineKey))
                        .append(String.format(Locale.ROOT, " %+.1f%%", 100 * ch.change())).append('\n');
            }
        }
        List<Change> unchanged = c.withVerdict(Verdict.unchanged);
        if (!unchanged.isEmpty()) {
            sb.append("\n<details><summary>").append(unchanged.size()).append(" unchanged</summary>\n\n");
            for (Change ch : unchanged) {
                sb.append("- ").append(link(ch, root, machineKey)).append('\n');
            }
            sb.append("\n</details>\n");
        }
        return sb.toString();
    }

    private static String link(Change ch, String root, String machineKey) {
        String id = ch.id().toString();
        return "[`" + id.replace("`", "'") + "`](" + root + SitePaths.result(id, machineKey) + ")";
    }
}
