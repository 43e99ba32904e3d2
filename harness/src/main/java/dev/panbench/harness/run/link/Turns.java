package dev.panbench.harness.run.link;

import dev.panbench.harness.channel.Channel;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The fork's side of interleaved iterations: where {@value #PROPERTY} names a turn table ({@code HOST:PORT/NAME}),
 * the fork connects to it once and, before every iteration (warm-up and measurement), says it is ready and waits for
 * its turn; after the iteration it says it is done. The forks of the two builds of a pair thus run their iterations
 * one at a time, in turns the table draws, so each iteration of one lies next to the same iteration of the other, a
 * fraction of a second apart, and a neighbour's burst falls on both. Waiting happens in JMH's iteration fixtures,
 * outside the timed region. Without the property, or when the table cannot be reached, the fork runs freely.
 * <p>
 * The lines: {@code hello NAME}, then per iteration {@code ready} (answered {@code go}) and {@code done}, and at the
 * end {@code last} (answered {@code go}), after which the fork says nothing more.
 */
public final class Turns {

    /** The system property naming the turn table and this fork's name at it. */
    public static final String PROPERTY = Channel.TURNS_PROPERTY;

    private static Turns current;
    private static boolean tried;

    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    private Turns(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        this.out = socket.getOutputStream();
    }

    /** Waits for this fork's turn to run an iteration; returns at once when no table is named or reachable. */
    public static synchronized void take() {
        take("ready");
    }

    /**
     * Waits for this fork's last turn: what follows (tearing down, the JVM's exit, its parent writing the result) runs
     * while the other forks wait, and the turn ends when the table learns the fork's launch has ended.
     */
    public static synchronized void takeLast() {
        if (current != null) {
            take("last");
        }
    }

    private static void take(String what) {
        Turns t = connection();
        if (t == null) {
            return;
        }
        try {
            t.say(what);
            String line = t.in.readLine();
            if (!"go".equals(line)) {
                t.drop();
            }
        } catch (IOException e) {
            t.drop();
        }
    }

    /** Says this fork's iteration is over, so the table can give the next turn. */
    public static synchronized void give() {
        Turns t = current;
        if (t == null) {
            return;
        }
        try {
            t.say("done");
        } catch (IOException e) {
            t.drop();
        }
    }

    /** The table's address and this fork's name, from {@code HOST:PORT/NAME}, or null where it does not parse. */
    static String[] parse(String value) {
        if (value == null) {
            return null;
        }
        int slash = value.indexOf('/');
        int colon = slash < 0 ? -1 : value.lastIndexOf(':', slash);
        if (colon <= 0 || slash == value.length() - 1) {
            return null;
        }
        String port = value.substring(colon + 1, slash);
        if (!port.matches("[0-9]{1,5}")) {
            return null;
        }
        return new String[]{value.substring(0, colon), port, value.substring(slash + 1)};
    }

    private static Turns connection() {
        if (current != null || tried) {
            return current;
        }
        tried = true;
        String[] at = parse(System.getProperty(PROPERTY));
        if (at == null) {
            return null;
        }
        try {
            Socket s = new Socket();
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(at[0], Integer.parseInt(at[1])), 10_000);
            Turns t = new Turns(s);
            t.say("hello " + at[2]);
            current = t;
        } catch (IOException e) {
            System.err.println("panbench: no turn table at " + at[0] + ":" + at[1] + " (" + e.getMessage()
                    + "): iterations run freely");
        }
        return current;
    }

    private void say(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private void drop() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // the table is gone: run freely
        }
        current = null;
    }
}
