package dev.panbench.reports;

import dev.panbench.reports.view.Numbers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NumbersTest {

    @Test
    void aTimePerOperationReadsInTheBestTimeUnitWhateverUnitItWasMeasuredIn() {
        assertEquals("0.53 ns", Numbers.score(0.53, "ns/op"));
        assertEquals("1.00 us", Numbers.score(1000, "ns/op"));
        assertEquals("592 us", Numbers.score(0.592, "ms/op"));
        assertEquals("45.6 us", Numbers.score(45.6, "us/op"));
        assertEquals("2.50 s", Numbers.score(2.5, "s/op"));
        assertEquals("999 ns", Numbers.score(0.999, "us/op"));
    }

    @Test
    void throughputAndUnknownUnitsKeepTheirUnit() {
        assertEquals("1.52 ops/us", Numbers.score(1.52, "ops/us"));
        assertEquals("3890 ops/s", Numbers.score(3890, "ops/s"));
        assertEquals("12.0 widgets", Numbers.score(12, "widgets"));
        assertEquals("7.00", Numbers.score(7, null));
    }

    @Test
    void chartAxesAndTextPickTheSameTimeUnit() {
        assertEquals(new Numbers.TimeScale("us", 1e3), Numbers.TimeScale.of(999_999));
        assertEquals(new Numbers.TimeScale("ms", 1e6), Numbers.TimeScale.of(1e6));
        assertEquals("1.00 ms", Numbers.time(1e6));
    }
}
