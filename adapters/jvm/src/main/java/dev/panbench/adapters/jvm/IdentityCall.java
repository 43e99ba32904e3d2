package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/** {@code call/identity[type=long|double|object]}: a non-inlined call returning its argument. */
final class IdentityCall implements Workload {

    private String type;
    private long longValue = 42L;
    private double doubleValue = 2.5;
    private Object objectValue = "identity";

    @Override
    public void setup(Params params) {
        type = params.get("type");
        if (!type.equals("long") && !type.equals("double") && !type.equals("object")) {
            throw new IllegalArgumentException("type must be long, double or object, not " + type);
        }
    }

    @Override
    public void verify() throws VerificationException {
        VerificationException.checkEquals("identity(long)", longValue, identity(longValue));
        VerificationException.checkEquals("identity(double)", doubleValue, identity(doubleValue));
        VerificationException.checkEquals("identity(object)", objectValue, identity(objectValue));
    }

    @Override
    public void run(Blackhole bh) {
        switch (type) {
            case "long" -> bh.consume(identity(longValue));
            case "double" -> bh.consume(identity(doubleValue));
            default -> bh.consume(identity(objectValue));
        }
    }

    @org.openjdk.jmh.annotations.CompilerControl(org.openjdk.jmh.annotations.CompilerControl.Mode.DONT_INLINE)
    private static long identity(long v) {
        return v;
    }

    @org.openjdk.jmh.annotations.CompilerControl(org.openjdk.jmh.annotations.CompilerControl.Mode.DONT_INLINE)
    private static double identity(double v) {
        return v;
    }

    @org.openjdk.jmh.annotations.CompilerControl(org.openjdk.jmh.annotations.CompilerControl.Mode.DONT_INLINE)
    private static Object identity(Object v) {
        return v;
    }
}
