package dev.panbench.cli;

import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.spi.AdapterOption;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The native-library options come from the adapters that declare them, on every command with the common options. */
class AdapterOptionsTest {

    @Test
    void everyAdaptersOptionIsOfferedAndSetsTheAdaptersProperty() {
        List<AdapterOption> declared = Adapters.load().all().stream().flatMap(a -> a.options().stream()).toList();
        assertEquals(List.of("--cuda-path", "--opencl-lib", "--tvm-ffi-lib"),
                declared.stream().map(AdapterOption::name).sorted().toList());
        for (String command : List.of("run", "list", "env", "compare", "gate", "report")) {
            String help = CliRunner.run(command, "--help").out();
            declared.forEach(o -> assertTrue(help.contains(o.name() + "=" + o.paramLabel()), command + ": " + o.name()));
        }
        for (AdapterOption o : declared) {
            String before = System.getProperty(o.property());
            try {
                var r = CliRunner.run("list", "--adapter", "jvm", o.name(), "/no/such/place");
                assertEquals(ExitCodes.OK, r.code(), r.err());
                assertEquals("/no/such/place", System.getProperty(o.property()), o.name());
            } finally {
                if (before == null) {
                    System.clearProperty(o.property());
                } else {
                    System.setProperty(o.property(), before);
                }
            }
        }
    }

    @Test
    void aBadAdapterSettingIsOneLineAndExitTwoBeforeTheCommandRuns() {
        String before = System.getProperty("panbench.cache");
        try {
            System.setProperty("panbench.cache", "32K,512");
            var r = CliRunner.run("list", "--adapter", "jvm");
            assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
            assertEquals("", r.out());
            assertEquals("panbench: -Dpanbench.cache=32K,512: expected the L1d, L2 and L3 sizes, e.g. 32K,512K,32M"
                    + " (K, M or G; L1d 4K to 1M, L2 64K to 64M, L3 256K to 4G)", r.err().strip());
            System.setProperty("panbench.cache", "32K,512K,32M");
            var ok = CliRunner.run("list", "--adapter", "jvm");
            assertEquals(ExitCodes.OK, ok.code(), ok.err());
        } finally {
            if (before == null) {
                System.clearProperty("panbench.cache");
            } else {
                System.setProperty("panbench.cache", before);
            }
        }
    }
}
