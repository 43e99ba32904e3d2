package dev.panbench.harness.run.plan;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.Defaults;
import dev.panbench.harness.Time;
import dev.panbench.harness.run.link.ForkProperties;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.testing.FaultyAdapter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunSettingsTest {

    @Test
    void timesAreParsedOnceAndWrittenBackAsTheyCame() {
        Time t = Time.parse("250ms", "--warmup-time");
        assertEquals(new Time(250, TimeUnit.MILLISECONDS), t);
        assertEquals(250_000_000L, t.nanos());
        assertEquals("250ms", t.toString());
        assertEquals(120_000_000_000L, Time.parse("2m", "x").nanos());
        var e = assertThrows(BadInputException.class, () -> Time.parse("1.5s", "--measurement-time"));
        assertEquals("--measurement-time 1.5s: expected a time such as 500ms, 1s or 2m", e.getMessage());
    }

    @Test
    void theBuilderOverridesWhatIsGivenAndKeepsTheProfileElsewhere() {
        RunSettings s = RunSettings.QUICK.toBuilder().forks(3).warmupTime(null).measurementTime("20ms").build();
        assertEquals(3, s.forks());
        assertEquals(Defaults.QUICK_WARMUP_TIME, s.warmupTime());
        assertEquals("20ms", s.measurementTime().toString());
        assertEquals(Defaults.QUICK_ITERATIONS, s.iterations());
        assertEquals(RunSettings.DEFAULT, RunSettings.of(RunSettings.DEFAULT.toConfig()), "a config reads back");
        var e = assertThrows(BadInputException.class, () -> RunSettings.DEFAULT.toBuilder().warmupTime("soon"));
        assertTrue(e.getMessage().startsWith("--warmup-time soon: expected a time"), e.getMessage());
    }

    @Test
    void aForkGetsTheDeclaredPropertiesAndNoOthers() {
        FaultyAdapter faulty = new FaultyAdapter();
        Adapter declaring = new Adapter() {
            public String id() {
                return "declaring";
            }

            public String describe() {
                return faulty.describe();
            }

            public dev.panbench.harness.spi.Availability probe() {
                return faulty.probe();
            }

            public java.util.Map<String, String> environment() {
                return faulty.environment();
            }

            public List<dev.panbench.harness.spi.WorkloadSpec> workloads() {
                return faulty.workloads();
            }

            @Override
            public List<String> forkProperties() {
                return List.of("panbench.test.declared");
            }

            @Override
            public List<String> forkJvmOptions() {
                return List.of("-XX:+UseTransparentHugePages");
            }

            @Override
            public List<dev.panbench.harness.spi.AdapterOption> options() {
                return List.of(new dev.panbench.harness.spi.AdapterOption("--test-lib", "PATH", "panbench.test.option",
                        "a library"));
            }
        };
        System.setProperty("panbench.test.declared", "/opt/lib.so");
        System.setProperty("panbench.test.option", "/opt/option.so");
        System.setProperty("panbench.test.undeclared", "leak");
        try {
            List<String> args = ForkProperties.jvmArgs(List.of(declaring));
            assertTrue(args.contains("-Dpanbench.test.declared=/opt/lib.so"), args.toString());
            assertTrue(args.contains("-Dpanbench.test.option=/opt/option.so"), "an option's property: " + args);
            assertFalse(args.stream().anyMatch(a -> a.contains("undeclared")), args.toString());
            List<String> fork = ForkProperties.forFork(declaring);
            assertTrue(fork.containsAll(args), "a fork gets the declared properties: " + fork);
            assertEquals("-XX:+UseTransparentHugePages", fork.getLast(), "and the adapter's HotSpot options");
            assertFalse(args.contains("-XX:+UseTransparentHugePages"), "which are no properties");
            assertFalse(ForkProperties.jvmArgs(List.of(new FaultyAdapter())).stream()
                    .anyMatch(a -> a.contains("panbench.test.")), "another adapter's property stays out");
        } finally {
            System.clearProperty("panbench.test.declared");
            System.clearProperty("panbench.test.option");
            System.clearProperty("panbench.test.undeclared");
        }
    }
}
