package dev.panbench.harness.paired;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;

/**
 * Where the rounds get their forks from: {@link ForkLauncher} starts real ones in each build's JVM; a test can stand a
 * simulated machine in its place and drive the same rounds, orders and verdicts.
 */
interface Forks {

    /**
     * One fork's measurement.
     *
     * @param result   the result as the build measured it (ok, failed or skipped)
     * @param refused  why the build refused the request (it has no such result), else null
     * @param seconds  wall time of the launch
     * @param stolen   share of the CPU's time (of every CPU when not pinned) the hypervisor stole during the launch
     * @param cpu      the CPU it was pinned to, -1 for none
     */
    record Reading(BenchResult result, EnvironmentInfo environment, String refused, Instant started, double seconds,
                   double stolen, int cpu) {

        boolean ok() {
            return result != null && result.ok() && !result.samples().isEmpty();
        }
    }

    /** A fork started and not yet awaited. */
    interface Pending {
        Reading await();
    }

    /** Starts one fork of {@code planned} in {@code arm}'s build, pinned to {@code cpu} (-1: not pinned). */
    Pending start(Arm arm, PlannedResult planned, RunSettings settings, Path dir, int cpu, String command);

    /** The forks of one result seated at a turn table ({@link TurnTable}); told as each one ends. */
    interface Table extends AutoCloseable {
        Table NONE = new Table() {
            @Override
            public void ended(String arm) {
            }

            @Override
            public void close() {
            }

            @Override
            public int turns() {
                return 0;
            }
        };

        void ended(String arm);

        /** Turns given so far: one per iteration a fork ran, one per fork's last turn. */
        int turns();

        /** Waits until every fork has left the table. */
        @Override
        void close();
    }

    /** Whether this launcher's forks take turns iteration by iteration (interleaved pairs). */
    default boolean takesTurns() {
        return false;
    }

    /** Seats the forks of the named arms at a turn table, their turns drawn from {@code random}. */
    default Table seat(List<String> arms, Random random) {
        return Table.NONE;
    }
}
