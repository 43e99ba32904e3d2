package dev.panbench.harness.channel;

import dev.panbench.harness.io.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Messages say their protocol; a torn line or another protocol's line is left out, never misread. */
class ChannelTest {

    record Note(int protocol, String text) implements Channel.Message {
    }

    @Test
    void appendedMessagesReadBackInOrderWithoutTornOrForeignLines(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("replies.jsonl");
        assertEquals(List.of(), Channel.readLines(file, Note.class), "no file: no messages");
        Channel.append(file, new Note(Channel.PROTOCOL, "one"));
        Files.writeString(file, "{\"protocol\":1,\"te", java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(file, "\n" + Channel.line(new Note(Channel.PROTOCOL + 1, "future")) + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        Channel.append(file, new Note(Channel.PROTOCOL, "two"));
        assertEquals(List.of(new Note(Channel.PROTOCOL, "one"), new Note(Channel.PROTOCOL, "two")),
                Channel.readLines(file, Note.class));
    }

    @Test
    void aMessageFileSaysItsProtocol(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("request.json");
        Channel.write(file, new Note(Channel.PROTOCOL, "x"));
        assertEquals(Channel.PROTOCOL, Json.MAPPER.readTree(file.toFile()).path("protocol").asInt());
        Note read = Channel.read(file, Note.class);
        assertTrue(Channel.speaks(read));
        assertEquals("the child speaks protocol 7, this build speaks " + Channel.PROTOCOL,
                Channel.mismatch("the child", new Note(7, "x")));
    }

    @Test
    void thePythonDriverRefusesARequestOfAnotherProtocol(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("panbench_driver.py");
        try (InputStream in = dev.panbench.harness.driver.PythonDriver.class
                .getResourceAsStream("panbench_driver.py")) {
            Files.write(script, in.readAllBytes());
        }
        Path request = dir.resolve("request.json");
        Files.writeString(request, "{\"protocol\": " + (Channel.PROTOCOL + 1) + ", \"module\": \"none.py\"}");
        Process p = new ProcessBuilder("python3", script.toString(), request.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue());
        var event = Json.MAPPER.readTree(out);
        assertEquals("error", event.path("event").asText());
        assertEquals(Channel.PROTOCOL, event.path("protocol").asInt());
        assertEquals("asked for driver protocol " + (Channel.PROTOCOL + 1) + ", this driver speaks "
                + Channel.PROTOCOL, event.path("message").asText());
    }
}
