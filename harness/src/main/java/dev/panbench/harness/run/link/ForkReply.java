package dev.panbench.harness.run.link;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.panbench.harness.channel.Channel;

import java.nio.file.Path;
import java.util.List;

/**
 * What a JMH fork tells the runner beyond JMH's scores, one JSON line each through the {@link Channel}: why it could
 * not run the workload ({@code failed}, {@code skipped}), the device's own time of each measurement iteration of a
 * device-timed workload ({@code deviceTime}), and when its trial ends its {@link ForkFacts} ({@code facts}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ForkReply.Failed.class, name = "failed"),
        @JsonSubTypes.Type(value = ForkReply.Skipped.class, name = "skipped"),
        @JsonSubTypes.Type(value = ForkReply.DeviceTime.class, name = "deviceTime"),
        @JsonSubTypes.Type(value = ForkReply.Facts.class, name = "facts")})
public sealed interface ForkReply extends Channel.Message {

    /** The workload failed in setup, verification or a call; {@code reason} is one line. */
    record Failed(int protocol, String reason) implements ForkReply {
    }

    /** The workload cannot run here (a library missing in the fork, say). */
    record Skipped(int protocol, String reason) implements ForkReply {
    }

    /** One measurement iteration's device time: {@code nanos} over {@code operations}. */
    record DeviceTime(int protocol, long nanos, long operations) implements ForkReply {
    }

    /** One fork's facts, sent when its trial ends. */
    record Facts(int protocol, ForkFacts facts) implements ForkReply {
    }

    /** Every reply of every fork of one result, in the order they were written. */
    public record All(List<ForkReply> replies) {

        static All read(Path file) {
            return new All(Channel.readLines(file, ForkReply.class));
        }

        /** The first failure or skip any fork reported; null when none did. */
        public ForkReply firstProblem() {
            return replies.stream().filter(r -> r instanceof Failed || r instanceof Skipped).findFirst().orElse(null);
        }

        public List<DeviceTime> deviceTimes() {
            return replies.stream().filter(DeviceTime.class::isInstance).map(DeviceTime.class::cast).toList();
        }

        public List<ForkFacts> facts() {
            return replies.stream().filter(Facts.class::isInstance).map(r -> ((Facts) r).facts()).toList();
        }
    }
}
