package dev.panbench.harness.catalog;

import java.util.Arrays;

/**
 * One named input of a catalog problem, row-major with its dimensions: float32 values, or raw bytes for packed
 * formats (INT4 weights two to a byte). Backends copy it where they need it; they never change it.
 */
public record Operand(String name, int[] dims, float[] floats, byte[] bytes) {

    public Operand {
        if ((floats == null) == (bytes == null)) {
            throw new IllegalArgumentException(name + ": an operand holds floats or bytes");
        }
        dims = dims.clone();
    }

    public static Operand of(String name, float[] data, int... dims) {
        if (Arrays.stream(dims).asLongStream().reduce(1, Math::multiplyExact) != data.length) {
            throw new IllegalArgumentException(name + ": " + data.length + " values for dims "
                    + Arrays.toString(dims));
        }
        return new Operand(name, dims, data, null);
    }

    public static Operand bytes(String name, byte[] data, int... dims) {
        return new Operand(name, dims, null, data);
    }

    /** The element count the dimensions describe. */
    public long elements() {
        return Arrays.stream(dims).asLongStream().reduce(1, Math::multiplyExact);
    }

    @Override
    public int[] dims() {
        return dims.clone();
    }
}
