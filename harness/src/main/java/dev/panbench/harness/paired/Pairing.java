package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.Time;
import dev.panbench.harness.run.plan.RunSettings;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * How the two forks of a pair share the machine.
 * <ul>
 *   <li>{@code interleaved}: both JVMs start together and take turns, one iteration at a time in an order drawn per
 *       iteration ({@link TurnTable}), so each base iteration lies next to the candidate's same iteration (JMH forks
 *       and panbench's Python driver take turns);</li>
 *   <li>{@code sequential}: one fork after the other, the side that goes first drawn;</li>
 *   <li>{@code duet}: both at once, each pinned to its own CPU (Bulej et al., ICPE 2020).</li>
 * </ul>
 */
public enum Pairing {
    INTERLEAVED, SEQUENTIAL, DUET;

    /** The name on the command line and in {@code comparison.json}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What a terminal prints beside the mode. */
    public String explained() {
        return switch (this) {
            case INTERLEAVED -> "both forks alive, one iteration at a time in turns";
            case SEQUENTIAL -> "one after the other";
            case DUET -> "pinned, one per CPU, at once";
        };
    }

    /**
     * The settings of one side of a pair: one fork; interleaved, the profile's measured time per fork split into turns
     * of at most {@link Defaults#PAIR_TURN} (at most {@link Defaults#PAIR_MAX_TURNS} of them), since the turn
     * is what pairs the two sides in time: the shorter it is, the closer a base iteration lies to its candidate
     * iteration, and the more iteration pairs the median of a pair's ratio has. Quick: 10 turns of 50 ms where the
     * profile says 5 iterations of 100 ms. Explicit iterations or times ({@code explicit}) are kept as given.
     */
    public RunSettings sideSettings(RunSettings settings, boolean explicit) {
        RunSettings one = settings.toBuilder().forks(1).build();
        long turn = Defaults.PAIR_TURN.nanos();
        long iteration = one.measurementTime().nanos();
        if (this != INTERLEAVED || explicit || iteration <= turn) {
            return one;
        }
        long total = iteration * one.iterations();
        int turns = (int) Math.min(Defaults.PAIR_MAX_TURNS, (total + turn - 1) / turn);
        long each = TimeUnit.NANOSECONDS.toMillis(total / turns);
        return one.toBuilder().iterations(turns).measurementTime(Time.millis(each)).build();
    }

    public static Pairing parse(String text, String option) {
        for (Pairing p : values()) {
            if (p.label().equals(text)) {
                return p;
            }
        }
        throw new BadInputException(option + " " + text + ": expected one of "
                + Arrays.stream(values()).map(Pairing::label).collect(Collectors.joining(", ")));
    }
}
