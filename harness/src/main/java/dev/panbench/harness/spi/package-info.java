/**
 * The adapter SPI: how code of one's own (a Vector API kernel, an FFM binding to a C library, a compiled model) is
 * measured by panbench's runner, judged by its gate and drawn in its reports. This package, with JMH's
 * {@code Blackhole}, is the Maven artifact {@code dev.panbench:panbench-harness} (scope {@code provided}: panbench
 * brings it at run time), versioned by {@link dev.panbench.harness.spi.SpiVersion}.
 *
 * <h2>Writing an adapter</h2>
 * <ol>
 *   <li>{@code panbench new adapter DIR --id ID} writes a Maven project that builds offline once panbench's
 *       {@code scripts/setup.sh} has installed this artifact: one {@link dev.panbench.harness.spi.Adapter}, one
 *       {@link dev.panbench.harness.spi.Workload} that verifies its answer, the service line
 *       {@code META-INF/services/dev.panbench.harness.spi.Adapter}, a test that runs the workload through panbench's
 *       runner, and a {@code panbench.json} for the gate.</li>
 *   <li>An {@link dev.panbench.harness.spi.Adapter} names itself ({@code id()}, part of every result id, so keep it),
 *       says whether it can run here ({@code probe()}: unavailable with a one-line reason a user can act on, never an
 *       exception), and declares its {@link dev.panbench.harness.spi.WorkloadSpec}s: a stable name, parameters with
 *       default values ({@link dev.panbench.harness.spi.ParamSpec}; {@code quick(...)} values for {@code --quick}),
 *       per-operation {@link dev.panbench.harness.spi.OpCounts} for throughput, and a factory.</li>
 *   <li>A {@link dev.panbench.harness.spi.Workload} lives in a forked benchmark JVM: {@code setup(params)}, then
 *       {@code verify()} (compare with a float64 or scalar reference; throw
 *       {@link dev.panbench.harness.spi.VerificationException} on a wrong answer: a wrong answer is never timed),
 *       then {@code run(Blackhole)} under JMH, then {@code close()}. Hand every result to the blackhole.</li>
 *   <li>{@code mvn package} makes the plugin jar; {@code panbench list|run|gate --adapter-path target} loads it in a
 *       class loader of its own (its other dependencies as jars beside it in that folder), and every fork loads it
 *       the same way.</li>
 * </ol>
 *
 * <h2>What is stable</h2>
 * Types marked <b>Stable</b> keep their meaning and signatures within a major version: {@code Adapter},
 * {@code Availability}, {@code Workload}, {@code WorkloadSpec} and its builder, {@code ParamSpec}, {@code Params},
 * {@code OpCounts}, {@code VerificationException}, {@code WorkloadSkippedException}, {@code SpiVersion}; they only
 * gain default methods and builder steps in a minor version. The others ({@code Role}, {@code Tuner},
 * {@code ExtraWork}, {@code ExternallyTimed}, {@code DeviceTimed}, {@code CalibrationPair}, {@code AdapterOption})
 * serve panbench's own adapters and may change in a minor version. A plugin records the SPI version it was built
 * against in its manifest ({@code Panbench-Spi-Version}, which the kit's pom writes); panbench refuses one built for
 * another major version with one line.
 *
 * <p>Only this package and JMH are shared with a plugin (loaded parent-first); anything else of panbench's a plugin
 * uses (the harness's catalog, its runner in a test) is not part of the contract.
 */
package dev.panbench.harness.spi;
