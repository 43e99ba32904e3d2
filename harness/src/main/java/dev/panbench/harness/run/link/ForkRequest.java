package dev.panbench.harness.run.link;

import dev.panbench.harness.channel.Channel;

import java.nio.file.Path;

/**
 * What the runner asks of each JMH fork beyond JMH's own options, through the {@link Channel}: the file is named by
 * the fork's one system property {@value #PROPERTY}; the result id itself travels as JMH's {@code @Param id}.
 *
 * @param protocol            {@link Channel#PROTOCOL}
 * @param adaptiveWarmupNanos the cap of the adaptive warm-up in nanoseconds; 0: none
 * @param replies             where the fork appends its {@link ForkReply} lines (every fork of one result the same)
 */
record ForkRequest(int protocol, long adaptiveWarmupNanos, Path replies) implements Channel.Message {

    /** The system property naming the request file in a fork. */
    static final String PROPERTY = "panbench.fork.request";
}
