package dev.panbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the command line in-process and keeps what it printed. */
record CliRunner(int code, String out, String err) {

    static CliRunner run(String... args) {
        return start(args).finish();
    }

    /** Starts the command line on a thread of its own; what it prints can be read while it runs. */
    static Running start(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CompletableFuture<Integer> code = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> {
            try {
                code.complete(Main.execute(new PrintWriter(out), new PrintWriter(err), args));
            } catch (Throwable t) {
                code.completeExceptionally(t);
            }
        });
        return new Running(code, out, err);
    }

    /** A command line under way. */
    record Running(CompletableFuture<Integer> code, StringWriter out, StringWriter err) {

        /** What it has printed on stderr so far. */
        String errSoFar() {
            return err.toString();
        }

        boolean done() {
            return code.isDone();
        }

        CliRunner finish() {
            try {
                return new CliRunner(code.get(10, TimeUnit.MINUTES), out.toString(), err.toString());
            } catch (Exception e) {
                throw new AssertionError("the command line did not finish: " + e, e);
            }
        }
    }
}
