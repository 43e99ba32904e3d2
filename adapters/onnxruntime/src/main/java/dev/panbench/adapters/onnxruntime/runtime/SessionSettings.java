package dev.panbench.adapters.onnxruntime.runtime;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How every session of the adapter is configured, in one place (and recorded as it is in {@code env}): the CPU
 * execution provider with its arena, {@code threads} intra-op threads (the caller's thread alone at 1), one inter-op
 * thread and sequential execution, no spinning (so a one-thread row stays one busy thread, and idle pool threads do
 * not steal the next row's time), and every graph optimisation.
 */
public final class SessionSettings {

    private SessionSettings() {
    }

    public static OrtSession.SessionOptions options(int threads) throws OrtException {
        OrtSession.SessionOptions o = new OrtSession.SessionOptions();
        try {
            o.addCPU(true);
            o.setIntraOpNumThreads(threads);
            o.setInterOpNumThreads(1);
            o.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            o.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            o.addConfigEntry("session.intra_op.allow_spinning", "0");
            o.addConfigEntry("session.inter_op.allow_spinning", "0");
            return o;
        } catch (OrtException | RuntimeException e) {
            o.close();
            throw e;
        }
    }

    /** The settings as {@code env} records them. */
    public static Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("session.executionProvider", "CPUExecutionProvider (arena on)");
        m.put("session.threads", "intra-op = the threads parameter, inter-op 1, sequential execution");
        m.put("session.spinning", "intra-op and inter-op spinning off");
        m.put("session.optimization", "ALL_OPT");
        return m;
    }
}
