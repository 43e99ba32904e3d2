package dev.panbench.harness.run.link;

import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.io.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What forks append reads back as the runner needs it: the first problem, device times and facts, fork by fork. */
class ForkReplyTest {

    @Test
    void repliesOfSeveralForksReadBackTyped(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("fork-replies.jsonl");
        ForkFacts facts = new ForkFacts(4096L, Map.of("settled", true), List.of(0L, 3L), List.of(0.0, 0.25));
        Channel.append(file, new ForkReply.DeviceTime(Channel.PROTOCOL, 1000, 10));
        Channel.append(file, new ForkReply.Facts(Channel.PROTOCOL, facts));
        Channel.append(file, new ForkReply.Skipped(Channel.PROTOCOL, "no device"));
        Channel.append(file, new ForkReply.Failed(Channel.PROTOCOL, "later"));
        assertEquals("deviceTime", Json.MAPPER.readTree(Channel.line(new ForkReply.DeviceTime(1, 1, 1)))
                .path("kind").asText(), "each line names its kind");
        ForkReply.All all = ForkReply.All.read(file);
        assertEquals(new ForkReply.Skipped(Channel.PROTOCOL, "no device"), all.firstProblem());
        assertEquals(List.of(new ForkReply.DeviceTime(Channel.PROTOCOL, 1000, 10)), all.deviceTimes());
        assertEquals(List.of(facts), all.facts());
        assertEquals(List.of(2), all.facts().getFirst().compilingIterations());
    }
}
