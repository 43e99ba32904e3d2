package dev.panbench.harness.run.measure;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A request to stop a run part way (SIGINT or SIGTERM): the run ends its current row unmeasured, keeps the rows it
 * finished and writes them ({@link RunSession}). Once asked, the processes the run started since it began measuring
 * (JMH forks, framework drivers) are ended, and any a JMH runner still starts for the row is ended as it appears, so
 * the row returns at once and nothing the run started outlives it.
 */
public final class RunStop {

    /** The stop that this process's signals ask for (the command line installs the handlers). */
    private static final RunStop PROCESS = new RunStop();

    private static final long REAP_EVERY_MILLIS = 50;
    private static final long GRACE_MILLIS = 2_000;

    private volatile String signal;
    private volatile int exitCode;
    private volatile boolean measuring;
    private volatile Set<Long> before = Set.of();

    public static RunStop process() {
        return PROCESS;
    }

    /** A stop of its own, for a run that no signal reaches (tests). */
    public static RunStop own() {
        return new RunStop();
    }

    /** Whether a run is measuring now, so that a signal stops it instead of ending the process. */
    public boolean measuring() {
        return measuring;
    }

    public boolean requested() {
        return signal != null;
    }

    /** The signal that asked, {@code SIGINT} or {@code SIGTERM}; null before any. */
    public String signal() {
        return signal;
    }

    /** What the process exits with once the run is written: 128 plus the signal's number (130, 143). */
    public int exitCode() {
        return exitCode;
    }

    /**
     * Asks the run to stop; the first ask wins and starts ending its processes.
     *
     * @return whether this was the first ask
     */
    public synchronized boolean request(String signalName, int code) {
        if (signal != null) {
            return false;
        }
        signal = signalName;
        exitCode = code;
        if (measuring) {
            Thread.ofPlatform().daemon().name("panbench-stop").start(this::reap);
        }
        return true;
    }

    /** Ends every process this run started at once (a second signal), leaving what was already written. */
    public void endProcessesNow() {
        started().forEach(ProcessHandle::destroyForcibly);
    }

    /** From now on a signal stops the measuring instead of ending the process; the processes started since are ended. */
    public synchronized void beginMeasuring() {
        before = ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
        measuring = true;
        if (signal != null) {
            Thread.ofPlatform().daemon().name("panbench-stop").start(this::reap);
        }
    }

    /** Stops measuring; a stopped run first waits for the processes it started to end, so none outlives it. */
    public synchronized void endMeasuring() {
        measuring = false;
        if (signal == null) {
            return;
        }
        for (ProcessHandle p : started().toList()) {
            p.destroy();
            try {
                p.onExit().get(GRACE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
                try {
                    p.onExit().get(GRACE_MILLIS, TimeUnit.MILLISECONDS);
                } catch (Exception ignored) {
                    // a process that outlives SIGKILL is the kernel's to end
                }
            }
        }
    }

    /** Ends the run's processes politely (SIGTERM), then forcibly after a grace, until the run stops measuring. */
    private void reap() {
        Set<Long> asked = new java.util.HashSet<>();
        while (measuring) {
            for (ProcessHandle p : started().toList()) {
                if (!asked.add(p.pid())) {
                    continue;
                }
                p.destroy();
                Thread.ofPlatform().daemon().start(() -> {
                    try {
                        p.onExit().get(GRACE_MILLIS, TimeUnit.MILLISECONDS);
                    } catch (Exception e) {
                        p.destroyForcibly();
                    }
                });
            }
            try {
                Thread.sleep(REAP_EVERY_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private java.util.stream.Stream<ProcessHandle> started() {
        Set<Long> old = before;
        return ProcessHandle.current().descendants().filter(p -> !old.contains(p.pid()) && p.isAlive());
    }
}
