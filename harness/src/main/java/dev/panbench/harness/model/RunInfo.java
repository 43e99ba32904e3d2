package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.Map;

/**
 * When and how a run happened. {@code shard} is {@code I/N} when the run was one shard of several. A run stopped part
 * way records {@value #INTERRUPTED} (the signal, the results planned and finished, the ids left: the file holds only
 * part of the run), a run finished by {@code run --resume} records {@value #RESUMED} (how many times, when, and how
 * many results were finished before the first).
 */
@JsonPropertyOrder({"id", "startedAt", "finishedAt", "command", "git", "shard"})
public record RunInfo(String id, String startedAt, String finishedAt, String command, GitInfo git, String shard,
                      @JsonAnySetter Map<String, Object> extra) {

    public static final String INTERRUPTED = "interrupted";
    public static final String RESUMED = "resumed";

    public RunInfo {
        extra = Extra.copy(extra);
    }

    /**
     * Why the file holds only part of its run, in words ({@code partial: interrupted by SIGINT after 13 of 38
     * results}); null for a whole run.
     */
    @JsonIgnore
    public String partialNote() {
        if (!(extra.get(INTERRUPTED) instanceof Map<?, ?> m)) {
            return null;
        }
        Object signal = m.get("signal");
        return "partial: interrupted" + (signal == null ? "" : " by " + signal) + " after " + m.get("finished")
                + " of " + m.get("planned") + " results";
    }

    /** The ids of the results an interrupted run had not finished, as it recorded them; empty for a whole run. */
    @JsonIgnore
    public List<String> left() {
        if (extra.get(INTERRUPTED) instanceof Map<?, ?> m && m.get("left") instanceof List<?> ids) {
            return ids.stream().map(String::valueOf).toList();
        }
        return List.of();
    }

    /** The planned results an interrupted run did not finish ({@code planned - finished}); 0 for a whole run. */
    @JsonIgnore
    public int missing() {
        if (extra.get(INTERRUPTED) instanceof Map<?, ?> m && m.get("planned") instanceof Number p
                && m.get("finished") instanceof Number f) {
            return Math.max(0, p.intValue() - f.intValue());
        }
        return 0;
    }

    public RunInfo(String id, String startedAt, String finishedAt, String command, GitInfo git, String shard) {
        this(id, startedAt, finishedAt, command, git, shard, null);
    }

    @Override
    @JsonAnyGetter
    public Map<String, Object> extra() {
        return extra;
    }

    /** The commit a run measured, and whether the working tree had uncommitted changes. */
    public record GitInfo(String commit, Boolean dirty) {

        /** How many leading characters of a commit hash every listing and report shows. */
        public static final int SHORT_LENGTH = 10;

        /** A commit hash shortened as every listing and report shows it ({@value #SHORT_LENGTH} characters). */
        public static String shortHash(String commit) {
            return commit == null ? null : commit.substring(0, Math.min(SHORT_LENGTH, commit.length()));
        }
    }
}
