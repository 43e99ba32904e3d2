package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.ExtraWork;
import dev.panbench.harness.spi.Params;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ArraySumExtraWorkTest {

    @AfterEach
    void clear() {
        System.clearProperty(ExtraWork.PROPERTY);
    }

    private static ArraySum setUp() throws Exception {
        ArraySum w = new ArraySum();
        w.setup(new Params(Map.of("size", "1000")));
        w.verify();
        return w;
    }

    @Test
    void doesNoExtraWorkInANormalRun() throws Exception {
        assertEquals(0, setUp().extraElements());
    }

    @Test
    void sumsTheStatedExtraFractionWhenASelfCheckAsks() throws Exception {
        System.setProperty(ExtraWork.PROPERTY, ExtraWork.spec("array/sum", 0.10));
        assertEquals(100, setUp().extraElements(), "10% more elements summed, and the answer still verified");
        System.setProperty(ExtraWork.PROPERTY, "array/copy=0.5");
        assertEquals(0, setUp().extraElements(), "another workload's knob leaves the sum alone");
    }
}
