package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The machine fingerprint of a run: comparisons warn (or refuse) when two runs differ here. */
@JsonPropertyOrder({"os", "arch", "hostname", "cpu", "memoryBytes", "jvm", "adapters"})
public record EnvironmentInfo(String os, String arch, String hostname, Cpu cpu, Long memoryBytes, Jvm jvm,
                              Map<String, AdapterInfo> adapters,
                              @JsonAnySetter Map<String, Object> extra) {

    /**
     * The adapter detail that holds the host's largest (last-level) cache in bytes, for reports to tell a result
     * that ran from cache from one that streamed from memory.
     */
    public static final String LAST_LEVEL_CACHE_BYTES = "cpu.llcBytes";

    public EnvironmentInfo {
        // sorted by id, and kept sorted: Map.copyOf would iterate in an order that changes from one JVM to the next
        adapters = adapters == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(adapters));
        extra = Extra.copy(extra);
    }

    @Override
    @JsonAnyGetter
    public Map<String, Object> extra() {
        return extra;
    }

    /**
     * The one-line summary of a machine every listing shows (baselines, comparison sides, history runs): CPU model
     * and cores, OS and JVM, e.g. {@code AMD EPYC x2, Linux 6.18.44, JVM 25.0.3+9-LTS}.
     */
    public static String summary(EnvironmentInfo env) {
        if (env == null) {
            return "unknown machine";
        }
        StringBuilder sb = new StringBuilder();
        if (env.cpu() != null) {
            sb.append(env.cpu().modelOrUnknown());
            if (env.cpu().cores() != null) {
                sb.append(" x").append(env.cpu().cores());
            }
        }
        if (env.os() != null) {
            sb.append(sb.isEmpty() ? "" : ", ").append(env.os());
        }
        if (env.jvm() != null && env.jvm().version() != null) {
            sb.append(sb.isEmpty() ? "" : ", ").append("JVM ").append(env.jvm().version());
        }
        return sb.isEmpty() ? "unknown machine" : sb.toString();
    }

    @JsonPropertyOrder({"model", "cores", "flags"})
    public record Cpu(String model, Integer cores, List<String> flags) {

        /** The CPU as reports and {@code panbench env} describe it: {@code Intel(R) Xeon(R) Processor, 2 cores}. */
        public String describe() {
            return modelOrUnknown() + (cores == null ? "" : ", " + cores + " cores");
        }

        String modelOrUnknown() {
            return model == null ? "unknown CPU" : model;
        }
    }

    @JsonPropertyOrder({"vendor", "version", "flags"})
    public record Jvm(String vendor, String version, List<String> flags) {
    }

    /** One adapter's probe: available or the reason it is not, plus what it runs on. */
    @JsonPropertyOrder({"available", "reason", "version", "library", "device", "details"})
    public record AdapterInfo(boolean available, String reason, String version, String library, String device,
                              Map<String, String> details) {
    }
}
