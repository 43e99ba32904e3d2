package dev.panbench.harness.channel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.panbench.harness.io.AtomicFiles;
import dev.panbench.harness.io.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The one channel from panbench to every child process it starts: the JMH fork ({@code run/link/ForkRequest},
 * {@code run/link/ForkReply}), the ab child ({@code orchestrate/AbChildRequest}, {@code AbChildReply}) and the Python
 * driver of framework rows ({@code driver/DriverRequest}, {@code DriverEvent}, {@code DriverCommand}). Every message
 * is a typed record written as JSON that says which protocol it speaks ({@link #PROTOCOL}): a request in a file
 * whose name the child gets as its one argument or property, replies as a file or as JSON lines (appended to a file,
 * or on a pipe). A child that speaks another protocol refuses the request and says so.
 */
public final class Channel {

    /** The protocol every message of this build speaks; bumped when a message changes incompatibly. */
    public static final int PROTOCOL = 1;
    /**
     * The system property naming a paired gate's turn table and a fork's name at it ({@code HOST:PORT/NAME}); JMH forks
     * read it (harness/run/Turns), Python drivers get it as {@code PANBENCH_TURNS}.
     */
    public static final String TURNS_PROPERTY = "panbench.turns";

    private static final ObjectWriter LINE = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    private Channel() {
    }

    /** A request or reply: it names the protocol it speaks. */
    public interface Message {
        int protocol();
    }

    /** Whether {@code m} speaks this build's protocol. */
    public static boolean speaks(Message m) {
        return m.protocol() == PROTOCOL;
    }

    /** Why {@code m} cannot be understood here: {@code "<what> speaks protocol N, this build speaks M"}. */
    public static String mismatch(String what, Message m) {
        return what + " speaks protocol " + m.protocol() + ", this build speaks " + PROTOCOL;
    }

    /** Writes one message to {@code file} (a temporary file, then a rename). */
    public static void write(Path file, Message m) {
        try {
            AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(m) + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + m.getClass().getSimpleName(), e);
        }
    }

    /** Reads the message in {@code file}; the caller checks its protocol ({@link #speaks}). */
    public static <T extends Message> T read(Path file, Class<T> type) throws IOException {
        return Json.MAPPER.readValue(file.toFile(), type);
    }

    /** One message as one line of JSON, without its line end. */
    public static String line(Message m) {
        try {
            return LINE.writeValueAsString(m);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + m.getClass().getSimpleName(), e);
        }
    }

    /** The message in one line of JSON; an {@link IOException} when the line is not one. */
    public static <T extends Message> T parseLine(String line, Class<T> type) throws IOException {
        return Json.MAPPER.readValue(line, type);
    }

    /** Appends one message as a line to {@code file}, creating it; several processes may append to one file. */
    public static void append(Path file, Message m) throws IOException {
        Files.writeString(file, line(m) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    /**
     * The messages appended to {@code file} in order, those of this build's protocol only; empty when the file is
     * missing. A line that is not a message (a process killed while writing it) is left out.
     */
    public static <T extends Message> List<T> readLines(Path file, Class<T> type) {
        List<T> out = new ArrayList<>();
        List<String> lines;
        try {
            if (!Files.exists(file)) {
                return out;
            }
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return out;
        }
        for (String l : lines) {
            if (l.isBlank()) {
                continue;
            }
            try {
                T m = parseLine(l, type);
                if (speaks(m)) {
                    out.add(m);
                }
            } catch (IOException | RuntimeException e) {
                // not a whole message: left out
            }
        }
        return out;
    }
}
