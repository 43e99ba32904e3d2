package dev.panbench.harness.driver;

import dev.panbench.harness.channel.Channel;

/**
 * What {@link PythonDriver} answers {@code panbench_driver.py} once the answer of its first call is checked, one JSON
 * line on its stdin: {@code time} (the answer is right: time it) or {@code stop}.
 */
record DriverCommand(int protocol, String command) implements Channel.Message {

    static final DriverCommand TIME = new DriverCommand(Channel.PROTOCOL, "time");
    static final DriverCommand STOP = new DriverCommand(Channel.PROTOCOL, "stop");
}
