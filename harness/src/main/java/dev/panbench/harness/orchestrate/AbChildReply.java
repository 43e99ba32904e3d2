package dev.panbench.harness.orchestrate;

import dev.panbench.harness.channel.Channel;

import java.nio.file.Path;

/**
 * What an {@link AbChild} answers through the {@link Channel}: where its results are, or why there are none. A round's results file may
 * still hold failed results (a crashed fork); those are pooled as failed, as in any run.
 *
 * @param protocol {@link Channel#PROTOCOL} of the child
 * @param status   {@code measured}: {@code results} names the results file; {@code refused}: the request was bad
 *                 input for this build (an unknown adapter, a filter matching nothing); {@code failed}: the child
 *                 broke down; {@code error} says why for both
 */
public record AbChildReply(int protocol, Status status, Path results, String error) implements Channel.Message {

    public enum Status { measured, refused, failed }

    static AbChildReply measured(Path results) {
        return new AbChildReply(Channel.PROTOCOL, Status.measured, results, null);
    }

    static AbChildReply refused(String error) {
        return new AbChildReply(Channel.PROTOCOL, Status.refused, null, error);
    }

    static AbChildReply failed(String error) {
        return new AbChildReply(Channel.PROTOCOL, Status.failed, null, error);
    }
}
