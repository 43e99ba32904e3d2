package dev.panbench.harness.paired;

import dev.panbench.harness.run.plan.RunSettings;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The turn table with forks that speak its protocol over a real loopback socket: one iteration at a time, every fork
 * once per round, the order drawn from the seed, and a fork that goes away or was never seated holds nobody up.
 */
class TurnTableTest {

    /** A fork at the table: runs {@code iterations} turns, then its last turn, logging when it ran. */
    private static final class FakeFork extends Thread {
        private final String address;
        private final String name;
        private final int iterations;
        private final int leaveAfter;
        private final List<String> log;
        private final AtomicInteger running;
        private final List<String> overlaps;
        private volatile boolean refused;
        private Forks.Table session;
        /** Where set, the fork's last turn waits here for the others' last turns before it ends. */
        private CyclicBarrier lastTogether;

        FakeFork(TurnTable table, String name, int iterations, int leaveAfter, List<String> log, AtomicInteger running,
                 List<String> overlaps) {
            this.address = table.address(name);
            this.name = name;
            this.iterations = iterations;
            this.leaveAfter = leaveAfter;
            this.log = log;
            this.running = running;
            this.overlaps = overlaps;
        }

        @Override
        public void run() {
            String[] at = address.split("[:/]");
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(at[1]));
                 BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
                         StandardCharsets.US_ASCII))) {
                OutputStream out = s.getOutputStream();
                say(out, "hello " + name);
                for (int i = 0; i < iterations; i++) {
                    if (i == leaveAfter) {
                        return;
                    }
                    say(out, "ready");
                    String go = in.readLine();
                    if (!"go".equals(go)) {
                        refused = true;
                        return;
                    }
                    if (running.incrementAndGet() != 1) {
                        overlaps.add(name + " " + i);
                    }
                    log.add(name + " " + i);
                    Thread.sleep(3);
                    running.decrementAndGet();
                    say(out, "done");
                }
                say(out, "last");
                assertEquals("go", in.readLine());
                log.add(name + " last");
                if (lastTogether != null) {
                    lastTogether.await(5, TimeUnit.SECONDS);
                }
            } catch (IOException | InterruptedException | BrokenBarrierException | TimeoutException e) {
                refused = true;
            } finally {
                // as the rounds do: the launch is awaited on its own thread and the table told when it ends
                if (session != null) {
                    session.ended(name);
                }
            }
        }

        private static void say(OutputStream out, String line) throws IOException {
            out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
    }

    private static List<String> seat(long seed, List<String> names, int iterations, int leaveAfter,
                                     List<String> overlaps) throws InterruptedException {
        return seat(seed, names, iterations, leaveAfter, overlaps, null);
    }

    private static List<String> seat(long seed, List<String> names, int iterations, int leaveAfter,
                                     List<String> overlaps, CyclicBarrier lastTogether) throws InterruptedException {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger running = new AtomicInteger();
        try (TurnTable table = new TurnTable()) {
            Forks.Table session = table.open(names, new Random(seed));
            List<FakeFork> forks = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                FakeFork f = new FakeFork(table, names.get(i), iterations, i == 0 ? leaveAfter : -1, log, running,
                        overlaps);
                f.session = session;
                f.lastTogether = lastTogether;
                forks.add(f);
            }
            forks.forEach(Thread::start);
            for (FakeFork f : forks) {
                f.join(20_000);
            }
            session.close();
            assertEquals(log.size(), session.turns(), "one turn per iteration and one per last turn: " + log);
        }
        return log;
    }

    @Test
    void forksRunOneIterationAtATimeEachOncePerRoundInADrawnOrder() throws Exception {
        List<String> overlaps = Collections.synchronizedList(new ArrayList<>());
        List<String> log = seat(11, List.of("base", "candidate", "slowed"), 12, -1, overlaps);
        assertTrue(overlaps.isEmpty(), "two forks ran at once: " + overlaps);
        assertEquals(3 * 13, log.size(), String.valueOf(log));
        for (int round = 0; round < 12; round++) {
            List<String> three = log.subList(3 * round, 3 * round + 3);
            for (String n : List.of("base", "candidate", "slowed")) {
                assertTrue(three.contains(n + " " + round), "round " + round + " gives every fork one turn: " + three);
            }
        }
        List<String> firsts = new ArrayList<>();
        for (int round = 0; round < 12; round++) {
            firsts.add(log.get(3 * round).split(" ")[0]);
        }
        assertTrue(firsts.stream().distinct().count() > 1, "the first turn is drawn, not fixed: " + firsts);
        assertEquals(log.subList(0, 3 * 12), seat(11, List.of("base", "candidate", "slowed"), 12, -1, overlaps)
                .subList(0, 3 * 12), "the same seed draws the same turns");
    }

    @Test
    void onceNoForkHasAnIterationLeftTheyAllFinishAtOnce() throws Exception {
        List<String> overlaps = Collections.synchronizedList(new ArrayList<>());
        CyclicBarrier together = new CyclicBarrier(3);
        List<String> log = seat(5, List.of("base", "candidate", "slowed"), 4, -1, overlaps, together);
        assertTrue(overlaps.isEmpty(), String.valueOf(overlaps));
        assertEquals(3 * 5, log.size(), String.valueOf(log));
        assertTrue(log.subList(3 * 4, 3 * 5).stream().allMatch(l -> l.endsWith(" last")), String.valueOf(log));
        assertTrue(!together.isBroken() && together.getNumberWaiting() == 0,
                "each fork's last turn waited for the others' ends, one at a time");
    }

    @Test
    void aForkThatLeavesMidwayHoldsNobodyUp() throws Exception {
        List<String> overlaps = Collections.synchronizedList(new ArrayList<>());
        List<String> log = seat(3, List.of("base", "candidate"), 6, 2, overlaps);
        assertTrue(overlaps.isEmpty(), String.valueOf(overlaps));
        assertEquals(2 + 6 + 1, log.size(), "base ran 2 iterations and left; candidate all 6 and its last: " + log);
        assertTrue(log.contains("candidate last"), String.valueOf(log));
    }

    @Test
    void aForkNotSeatedAtTheTableIsToldToRunFreely() throws Exception {
        List<String> overlaps = Collections.synchronizedList(new ArrayList<>());
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (TurnTable table = new TurnTable()) {
            Forks.Table session = table.open(List.of("base"), new Random(1));
            FakeFork stranger = new FakeFork(table, "stranger", 3, -1, log, new AtomicInteger(), overlaps);
            stranger.start();
            stranger.join(20_000);
            assertTrue(stranger.refused, "a fork the table does not seat gets no turn and runs freely");
            session.ended("base");
            session.close();
            assertEquals(0, session.turns());
        }
    }

    @Test
    void interleavedSidesRunTheProfilesMeasuredTimeInTurnsOfFiftyMilliseconds() {
        RunSettings quick = Pairing.INTERLEAVED.sideSettings(RunSettings.QUICK, false);
        assertEquals(1, quick.forks());
        assertEquals(10, quick.iterations());
        assertEquals("50ms", quick.measurementTime().toString());
        RunSettings full = Pairing.INTERLEAVED.sideSettings(RunSettings.DEFAULT, false);
        assertEquals(50, full.iterations(), "at most 50 turns");
        assertEquals("100ms", full.measurementTime().toString());
        assertEquals(RunSettings.QUICK.iterations(), Pairing.INTERLEAVED.sideSettings(RunSettings.QUICK, true)
                .iterations(), "explicit iterations and times are kept");
        assertEquals(RunSettings.QUICK.measurementTime(), Pairing.SEQUENTIAL.sideSettings(RunSettings.QUICK, false)
                .measurementTime(), "only turns are cut short");
    }
}
