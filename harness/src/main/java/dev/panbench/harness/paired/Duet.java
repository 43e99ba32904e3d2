package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a duet can run here: the two forks of a pair at the same moment, each pinned to a CPU of its own with
 * {@code taskset} (Bulej et al., "Duet Benchmarking", ICPE 2020). It needs two CPUs this process may use and taskset
 * on the PATH.
 */
public final class Duet {

    private Duet() {
    }

    /** Why a duet cannot run here, or null where it can. */
    public static String unavailableReason() {
        return unavailableReason(Runtime.getRuntime().availableProcessors(), onPath("taskset"));
    }

    static String unavailableReason(int cpus, boolean taskset) {
        if (cpus < 2) {
            return "a duet pins its two forks to two CPUs; this process may use " + cpus;
        }
        if (!taskset) {
            return "a duet pins its forks with taskset (util-linux), which is not on the PATH";
        }
        return null;
    }

    static void require() {
        String why = unavailableReason();
        if (why != null) {
            throw new BadInputException("--duet: " + why);
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p)) {
                return true;
            }
        }
        return false;
    }
}
