package dev.panbench.harness.spi;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExtraWorkTest {

    @Test
    void parsesWorkloadsAndFractions() {
        assertEquals(Map.of(), ExtraWork.parse(""));
        assertEquals(Map.of("array/sum", 0.1, "array/copy", 2.0), ExtraWork.parse("array/sum=0.1, array/copy=2"));
        assertEquals(Map.of("array/sum", 0.1), ExtraWork.parse(ExtraWork.spec("array/sum", 0.1)));
    }

    @Test
    void refusesAMalformedKnobNamingThePart() {
        for (String bad : new String[]{"array/sum", "=0.1", "array/sum=-0.1", "array/sum=x", "array/sum=11"}) {
            var e = assertThrows(IllegalArgumentException.class, () -> ExtraWork.parse(bad), bad);
            assertTrue(e.getMessage().startsWith(ExtraWork.PROPERTY + " '" + bad + "': expected WORKLOAD=FRACTION"),
                    e.getMessage());
        }
    }
}
