package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Where a duet can run: two CPUs and taskset, or a reason. */
class DuetTest {

    @Test
    void oneCpuGivesItsReason() {
        assertEquals("a duet pins its two forks to two CPUs; this process may use 1", Duet.unavailableReason(1, true));
        assertEquals("a duet pins its forks with taskset (util-linux), which is not on the PATH",
                Duet.unavailableReason(2, false));
        assertNull(Duet.unavailableReason(16, true));
    }

    @Test
    void requiringADuetWhereNoneCanRunIsBadInput() {
        String why = Duet.unavailableReason();
        assumeTrue(why != null, "a duet can run on this machine");
        assertEquals("--duet: " + why, assertThrows(BadInputException.class, Duet::require).getMessage());
    }

    @Test
    void aDuetCanRunOnThisMachineWhenItHasTwoCpusAndTaskset() {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "this machine has one CPU");
        assumeTrue(Duet.unavailableReason() == null, "taskset is not on the PATH: " + Duet.unavailableReason());
        Duet.require();
    }
}
