package dev.panbench.adapters.onnxruntime.workloads;

import java.util.ArrayList;
import java.util.List;

/**
 * The native resources a workload made (sessions, tensors, results), closed together and in reverse order: every one
 * is closed even when an earlier close throws, and the first exception is thrown after the last close.
 */
final class OwnedResources implements AutoCloseable {

    private final List<AutoCloseable> owned = new ArrayList<>();

    /** {@code c}, to be closed with the rest. */
    <T extends AutoCloseable> T add(T c) {
        owned.add(c);
        return c;
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        for (AutoCloseable c : owned.reversed()) {
            try {
                c.close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        owned.clear();
        if (first != null) {
            throw first;
        }
    }
}
