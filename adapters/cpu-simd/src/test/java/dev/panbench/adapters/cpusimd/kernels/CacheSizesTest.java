package dev.panbench.adapters.cpusimd.kernels;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code -Dpanbench.cache}: the sizes a user names are the ones the kernels block by, and a bad value says why. */
class CacheSizesTest {

    @Test
    void readsTheThreeLevelsAUserNames() {
        CacheSizes zen3 = CacheSizes.parse("32K,512K,32M");
        assertEquals(new CacheSizes(32 << 10, 512 << 10, 32 << 20), zen3);
        assertEquals("32K,512K,32M", zen3.render());
        assertEquals(new CacheSizes(48 << 10, 2 << 20, 105 << 20), CacheSizes.parse(" 48k, 2M ,105M"));
        assertEquals("48K,2M,105M", CacheSizes.parse("49152,2048K,105M").render());
    }

    @Test
    void rejectsAValueThatIsNotThreePlausibleSizes() {
        for (String bad : new String[]{"32K,512K", "32K,512K,32M,1G", "32K,,32M", "32K,512Q,32M", "2M,512K,32M",
                "32K,512K,8G", "-32K,512K,32M"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CacheSizes.parse(bad));
            assertTrue(e.getMessage().startsWith("-Dpanbench.cache=" + bad + ": expected the L1d, L2 and L3 sizes"),
                    e.getMessage());
        }
    }

    @Test
    void blocksGemmByTheNamedL2() {
        GemmTile tile = GemmTile.forMachine("amd64", 8);
        GemmBlocking zen3 = GemmBlocking.of(tile, 8, CacheSizes.parse("32K,512K,32M"));
        GemmBlocking intel = GemmBlocking.of(tile, 8, CacheSizes.parse("48K,2M,105M"));
        assertTrue(zen3.kc() * (long) zen3.mc() < intel.kc() * (long) intel.mc(),
                () -> zen3.describe() + " against " + intel.describe());
    }
}
