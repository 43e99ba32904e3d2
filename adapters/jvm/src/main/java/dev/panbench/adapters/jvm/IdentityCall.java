package dev.panbench.adapters.jvm;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.Workload;
import org.openjdk.jmh.infra.Blackhole;

/** {@code call/identity[type=long|double|object]}: a non-inlined call returning its argument. */
final class IdentityCall implements Workload {

    private Type type;

    /** The argument type, resolved once so the timed call does not compare strings. */
    private enum Type { LONG, DOUBLE, OBJECT }
    private long longValue = 42L;
    private double doubleValue = 2.5;
    private Object objectValue = "identity";

    @Override
    public void setup(Params params) {
        String name = params.get("type");
        type = switch (name) {
            case "long" -> Type.LONG;
            case "double" -> Type.DOUBLE;
            case "object" -> Type.OBJECT;
            default -> throw new IllegalArgumentException("type must be long, double or object, not " + name);
        };
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
            case LONG -> bh.consume(identity(longValue));
            case DOUBLE -> bh.consume(identity(doubleValue));
            case OBJECT -> bh.consume(identity(objectValue));
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
