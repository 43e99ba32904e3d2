package dev.panbench.cli;

import dev.panbench.harness.baseline.ResultSource;

import java.io.PrintWriter;

/** Says on stderr which inputs were another harness's output, and as what they were read. */
final class Detected {

    private Detected() {
    }

    static void say(PrintWriter err, ResultSource... sources) {
        for (ResultSource s : sources) {
            if (s.detected() != null) {
                err.println(s.detected());
            }
        }
        err.flush();
    }
}
