package dev.panbench.harness.model;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ModeTest {

    @Test
    void modesAreNamedAsJmhWritesThemAndAnotherNameIsRefusedListingThem() {
        assertEquals(Optional.of(Mode.THROUGHPUT), Mode.of("thrpt"));
        assertEquals(Optional.of(Mode.AVERAGE_TIME), Mode.of("avgt"));
        assertEquals(Optional.empty(), Mode.of("Throughput"));
        BadInputException e = assertThrows(BadInputException.class,
                () -> RunSettings.QUICK.toBuilder().mode("ss").build());
        assertEquals("--mode ss: expected avgt, sample or thrpt", e.getMessage());
        assertEquals("avgt", RunSettings.DEFAULT.mode());
    }

    @Test
    void theDefaultThresholdIsWrittenOnceAndReadAsAFraction() {
        assertEquals("5%", Defaults.THRESHOLD);
        assertEquals(0.05, Defaults.THRESHOLD_FRACTION);
    }
}
