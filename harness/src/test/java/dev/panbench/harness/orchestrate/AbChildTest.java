package dev.panbench.harness.orchestrate;

import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The typed request and reply between {@code panbench ab} and the child it starts in each build. */
class AbChildTest {

    @Test
    void requestKeepsEverySettingThroughItsFile(@TempDir Path dir) throws Exception {
        RunSettings settings = RunSettings.QUICK.toBuilder().warmupIterations(3).warmupTime("70ms").iterations(4)
                .measurementTime("2s").mode("sample").extraJvmArgs(List.of("-Xmx1g")).build();
        var request = new AbChildRequest(Channel.PROTOCOL, List.of("jvm"), "array/(sum|copy)",
                Map.of("size", List.of("1024", "65536")), settings, dir.resolve("round 1"), "panbench ab (round 1)",
                dir.resolve("round 1/reply.json"));
        Path file = dir.resolve("request.json");
        Files.writeString(file, Json.MAPPER.writeValueAsString(request));
        AbChildRequest read = Json.MAPPER.readValue(file.toFile(), AbChildRequest.class);
        assertEquals(request, read);
        assertEquals("70ms", read.settings().warmupTime().toString());
    }

    @Test
    void replyNamesTheResultsFile(@TempDir Path dir) throws Exception {
        Path reply = dir.resolve("reply.json");
        AbChild.write(reply, AbChildReply.measured(dir.resolve("results.json")));
        AbChildReply read = Json.MAPPER.readValue(reply.toFile(), AbChildReply.class);
        assertEquals(AbChildReply.Status.measured, read.status());
        assertEquals(dir.resolve("results.json"), read.results());
        assertNull(read.error());
        assertEquals(List.of("reply.json"), Files.list(dir).map(p -> p.getFileName().toString()).toList(),
                "written through a temporary file that is gone");
    }

    @Test
    void badSelectionIsARefusalWithTheRunsOwnMessage(@TempDir Path dir) {
        AbChildReply reply = AbChild.serve(new AbChildRequest(Channel.PROTOCOL, List.of("nosuch"), null,
                null, RunSettings.QUICK, dir, "test", dir.resolve("reply.json")));
        assertEquals(AbChildReply.Status.refused, reply.status());
        assertTrue(reply.error().startsWith("--adapter nosuch: unknown adapter"), reply.error());
        assertNull(reply.results());
    }

    @Test
    void requestOfAnotherProtocolIsRefused(@TempDir Path dir) {
        AbChildReply reply = AbChild.serve(new AbChildRequest(Channel.PROTOCOL + 1, List.of(), null, null,
                RunSettings.QUICK, dir, "test", dir.resolve("reply.json")));
        assertEquals(AbChildReply.Status.refused, reply.status());
        assertEquals("asked for ab protocol 2, this build speaks 1", reply.error());
    }

    @Test
    void buildWithoutTheChildEntryPointIsRefused(@TempDir Path dir) throws Exception {
        Build old = Build.of("BASE_BUILD", dir.toString());
        var e = assertThrows(dev.panbench.harness.BadInputException.class,
                () -> old.requireClass(AbChild.class.getName()));
        assertEquals("BASE_BUILD " + dir + ": has no dev.panbench.harness.orchestrate.AbChild (a build older than"
                + " panbench ab's typed child protocol); build it from a newer commit", e.getMessage());
        Path classes = dir.resolve("dev/panbench/harness/orchestrate");
        Files.createDirectories(classes);
        Files.write(classes.resolve("AbChild.class"), new byte[]{1});
        old.requireClass(AbChild.class.getName());
        Path jar = dir.resolve("new.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("dev/panbench/harness/orchestrate/AbChild.class"));
            out.write(1);
        }
        Build.of("CANDIDATE_BUILD", jar.toString()).requireClass(AbChild.class.getName());
        assertThrows(dev.panbench.harness.BadInputException.class,
                () -> Build.of("CANDIDATE_BUILD", jar.toString()).requireClass("dev.panbench.cli.Main"));
    }
}
