package dev.panbench.harness;

/**
 * Bad usage or unreadable input: the message is the one line a user sees (which file or option, what was expected),
 * and the command exits with code 2.
 */
public class BadInputException extends RuntimeException {

    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
