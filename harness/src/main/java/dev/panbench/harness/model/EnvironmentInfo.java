package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.Map;

/** The machine fingerprint of a run: comparisons warn (or refuse) when two runs differ here. */
@JsonPropertyOrder({"os", "arch", "hostname", "cpu", "memoryBytes", "jvm", "adapters"})
public record EnvironmentInfo(String os, String arch, String hostname, Cpu cpu, Long memoryBytes, Jvm jvm,
                              Map<String, AdapterInfo> adapters,
                              @JsonAnySetter Map<String, Object> extra) {

    public EnvironmentInfo {
        adapters = adapters == null ? Map.of() : Map.copyOf(new java.util.TreeMap<>(adapters));
        extra = Extra.copy(extra);
    }

    @Override
    @JsonAnyGetter
    public Map<String, Object> extra() {
        return extra;
    }

    @JsonPropertyOrder({"model", "cores", "flags"})
    public record Cpu(String model, Integer cores, List<String> flags) {
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
