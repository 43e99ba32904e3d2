package dev.panbench.reports.charts;

import dev.panbench.harness.model.BenchResult;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Names the chart kinds share: the size parameter a result scales by, unique series names, file-safe slugs. */
final class ChartNames {

    private ChartNames() {
    }

    /** The numeric parameter results are scaled by ({@code size}, else {@code n}), or null. */
    static String sizeParam(BenchResult r) {
        for (String p : List.of("size", "n")) {
            String v = r.params().get(p);
            if (v != null && isPositiveNumber(v)) {
                return p;
            }
        }
        return null;
    }

    private static boolean isPositiveNumber(String v) {
        try {
            double d = Double.parseDouble(v);
            return d > 0 && !Double.isInfinite(d);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** XChart needs distinct series and category names; shortening may collide, so number the repeats. */
    static List<String> unique(List<String> names) {
        Set<String> used = new HashSet<>();
        List<String> out = new ArrayList<>(names.size());
        for (String n : names) {
            String base = n.isBlank() ? "(unnamed)" : n;
            String name = base;
            for (int k = 2; !used.add(name); k++) {
                name = base + " #" + k;
            }
            out.add(name);
        }
        return Collections.unmodifiableList(out);
    }

    /** A lower-case {@code [a-z0-9-]} slug, unique within one report. */
    static String slug(String text, Set<String> taken) {
        StringBuilder sb = new StringBuilder();
        for (char c : text.toLowerCase(Locale.ROOT).toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                sb.append(c);
            } else if (!sb.isEmpty() && sb.charAt(sb.length() - 1) != '-') {
                sb.append('-');
            }
        }
        String base = sb.toString().replaceAll("-+$", "");
        if (base.length() > 60) {
            base = base.substring(0, 60);
        }
        if (base.isEmpty()) {
            base = "chart";
        }
        String s = base;
        for (int i = 2; !taken.add(s); i++) {
            s = base + "-" + i;
        }
        return s;
    }
}
