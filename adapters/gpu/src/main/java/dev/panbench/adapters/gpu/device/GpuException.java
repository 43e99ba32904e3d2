package dev.panbench.adapters.gpu.device;

/**
 * A driver call failed. The message's first line names the call and the error (e.g.
 * {@code clCreateBuffer(17179869184 bytes = 16.0 GiB) failed: CL_INVALID_BUFFER_SIZE}); a build failure adds the
 * compiler's log on the lines after it.
 */
public class GpuException extends RuntimeException {

    public GpuException(String message) {
        super(message);
    }

    /** What a downcall threw (nothing checked, in practice), rethrown unchecked; errors as they are. */
    public static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    /** {@code 17179869184 bytes = 16.0 GiB}: the size as asked for, and readable. */
    public static String size(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return bytes + " bytes = " + String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
