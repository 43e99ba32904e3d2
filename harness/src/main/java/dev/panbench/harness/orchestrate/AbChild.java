package dev.panbench.harness.orchestrate;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.run.RunSession;
import dev.panbench.harness.run.measure.ProgressListener;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunRequest;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The entry point a paired comparison ({@code dev.panbench.harness.paired}) starts inside each build: {@code java -cp BUILD
 * dev.panbench.harness.orchestrate.AbChild REQUEST.json}. It reads an {@link AbChildRequest} from the
 * {@link Channel}, runs it with this
 * build's harness and adapters, and writes an {@link AbChildReply} where the request says; the reply, not the exit
 * code or the output, is the answer. Its output is the round's log.
 */
public final class AbChild {

    private AbChild() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: AbChild REQUEST.json (started by panbench ab)");
            System.exit(2);
        }
        AbChildRequest request;
        try {
            request = Channel.read(Path.of(args[0]), AbChildRequest.class);
        } catch (IOException | RuntimeException e) {
            System.err.println("panbench ab child: cannot read " + args[0] + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        AbChildReply reply = serve(request);
        write(request.reply(), reply);
        System.exit(reply.status() == AbChildReply.Status.measured ? 0 : 1);
    }

    /** Runs one request in this JVM and says how it went; never throws for a bad request. */
    static AbChildReply serve(AbChildRequest request) {
        if (!Channel.speaks(request)) {
            return AbChildReply.refused("asked for ab protocol " + request.protocol() + ", this build speaks "
                    + Channel.PROTOCOL);
        }
        try {
            RunSession session = new RunSession(Adapters.load(), true, System.err::println);
            return AbChildReply.measured(session.run(new RunRequest(request.adapterIds(), request.filter(),
                    request.params(), request.settings(), null, request.outDir(), request.command()),
                    new LogProgress()).written());
        } catch (BadInputException e) {
            return AbChildReply.refused(e.getMessage());
        } catch (RuntimeException e) {
            e.printStackTrace();
            return AbChildReply.failed(e.toString());
        }
    }

    static void write(Path file, AbChildReply reply) {
        Channel.write(file, reply);
    }

    /** One line per result in the round's log. */
    private static final class LogProgress implements ProgressListener {

        @Override
        public void started(int index, int total, PlannedResult planned) {
            System.err.println("[" + index + "/" + total + "] " + planned.id());
        }

        @Override
        public void finished(int index, int total, BenchResult result) {
            System.err.println("[" + index + "/" + total + "] " + result.id() + " " + result.status()
                    + (result.error() == null ? "" : ": " + result.error()));
        }
    }
}
