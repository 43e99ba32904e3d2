package dev.panbench.reports.console;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.reports.view.Numbers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lines under the console table for rows of a user's model ({@code run --model}): what users of
 * {@code onnxruntime_perf_test} read beside the steady latency, from the facts each row recorded: its agreement with
 * the reference (largest absolute and relative error), session or compile time, first inference, p50/p90/p99 and the
 * peak resident set.
 */
final class ModelRowNotes {

    private ModelRowNotes() {
    }

    static List<String> lines(List<BenchResult> results) {
        List<String> out = new ArrayList<>();
        for (BenchResult r : results) {
            Map<String, String> f = r.facts().framework();
            if (!r.ok() || r.stats() == null || !f.containsKey("maxAbsError")) {
                continue;
            }
            var s = r.stats();
            StringBuilder line = new StringBuilder("agrees ").append(r.id()).append(": max abs error ")
                    .append(f.get("maxAbsError")).append(", rel ").append(f.get("maxRelError"));
            if (f.containsKey("reference")) {
                line.append(" against ").append(f.get("reference"));
            }
            if (f.containsKey("sessionMillis")) {
                line.append("; session ").append(f.get("sessionMillis")).append(" ms");
            }
            if (f.containsKey("firstInferenceMillis")) {
                line.append(", first inference ").append(f.get("firstInferenceMillis")).append(" ms");
            }
            line.append("; p50 ").append(Numbers.score(s.p50(), r.unit())).append(", p90 ")
                    .append(Numbers.score(s.p90(), r.unit())).append(", p99 ").append(Numbers.score(s.p99(), r.unit()));
            Long peak = r.facts().peakMemoryBytes();
            if (peak != null) {
                line.append("; peak RSS ").append(Numbers.bytes(peak));
            }
            out.add(line.toString());
        }
        return out;
    }
}
