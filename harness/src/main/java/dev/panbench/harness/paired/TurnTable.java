package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.run.link.Turns;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The gate's side of interleaved iterations ({@link Turns}): a socket on the loopback interface where the forks of
 * one result, one per build, say hello, and a round of turns per iteration: when every fork still running is ready,
 * the table draws their order and lets each run one iteration, one at a time. A fork that ends (its JVM exits, its
 * request is refused) leaves the table; the others go on. A fork's last turn (its exit) is its own while another
 * fork still has an iteration to run; once none has, the forks all finish at once. One result's forks sit at the
 * table at a time ({@link #open}).
 */
final class TurnTable implements AutoCloseable {

    private final ServerSocket server;
    private final Thread acceptor;
    private volatile Session session;

    TurnTable() {
        try {
            server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new BadInputException("interleaved pairs: cannot open a loopback socket (" + e.getMessage() + ")",
                    e);
        }
        acceptor = Thread.ofPlatform().daemon().name("panbench-turn-table").start(this::accept);
    }

    /** The value of {@link Turns#PROPERTY} for a fork of {@code name}'s build. */
    String address(String name) {
        return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort() + "/" + name;
    }

    /** Seats the forks of one result, by their builds' names; turns are drawn from {@code random}. */
    Session open(List<String> names, Random random) {
        Session s = new Session(names, random);
        session = s;
        s.thread = Thread.ofPlatform().daemon().name("panbench-turns").start(s::serve);
        return s;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing: nothing to tell
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                Thread.ofPlatform().daemon().name("panbench-turn-reader").start(() -> read(s));
            } catch (SocketException closed) {
                return;
            } catch (IOException e) {
                // one failed accept: the fork runs freely and the others go on
            }
        }
    }

    private void read(Socket socket) {
        Session s = session;
        String name = null;
        try (socket; BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                StandardCharsets.US_ASCII))) {
            String hello = in.readLine();
            if (hello == null || !hello.startsWith("hello ") || s == null) {
                return;
            }
            name = hello.substring("hello ".length()).strip();
            if (!s.names.contains(name)) {
                // not a fork of the result at the table: closing tells it to run freely
                name = null;
                return;
            }
            s.events.add(new Event(name, Kind.HELLO, socket.getOutputStream()));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                switch (line.strip()) {
                    case "ready" -> s.events.add(new Event(name, Kind.READY, null));
                    case "done" -> s.events.add(new Event(name, Kind.DONE, null));
                    case "last" -> s.events.add(new Event(name, Kind.LAST, null));
                    default -> {
                    }
                }
            }
        } catch (IOException e) {
            // the fork's JVM went away: it leaves the table below
        } finally {
            if (s != null && name != null) {
                s.events.add(new Event(name, Kind.GONE, null));
            }
        }
    }

    /** GONE: the connection closed; ENDED: the fork's launch was awaited, so nothing of it runs any more. */
    private enum Kind { HELLO, READY, LAST, DONE, GONE, ENDED }

    private record Event(String name, Kind kind, OutputStream out) {
    }

    /** FINISHING: given its last turn, it runs until its launch ends, whatever its connection does. */
    private enum State { STARTING, READY, LAST, RUNNING, FINISHING, BETWEEN, GONE }

    /** The forks of one result at the table. */
    final class Session implements Forks.Table {
        private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        private final Map<String, State> states = new LinkedHashMap<>();
        private final List<String> names;
        private final Map<String, OutputStream> outs = new LinkedHashMap<>();
        private final Random random;
        private Thread thread;
        private int turns;

        private Session(List<String> names, Random random) {
            this.names = List.copyOf(names);
            names.forEach(n -> states.put(n, State.STARTING));
            this.random = random;
        }

        /** The fork of {@code name} has ended (its launch was awaited): it takes no more turns. */
        @Override
        public void ended(String name) {
            events.add(new Event(name, Kind.ENDED, null));
        }

        @Override
        public synchronized int turns() {
            return turns;
        }

        private void serve() {
            try {
                while (states.containsValue(State.STARTING) || states.containsValue(State.READY)
                        || states.containsValue(State.LAST) || states.containsValue(State.BETWEEN)) {
                    // a round starts when every fork still at the table is ready for its next iteration
                    while (states.containsValue(State.STARTING) || states.containsValue(State.BETWEEN)) {
                        handle(events.take());
                    }
                    List<String> ready = new ArrayList<>();
                    states.forEach((n, st) -> {
                        if (st == State.READY || st == State.LAST) {
                            ready.add(n);
                        }
                    });
                    Collections.shuffle(ready, random);
                    if (!ready.isEmpty() && !states.containsValue(State.READY)) {
                        // every fork still here has measured its last iteration: nothing measured is left for
                        // an exit to disturb, so they all finish at once
                        ready.forEach(n -> go(n, State.FINISHING));
                        while (states.containsValue(State.FINISHING)) {
                            handle(events.take());
                        }
                        continue;
                    }
                    for (String n : ready) {
                        State before = states.get(n);
                        if (before != State.READY && before != State.LAST) {
                            continue;
                        }
                        if (!go(n, before == State.LAST ? State.FINISHING : State.RUNNING)) {
                            continue;
                        }
                        while (states.get(n) == State.RUNNING || states.get(n) == State.FINISHING) {
                            handle(events.take());
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void handle(Event e) {
            State st = states.get(e.name());
            if (st == null || st == State.GONE) {
                return;
            }
            switch (e.kind()) {
                case HELLO -> {
                    outs.put(e.name(), e.out());
                    states.put(e.name(), State.BETWEEN);
                }
                case READY -> states.put(e.name(), State.READY);
                case LAST -> states.put(e.name(), State.LAST);
                case DONE -> states.put(e.name(), State.BETWEEN);
                case GONE -> {
                    if (st != State.FINISHING) {
                        states.put(e.name(), State.GONE);
                    }
                }
                case ENDED -> states.put(e.name(), State.GONE);
            }
        }

        private boolean go(String name, State running) {
            try {
                OutputStream out = outs.get(name);
                out.write("go\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                states.put(name, running);
                synchronized (this) {
                    turns++;
                }
                return true;
            } catch (IOException e) {
                states.put(name, State.GONE);
                return false;
            }
        }

        /** Waits for every fork to leave the table. */
        @Override
        public void close() {
            if (thread.isAlive()) {
                events.add(new Event("", Kind.ENDED, null));
                try {
                    thread.join(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (session == this) {
                session = null;
            }
        }
    }
}
