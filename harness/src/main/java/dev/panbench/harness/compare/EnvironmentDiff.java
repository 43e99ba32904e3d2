package dev.panbench.harness.compare;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.panbench.harness.model.EnvironmentInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The machine fingerprint of two runs compared field by field: OS, architecture, CPU model and cores, JVM vendor and
 * version, and the version and device of each adapter both runs probed. The host name is left out on purpose: CI
 * runners of one kind share hardware but not names.
 */
public final class EnvironmentDiff {

    private EnvironmentDiff() {
    }

    /** One field that differs, with both values as text ({@code null} when absent). */
    @JsonPropertyOrder({"field", "base", "current"})
    public record Difference(String field, String base, String current) {

        @Override
        public String toString() {
            return field + " '" + base + "' vs '" + current + "'";
        }
    }

    public static List<Difference> between(EnvironmentInfo base, EnvironmentInfo current) {
        List<Difference> out = new ArrayList<>();
        if (base == null || current == null) {
            if (base != current) {
                out.add(new Difference("environment", base == null ? null : "recorded",
                        current == null ? null : "recorded"));
            }
            return out;
        }
        field(out, "os", base, current, EnvironmentInfo::os);
        field(out, "arch", base, current, EnvironmentInfo::arch);
        field(out, "cpu.model", base, current, e -> e.cpu() == null ? null : e.cpu().model());
        field(out, "cpu.cores", base, current, e -> e.cpu() == null ? null : e.cpu().cores());
        field(out, "jvm.vendor", base, current, e -> e.jvm() == null ? null : e.jvm().vendor());
        field(out, "jvm.version", base, current, e -> e.jvm() == null ? null : e.jvm().version());
        TreeSet<String> ids = new TreeSet<>(base.adapters().keySet());
        ids.retainAll(current.adapters().keySet());
        for (String id : ids) {
            Map<String, EnvironmentInfo.AdapterInfo> b = base.adapters();
            Map<String, EnvironmentInfo.AdapterInfo> c = current.adapters();
            if (b.get(id).available() && c.get(id).available()) {
                add(out, "adapters." + id + ".version", b.get(id).version(), c.get(id).version());
                add(out, "adapters." + id + ".device", b.get(id).device(), c.get(id).device());
            }
        }
        return out;
    }

    private static void field(List<Difference> out, String name, EnvironmentInfo b, EnvironmentInfo c,
                              Function<EnvironmentInfo, Object> get) {
        add(out, name, get.apply(b), get.apply(c));
    }

    private static void add(List<Difference> out, String name, Object b, Object c) {
        if (!Objects.equals(b, c)) {
            out.add(new Difference(name, b == null ? null : b.toString(), c == null ? null : c.toString()));
        }
    }
}
