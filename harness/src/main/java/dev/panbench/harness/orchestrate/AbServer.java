package dev.panbench.harness.orchestrate;

import dev.panbench.harness.channel.Channel;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * {@link AbChild} kept alive for many requests: {@code java -cp BUILD dev.panbench.harness.orchestrate.AbServer}
 * reads the path of one {@link AbChildRequest} per line on its standard input, serves it as {@link AbChild} does, and
 * answers on its standard output with {@value #DONE} and the path, once the reply is written. A paired comparison
 * measures one result per request, so a JVM per request would spend more time starting than measuring; this build's
 * JVM starts once. It ends at the end of its input.
 */
public final class AbServer {

    /** The prefix of an answer line; anything else on standard output is not an answer. */
    public static final String DONE = "panbench-ab-served ";

    private AbServer() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream answers = System.out;
        // whatever else prints to standard output goes to the log instead, so answers stay answers
        System.setOut(System.err);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            Path file = Path.of(line.strip());
            AbChildReply reply;
            AbChildRequest request = null;
            try {
                request = Channel.read(file, AbChildRequest.class);
                reply = AbChild.serve(request);
            } catch (IOException | RuntimeException e) {
                reply = AbChildReply.refused("cannot read " + file + ": " + e.getMessage());
            }
            if (request != null && request.reply() != null) {
                AbChild.write(request.reply(), reply);
            }
            answers.println(DONE + file);
            answers.flush();
        }
    }
}
