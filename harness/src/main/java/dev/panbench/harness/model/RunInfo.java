package dev.panbench.harness.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Map;

/** When and how a run happened. {@code shard} is {@code I/N} when the run was one shard of several. */
@JsonPropertyOrder({"id", "startedAt", "finishedAt", "command", "git", "shard"})
public record RunInfo(String id, String startedAt, String finishedAt, String command, GitInfo git, String shard,
                      @JsonAnySetter Map<String, Object> extra) {

    public RunInfo {
        extra = Extra.copy(extra);
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
