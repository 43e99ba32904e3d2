package dev.panbench.cli;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** What an interrupted workflow may not leave behind: a process of it still running 20 seconds after it ended. */
final class ProcessesLeft {

    private ProcessesLeft() {
    }

    /** Fails naming every live process {@code ofIt} picks, once 20 seconds have passed with any left. */
    static void none(Predicate<ProcessHandle> ofIt) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        List<String> left;
        do {
            left = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive).filter(ofIt)
                    .map(h -> h.pid() + " " + h.info().commandLine().orElse("")).toList();
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("left running: " + left);
    }

    /** Whether a process's command line names {@code text} (JMH forks name their request files). */
    static Predicate<ProcessHandle> naming(String text) {
        return h -> h.info().commandLine().map(c -> c.contains(text)).orElse(false);
    }
}
