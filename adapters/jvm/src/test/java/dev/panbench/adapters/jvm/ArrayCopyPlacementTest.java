package dev.panbench.adapters.jvm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArrayCopyPlacementTest {

    @Test
    void theDestinationStartsHalfAPagePastAPageMultipleAndNeverOverlapsTheSource() {
        for (int size : new int[]{1, 7, 511, 512, 513, 1023, 1024, 1025, 4096, 1 << 20}) {
            int dst = ArrayCopy.destinationOffset(size);
            assertTrue(dst >= size, "destination " + dst + " overlaps a source of " + size);
            assertEquals(2048, (dst * Float.BYTES) % 4096, "distance in bytes mod a page, size " + size);
            assertTrue(dst - size < 1024, "no more than a page of gap, size " + size);
        }
    }
}
