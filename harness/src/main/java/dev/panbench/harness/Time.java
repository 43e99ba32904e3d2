package dev.panbench.harness;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.panbench.harness.BadInputException;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A time as panbench writes it, such as {@code 100ms}, {@code 1s} or {@code 10m}: a JMH iteration time, a warm-up cap,
 * a budget. Parsed once where it comes in, then typed; its text is what options show and results files record.
 */
public record Time(long amount, TimeUnit unit) {

    public static final Time ZERO = seconds(0);

    private static final Pattern TEXT = Pattern.compile("(\\d+)(ns|us|ms|s|m|min)");

    public Time {
        if (amount < 0 || unit == null || unit.compareTo(TimeUnit.MINUTES) > 0) {
            throw new IllegalArgumentException("not a time: " + amount + " " + unit);
        }
    }

    public static Time millis(long n) {
        return new Time(n, TimeUnit.MILLISECONDS);
    }

    public static Time seconds(long n) {
        return new Time(n, TimeUnit.SECONDS);
    }

    public static Time minutes(long n) {
        return new Time(n, TimeUnit.MINUTES);
    }

    /** Reads {@code 500ms}, {@code 1s}, {@code 2m}; bad input names {@code option}. */
    public static Time parse(String text, String option) {
        var m = text == null ? null : TEXT.matcher(text.strip());
        if (m == null || !m.matches()) {
            throw new BadInputException(option + " " + text + ": expected a time such as 500ms, 1s or 2m");
        }
        if (m.group(1).length() > 18) {
            throw new BadInputException(option + " " + text + ": too long (at most 1h per iteration)");
        }
        long n = Long.parseLong(m.group(1));
        return new Time(n, switch (m.group(2)) {
            case "ns" -> TimeUnit.NANOSECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "s" -> TimeUnit.SECONDS;
            default -> TimeUnit.MINUTES;
        });
    }

    @JsonCreator
    static Time fromJson(String text) {
        return parse(text, "time");
    }

    public long nanos() {
        return unit.toNanos(amount);
    }

    public Duration toDuration() {
        return Duration.ofNanos(nanos());
    }

    /** The text form, as a results file records it: {@code 100ms}. */
    @Override
    @JsonValue
    public String toString() {
        return amount + switch (unit) {
            case NANOSECONDS -> "ns";
            case MICROSECONDS -> "us";
            case MILLISECONDS -> "ms";
            case SECONDS -> "s";
            default -> "m";
        };
    }
}
