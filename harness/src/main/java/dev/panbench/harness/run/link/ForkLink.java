package dev.panbench.harness.run.link;

import dev.panbench.harness.channel.Channel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The runner's end of the link to the forks of one result: the request file every fork reads
 * ({@code fork-request-<name>.json}: where to reply, how long to warm up adaptively), the replies file they append to
 * ({@code fork-replies-<name>.jsonl}), and the fork flags that point a fork at the request.
 */
public final class ForkLink {

    private final Path requestFile;
    private final Path repliesFile;
    private final long adaptiveWarmupNanos;

    private ForkLink(Path requestFile, Path repliesFile, long adaptiveWarmupNanos) {
        this.requestFile = requestFile.toAbsolutePath();
        this.repliesFile = repliesFile.toAbsolutePath();
        this.adaptiveWarmupNanos = adaptiveWarmupNanos;
    }

    /**
     * Writes the request of the forks named {@code name} in {@code dir}, and clears replies an earlier run left there.
     *
     * @param adaptiveWarmupNanos the cap of each fork's adaptive warm-up; 0: none
     */
    public static ForkLink open(Path dir, String name, long adaptiveWarmupNanos) throws IOException {
        Files.createDirectories(dir);
        ForkLink link = new ForkLink(dir.resolve("fork-request-" + name + ".json"),
                dir.resolve("fork-replies-" + name + ".jsonl"), adaptiveWarmupNanos);
        Files.deleteIfExists(link.repliesFile);
        Channel.write(link.requestFile, new ForkRequest(Channel.PROTOCOL, adaptiveWarmupNanos, link.repliesFile));
        return link;
    }

    /** The fork flags this link needs: the request's file, and what the adaptive warm-up needs when it runs. */
    public List<String> jvmArgs() {
        List<String> args = new ArrayList<>();
        args.add("-D" + ForkRequest.PROPERTY + "=" + requestFile);
        if (adaptiveWarmupNanos > 0) {
            args.addAll(AdaptiveWarmup.JVM_FLAGS);
        }
        return args;
    }

    /**
     * Calls {@code jmh} with the request also named in this JVM's properties, where a run without forks (JMH in this
     * JVM) reads it; the property is as it was afterwards.
     */
    public <T> T whileRequested(Callable<T> jmh) throws Exception {
        String previous = System.getProperty(ForkRequest.PROPERTY);
        System.setProperty(ForkRequest.PROPERTY, requestFile.toString());
        try {
            return jmh.call();
        } finally {
            if (previous == null) {
                System.clearProperty(ForkRequest.PROPERTY);
            } else {
                System.setProperty(ForkRequest.PROPERTY, previous);
            }
        }
    }

    /** Every reply the forks wrote, in order. */
    public ForkReply.All replies() {
        return ForkReply.All.read(repliesFile);
    }
}
