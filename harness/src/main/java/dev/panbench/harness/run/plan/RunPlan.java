package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.io.Printable;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.Availability;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Expands adapters and workloads into the list of results a run produces: the cartesian product of parameter values
 * in declared order (a parameter at its implied value left out, {@link ParamSpec#implied}), {@code --param}
 * overrides, the {@code --filter} regex on result ids, and the {@code --shard} split (round-robin over the expanded
 * list, so shards are balanced and deterministic).
 */
public final class RunPlan {

    private RunPlan() {
    }

    /** A shard {@code index/count}, 1-based. */
    public record Shard(int index, int count) {

        public static Shard parse(String text) {
            var m = Pattern.compile("(\\d+)/(\\d+)").matcher(text == null ? "" : text.trim());
            if (!m.matches() || m.group(1).length() > 6 || m.group(2).length() > 6) {
                throw new BadInputException("--shard " + Printable.of(text) + ": expected I/N, e.g. 1/4");
            }
            int i = Integer.parseInt(m.group(1));
            int n = Integer.parseInt(m.group(2));
            if (n < 1 || i < 1 || i > n) {
                throw new BadInputException("--shard " + Printable.of(text) + ": expected 1 <= I <= N");
            }
            return new Shard(i, n);
        }

        @Override
        public String toString() {
            return index + "/" + count;
        }
    }

    /** Parses {@code K=V1,V2} into the parameter name and its values. */
    public static Map.Entry<String, List<String>> parseParam(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new BadInputException("--param " + Printable.of(text) + ": expected K=V1,V2,... (e.g. size=1024,65536)");
        }
        String key = text.substring(0, eq).trim();
        if (!key.matches("[A-Za-z0-9_.-]+")) {
            throw new BadInputException("--param " + Printable.of(text) + ": name '" + Printable.of(key)
                    + "' must be letters, digits or ._-");
        }
        List<String> values = new ArrayList<>();
        for (String v : text.substring(eq + 1).split(",", -1)) {
            String t = v.trim();
            if (t.isEmpty() || !t.matches("[A-Za-z0-9_.+:-]+")) {
                throw new BadInputException("--param " + Printable.of(text) + ": value '" + Printable.of(t)
                        + "' must be non-empty letters, digits or ._+:-");
            }
            values.add(t);
        }
        return Map.entry(key, values);
    }

    public static Pattern compileFilter(String regex) {
        return compileFilter(regex, "--filter");
    }

    /** A regular expression given with {@code option}; a bad one is bad input naming that option. */
    public static Pattern compileFilter(String regex, String option) {
        if (regex == null) {
            return null;
        }
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new BadInputException(option + " " + Printable.of(regex) + ": not a valid regular expression ("
                    + e.getDescription() + " near index " + e.getIndex() + ")");
        }
    }

    /**
     * A {@code --param} value the workload cannot take (a negative size, say) is bad input before anything runs,
     * not an internal error halfway through the run: its declared counts are computed here once.
     */
    private static void checkAccepted(WorkloadSpec spec, ResultId id, Params params) {
        try {
            spec.counts().apply(params);
        } catch (RuntimeException e) {
            throw new BadInputException("--param: " + id + " is not a valid combination for " + spec.name()
                    + " (" + Printable.of(String.valueOf(e.getMessage())) + ")");
        }
    }

    public static List<PlannedResult> expand(List<Adapter> adapters, Map<String, List<String>> overrides,
                                             Pattern filter, Shard shard) {
        return expand(adapters, overrides, filter, shard, false);
    }

    /**
     * @param quickRun expand each parameter's quick values ({@link ParamSpec#quick}) where {@code --param} names none,
     *                 and, without a {@code filter}, leave out the workloads that belong to the default profile
     *                 ({@link WorkloadSpec#quick})
     */
    public static List<PlannedResult> expand(List<Adapter> adapters, Map<String, List<String>> overrides,
                                             Pattern filter, Shard shard, boolean quickRun) {
        Map<String, List<String>> ov = overrides == null ? Map.of() : overrides;
        Set<String> declared = new TreeSet<>();
        List<PlannedResult> all = new ArrayList<>();
        for (Adapter adapter : adapters) {
            // probed only when one of its ids is selected: a filter that leaves an adapter out never loads its library
            Availability adapterAvailability = null;
            for (WorkloadSpec spec : adapter.workloads()) {
                spec.params().forEach(p -> declared.add(p.name()));
                if (quickRun && filter == null && !spec.quick()) {
                    continue;
                }
                for (Params params : product(spec.params(), ov, quickRun)) {
                    ResultId id = new ResultId(adapter.id(), spec.name(), params);
                    if (filter != null && !filter.matcher(id.toString()).find()) {
                        continue;
                    }
                    if (adapterAvailability == null) {
                        adapterAvailability = adapter.probe();
                    }
                    if (!ov.isEmpty()) {
                        checkAccepted(spec, id, params);
                    }
                    Availability a = adapterAvailability.available() ? spec.availability().apply(params)
                            : adapterAvailability;
                    all.add(new PlannedResult(id, adapter, spec, params, a));
                }
            }
        }
        for (String key : ov.keySet()) {
            if (!declared.contains(key)) {
                throw new BadInputException("--param " + key + ": no selected workload declares this parameter"
                        + (declared.isEmpty() ? "" : " (declared: " + String.join(", ", declared) + ")"));
            }
        }
        if (shard == null || shard.count() == 1) {
            return all;
        }
        List<PlannedResult> mine = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (i % shard.count() == shard.index() - 1) {
                mine.add(all.get(i));
            }
        }
        return mine;
    }

    /** How many matched ids the error names before it says how many more there are. */
    private static final int NAMED_IDS = 4;

    /**
     * Why a {@code --quick} run with a {@code filter} planned nothing, where the default profile has results the filter
     * matches (the quick profile leaves their parameter values out): which ones, and the two ways to run them. Empty
     * where the default profile matches nothing either.
     */
    public static Optional<OutsideQuickProfileException> outsideQuickProfile(List<Adapter> adapters,
                                                                             Map<String, List<String>> overrides,
                                                                             Pattern filter, Shard shard) {
        Map<String, List<String>> ov = overrides == null ? Map.of() : overrides;
        List<PlannedResult> matched = filter == null ? List.of() : expand(adapters, ov, filter, shard, false);
        if (matched.isEmpty()) {
            return Optional.empty();
        }
        // the values the quick profile leaves out, per parameter, and every value the matched results take of it
        Map<String, Set<String>> missing = new LinkedHashMap<>();
        Map<String, Set<String>> taken = new LinkedHashMap<>();
        for (PlannedResult r : matched) {
            for (ParamSpec p : r.spec().params()) {
                String v = p.valueIn(r.params());
                taken.computeIfAbsent(p.name(), k -> new LinkedHashSet<>()).add(v);
                if (!ov.containsKey(p.name()) && !p.quick().contains(v)) {
                    missing.computeIfAbsent(p.name(), k -> new LinkedHashSet<>()).add(v);
                }
            }
        }
        String message = "nothing to run: --filter " + filter.pattern() + " matches " + matched.size()
                + (matched.size() == 1 ? " result" : " results") + " of the default profile only"
                + (missing.isEmpty() ? "" : " (--quick leaves out " + words(missing, " ") + ")");
        List<String> details = new ArrayList<>();
        matched.stream().limit(NAMED_IDS).forEach(r -> details.add(r.id().toString()));
        if (matched.size() > NAMED_IDS) {
            details.add("and " + (matched.size() - NAMED_IDS) + " more");
        }
        String howToRun = "to run them: drop --quick";
        if (!missing.isEmpty()) {
            Map<String, Set<String>> suggested = new LinkedHashMap<>();
            missing.keySet().forEach(k -> suggested.put(k, taken.get(k)));
            Map<String, List<String>> withParams = new LinkedHashMap<>(ov);
            suggested.forEach((k, v) -> withParams.put(k, List.copyOf(v)));
            try {
                int n = expand(adapters, withParams, filter, shard, true).size();
                if (n > 0) {
                    howToRun += ", or keep it and add --param " + words(suggested, " --param ") + " (" + n
                            + (n == 1 ? " result" : " results") + " with the quick profile's other values)";
                }
            } catch (BadInputException e) {
                // a value another selected workload cannot take: dropping --quick is the way
            }
        }
        details.add(howToRun);
        return Optional.of(new OutsideQuickProfileException(message, details));
    }

    /** {@code size=1024 dtype=f16} out of the parameters' values, joined by {@code separator}. */
    private static String words(Map<String, Set<String>> values, String separator) {
        List<String> out = new ArrayList<>();
        values.forEach((k, v) -> out.add(k + "=" + String.join(",", v)));
        return String.join(separator, out);
    }

    /**
     * The planned results of ids named one by one (a re-run of flagged results, say), in the order given; an id no
     * adapter on the class path declares is bad input.
     */
    public static List<PlannedResult> of(Adapters adapters, List<ResultId> ids) {
        List<PlannedResult> out = new ArrayList<>();
        for (ResultId id : ids) {
            Adapter adapter = adapters.byId(id.adapter());
            WorkloadSpec spec = declaration(adapter, id);
            Availability a = adapter.probe();
            out.add(new PlannedResult(id, adapter, spec, id.params(),
                    a.available() ? spec.availability().apply(id.params()) : a));
        }
        return out;
    }

    /** The workload an id names, its parameters checked against the declaration (names and order). */
    public static WorkloadSpec declaration(Adapter adapter, ResultId id) {
        WorkloadSpec spec = adapter.workloads().stream().filter(s -> s.name().equals(id.workload())).findFirst()
                .orElseThrow(() -> new BadInputException(id + ": no workload " + id.workload() + " in "
                        + adapter.id()));
        List<String> declared = spec.params().stream().map(ParamSpec::name).toList();
        // a parameter at its implied value is left out of the id (ParamSpec.implied), never written at it
        List<String> named = spec.params().stream()
                .filter(p -> p.implied() == null || id.params().values().containsKey(p.name()))
                .map(ParamSpec::name).toList();
        if (!named.equals(List.copyOf(id.params().values().keySet()))) {
            throw new BadInputException(id + ": parameters differ from the declaration " + declared);
        }
        for (ParamSpec p : spec.params()) {
            if (p.leftOutAt(id.params().get(p.name(), null))) {
                throw new BadInputException(id + ": " + p.name() + "=" + p.implied()
                        + " is implied, and ids leave it out");
            }
        }
        return spec;
    }

    private static List<Params> product(List<ParamSpec> specs, Map<String, List<String>> overrides,
                                        boolean quickRun) {
        List<Map<String, String>> acc = new ArrayList<>();
        acc.add(new LinkedHashMap<>());
        for (ParamSpec p : specs) {
            List<String> values = overrides.getOrDefault(p.name(), p.values(quickRun));
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : acc) {
                for (String v : values) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    if (!p.leftOutAt(v)) {
                        m.put(p.name(), v);
                    }
                    next.add(m);
                }
            }
            acc = next;
        }
        return acc.stream().map(Params::new).toList();
    }
}
