package dev.panbench.harness.run.measure;

import dev.panbench.harness.channel.JvmFlags;
import dev.panbench.harness.model.Mode;
import dev.panbench.harness.run.link.ForkLink;
import dev.panbench.harness.run.link.ForkProperties;
import dev.panbench.harness.run.plan.PlannedResult;
import dev.panbench.harness.run.plan.RunSettings;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * JMH's options for one result: the run's settings, the GC profiler, and every fork's flags: panbench's JVM flags
 * (whatever the parent was started with), the link's, the adapter's declared properties, a crash log kept with the
 * run's logs, then the user's own.
 */
final class JmhRunOptions {

    private JmhRunOptions() {
    }

    /**
     * @param include  the regex of the one benchmark method to run
     * @param dispatch whether that is panbench's generic dispatch, which gets the result id as its {@code id} param
     * @param log      where JMH's own output goes
     * @param logDir   where a fork that dies in native code leaves its crash log
     */
    static Options of(RunSettings settings, PlannedResult p, String include, boolean dispatch, ForkLink link, Path log,
                      Path logDir) {
        List<String> jvmArgs = new ArrayList<>(JvmFlags.all());
        jvmArgs.addAll(link.jvmArgs());
        jvmArgs.addAll(ForkProperties.forFork(p.adapter()));
        jvmArgs.add("-XX:ErrorFile=" + logDir.toAbsolutePath().resolve("hs_err_pid%p.log"));
        jvmArgs.addAll(settings.extraJvmArgs());
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include(include)
                .forks(settings.forks())
                .warmupIterations(settings.warmupIterations())
                .warmupTime(TimeValue.nanoseconds(settings.warmupTime().nanos()))
                .measurementIterations(settings.iterations())
                .measurementTime(TimeValue.nanoseconds(settings.measurementTime().nanos()))
                .addProfiler(GCProfiler.class)
                .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                .shouldFailOnError(false)
                .output(log.toString());
        if (dispatch) {
            b = b.param("id", p.id().toString());
        }
        b = switch (Mode.of(settings.mode()).orElseThrow()) {
            case THROUGHPUT -> b.mode(org.openjdk.jmh.annotations.Mode.Throughput).timeUnit(TimeUnit.SECONDS);
            case SAMPLE_TIME -> b.mode(org.openjdk.jmh.annotations.Mode.SampleTime).timeUnit(TimeUnit.NANOSECONDS);
            case AVERAGE_TIME -> b.mode(org.openjdk.jmh.annotations.Mode.AverageTime).timeUnit(TimeUnit.NANOSECONDS);
        };
        return b.build();
    }
}
