package dev.panbench.harness.driver;

import dev.panbench.harness.channel.Channel;

import java.util.Map;

/**
 * What {@link PythonDriver} asks of {@code panbench_driver.py} for one fork, through the {@link Channel}: the file
 * is the driver's one argument.
 *
 * @param module  the file of the adapter's operations ({@code prepare(op, args, inputs)}, {@code environment()})
 * @param inputs  each input's raw little-endian float32 file and its length
 * @param output  where the driver writes an array answer
 */
record DriverRequest(int protocol, String module, String op, Map<String, Object> args, Map<String, Input> inputs,
                     String output, int warmupIterations, long warmupNanos, int iterations, long measurementNanos)
        implements Channel.Message {

    /** One input: a float32 file and how many values it holds. */
    record Input(String path, int length) {
    }
}
