package dev.panbench.harness.driver;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.panbench.harness.channel.Channel;

import java.util.List;
import java.util.Map;

/**
 * What {@code panbench_driver.py} tells {@link PythonDriver}, one JSON line each on its stdout through the
 * {@link Channel}, named by {@code event}. A line of another shape (a framework printing JSON) is {@link Unknown}
 * and ignored, as is an event this reader does not know.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "event", defaultImpl = DriverEvent.Unknown.class)
@JsonSubTypes({
        @JsonSubTypes.Type(value = DriverEvent.Computed.class, name = "computed"),
        @JsonSubTypes.Type(value = DriverEvent.Iteration.class, name = "iteration"),
        @JsonSubTypes.Type(value = DriverEvent.Done.class, name = "done"),
        @JsonSubTypes.Type(value = DriverEvent.Skipped.class, name = "skipped"),
        @JsonSubTypes.Type(value = DriverEvent.Error.class, name = "error")})
sealed interface DriverEvent extends Channel.Message {

    /** One call made; its answer is in the request's output file ({@code kind} array, {@code length} values) or is
     * {@code value} ({@code kind} scalar). The driver waits for a {@link DriverCommand}. */
    record Computed(int protocol, String kind, int length, Object value) implements DriverEvent {
    }

    /** One warm-up or measurement iteration timed (progress only). */
    record Iteration(int protocol, boolean warmup, double ns, long ops) implements DriverEvent {
    }

    /** Every measurement iteration's time per call, the driver's clock, and the framework's facts. */
    record Done(int protocol, List<Double> samples, String timer, Map<String, String> environment)
            implements DriverEvent {
    }

    /** The framework cannot be imported here. */
    record Skipped(int protocol, String reason) implements DriverEvent {
    }

    /** The driver broke down; the trace is in its log. */
    record Error(int protocol, String message) implements DriverEvent {
    }

    /** Not an event of this reader. */
    record Unknown(int protocol) implements DriverEvent {
    }
}
