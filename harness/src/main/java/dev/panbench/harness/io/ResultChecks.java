package dev.panbench.harness.io;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.SampleStats;
import dev.panbench.harness.model.Units;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a result must be to be compared, gated, saved or reported, checked on every read: an id (printable, once per
 * file), a status, and for a measured result a known unit and samples that are all positive, finite numbers. A
 * failed or skipped result may have no samples. Each problem is one message naming the field.
 */
final class ResultChecks {

    private final Set<String> ids = new HashSet<>();

    void check(BenchResult r, String at) {
        if (r.id() == null) {
            throw fail(at + ".id", "missing, expected a result id such as jvm/call/empty");
        }
        String id = r.id().toString();
        printable(at + ".id", id);
        if (!ids.add(id)) {
            throw fail(at + ".id", Printable.quote(id) + " appears twice in the file; ids are unique");
        }
        if (r.status() == null) {
            throw fail(at + ".status", "missing, expected one of ok, failed, skipped");
        }
        if (r.ok()) {
            if (r.unit() == null || r.unit().isBlank()) {
                throw fail(at + ".unit", "missing, expected a unit such as ns/op or ops/s");
            }
            if (Double.isNaN(Units.secondsPerOp(1, r.unit()))) {
                throw fail(at + ".unit", "expected one of " + String.join(", ", Units.KNOWN) + ", found "
                        + Printable.quote(r.unit()));
            }
            if (r.samples().isEmpty()) {
                throw fail(at + ".samples", "empty, a result with status ok has at least one sample");
            }
        }
        for (int f = 0; f < r.forks().size(); f++) {
            samples(r.forks().size() == 1 ? at + ".samples" : at + ".forks[" + f + "]", r.forks().get(f));
        }
        stats(at + ".stats", r.stats());
    }

    static void samples(String field, List<Double> samples) {
        for (int i = 0; i < samples.size(); i++) {
            Double v = samples.get(i);
            if (v == null || !Double.isFinite(v) || v <= 0) {
                throw fail(field + "[" + i + "]", "expected a positive, finite number, found " + v);
            }
        }
    }

    private static void stats(String field, SampleStats s) {
        if (s == null) {
            return;
        }
        double[] values = {s.mean(), s.median(), s.stddev(), s.min(), s.max(), s.p50(), s.p90(), s.p99()};
        String[] names = {"mean", "median", "stddev", "min", "max", "p50", "p90", "p99"};
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i]) || values[i] < 0) {
                throw fail(field + "." + names[i], "expected a finite number of 0 or more, found " + values[i]);
            }
        }
        if (s.n() < 0) {
            throw fail(field + ".n", "expected 0 or more, found " + s.n());
        }
    }

    private static void printable(String field, String value) {
        if (Printable.hasControl(value)) {
            throw fail(field, "control characters are not allowed (found " + Printable.quote(value) + ")");
        }
    }

    private static BindingErrors.Failure fail(String field, String why) {
        return new BindingErrors.Failure("field '" + Printable.of(field) + "': " + why);
    }
}
