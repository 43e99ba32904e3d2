package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/** The species every kernel uses: the widest the CPU prefers, and integer species with the same lane count. */
public final class Simd {

    public static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    public static final int L = F.length();
    public static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
    /** Bytes with as many lanes as {@link #F} (a quarter of its width). */
    public static final VectorSpecies<Byte> B = VectorSpecies.of(byte.class, VectorShape.forBitSize(L * 8));
    /** Shorts with as many lanes as {@link #F} (half its width). */
    public static final VectorSpecies<Short> S = VectorSpecies.of(short.class, VectorShape.forBitSize(L * 16));

    private Simd() {
    }

    /** One line for {@code env}: {@code FloatVector.SPECIES_PREFERRED} as bits and lanes. */
    public static String describe() {
        return F.vectorBitSize() + " bits, " + L + " float lanes";
    }
}
