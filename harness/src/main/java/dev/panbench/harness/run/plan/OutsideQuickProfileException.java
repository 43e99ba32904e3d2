package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;

import java.util.List;

/**
 * A {@code --quick} run whose {@code --filter} matches only results of the default profile (the quick profile leaves
 * their parameter values out): the message is the one line a user sees; {@link #details()} name the results and the
 * ways to run them, for a command that prints more than one line.
 */
public final class OutsideQuickProfileException extends BadInputException {

    private final List<String> details;

    public OutsideQuickProfileException(String message, List<String> details) {
        super(message);
        this.details = List.copyOf(details);
    }

    /** The matched results, a few by name, then how to run them. */
    public List<String> details() {
        return details;
    }
}
