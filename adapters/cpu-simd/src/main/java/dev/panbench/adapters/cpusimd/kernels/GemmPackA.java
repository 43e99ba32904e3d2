package dev.panbench.adapters.cpusimd.kernels;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;

import static dev.panbench.adapters.cpusimd.kernels.Simd.F;
import static dev.panbench.adapters.cpusimd.kernels.Simd.L;

/**
 * Packing of A for {@link Gemm}'s three-row register tile: three rows of A, {@code kcur} values each, interleaved step
 * by step ({@code r0[p], r1[p], r2[p], r0[p+1], ...}), as the micro-kernel broadcasts them. A vector of each row at a
 * time: {@code L} steps of three rows are three vectors in and three out ({@link #rows3} says how), with the
 * permutations and blend masks built at class load from the vector width. Against one value at a time (three loads
 * and three stores a step) vectorizing made the multiply at 1024 3.5% faster on an AVX2 core: packing A reads it from
 * L3, and fewer, wider loads keep more of those reads in flight.
 *
 * <p>The eight-row tile's packing ({@link #rows8}) is a transpose of eight rows by {@code L} steps, in three rounds of
 * two-source shuffles that zip vectors in units of one, two and four lanes, the way an 8 x 8 transpose goes with
 * unpack instructions. A value at a time, packing 256 x 256 for the 8 x 2 tile took 50 us on Zen 4 at 512 bits,
 * an eighth of the multiply (three-row packing of the same, vectorized: 5.4 us).
 */
final class GemmPackA {

    /** Zips of two vectors in units of 1, 2 and 4 lanes: {@code [round][0]} from their low halves, {@code [1]} high. */
    private static final VectorShuffle<Float>[][] ZIP = zips();
    /** Per row of three: lane {@code q} takes the row's value that lane {@code q} holds in whichever out vector has it. */
    private static final VectorShuffle<Float>[] ROW_LANES = rowLanes();
    /** {@code [o][row]}: the lanes of out vector {@code o} that hold that row's values. */
    private static final VectorMask<Float>[][] ROW_OF_LANE = rowOfLane();

    private GemmPackA() {
    }

    /**
     * Rows {@code a[s0..], a[s1..], a[s2..]} ({@code kcur} values each) interleaved into {@code ap[d..d + 3 kcur)}.
     * Each row's vector is permuted once so that every one of its values already sits in the lane it takes in its out
     * vector (a row's lanes in the three out vectors never collide, since {@code L} is not a multiple of 3), and each
     * out vector is then two blends of the three: three one-source permutations and six blends per {@code 3 L}
     * values. Zipping two rows with a two-source shuffle instead, which AVX2 has no instruction for (two permutations
     * and a blend each), packed 255 x 256 in 9.5 us where this takes 5.1, with HotSpot at {@code -XX:UseAVX=2} on Zen 4
     * (AVX-512VL's two-source permutation: 6.0 and 5.2 us).
     */
    static void rows3(float[] a, int s0, int s1, int s2, int kcur, float[] ap, int d) {
        VectorShuffle<Float> x0 = ROW_LANES[0], x1 = ROW_LANES[1], x2 = ROW_LANES[2];
        VectorMask<Float> o0r1 = ROW_OF_LANE[0][1], o0r2 = ROW_OF_LANE[0][2];
        VectorMask<Float> o1r1 = ROW_OF_LANE[1][1], o1r2 = ROW_OF_LANE[1][2];
        VectorMask<Float> o2r1 = ROW_OF_LANE[2][1], o2r2 = ROW_OF_LANE[2][2];
        int p = 0;
        for (; p <= kcur - L; p += L) {
            FloatVector r0 = FloatVector.fromArray(F, a, s0 + p).rearrange(x0);
            FloatVector r1 = FloatVector.fromArray(F, a, s1 + p).rearrange(x1);
            FloatVector r2 = FloatVector.fromArray(F, a, s2 + p).rearrange(x2);
            int o = d + 3 * p;
            r0.blend(r1, o0r1).blend(r2, o0r2).intoArray(ap, o);
            r0.blend(r1, o1r1).blend(r2, o1r2).intoArray(ap, o + L);
            r0.blend(r1, o2r1).blend(r2, o2r2).intoArray(ap, o + 2 * L);
        }
        for (; p < kcur; p++) {
            ap[d + 3 * p] = a[s0 + p];
            ap[d + 3 * p + 1] = a[s1 + p];
            ap[d + 3 * p + 2] = a[s2 + p];
        }
    }

    /**
     * Rows {@code a[s], a[s + lda], a[s + 2 lda], a[s + 3 lda]} ({@code kcur} values each) interleaved step by step
     * into {@code ap[d..d + 4 kcur)}: two rounds of zips in units of one lane, rows 0 with 2 and 1 with 3, then those
     * two, so that each step's four values lie together. For vectors of 4 lanes or more.
     */
    static void rows4(float[] a, int s, int lda, int kcur, float[] ap, int d) {
        VectorShuffle<Float> z1lo = ZIP[0][0], z1hi = ZIP[0][1];
        int p = 0;
        for (; p <= kcur - L; p += L) {
            int o = s + p;
            FloatVector r0 = FloatVector.fromArray(F, a, o);
            FloatVector r1 = FloatVector.fromArray(F, a, o + lda);
            FloatVector r2 = FloatVector.fromArray(F, a, o + 2 * lda);
            FloatVector r3 = FloatVector.fromArray(F, a, o + 3 * lda);
            // round one: r0 r2 r0 r2 ... and r1 r3 r1 r3 ..., steps [0, L/2) in the low zip and [L/2, L) in the high
            FloatVector p02lo = r0.rearrange(z1lo, r2), p02hi = r0.rearrange(z1hi, r2);
            FloatVector p13lo = r1.rearrange(z1lo, r3), p13hi = r1.rearrange(z1hi, r3);
            // round two: r0 r1 r2 r3 per step, a quarter of the L steps in each vector, in the order of the steps
            int out = d + 4 * p;
            p02lo.rearrange(z1lo, p13lo).intoArray(ap, out);
            p02lo.rearrange(z1hi, p13lo).intoArray(ap, out + L);
            p02hi.rearrange(z1lo, p13hi).intoArray(ap, out + 2 * L);
            p02hi.rearrange(z1hi, p13hi).intoArray(ap, out + 3 * L);
        }
        for (; p < kcur; p++) {
            for (int r = 0; r < 4; r++) {
                ap[d + 4 * p + r] = a[s + r * lda + p];
            }
        }
    }

    /**
     * Rows {@code a[s], a[s + lda], ..., a[s + 7 lda]} ({@code kcur} values each) interleaved step by step into
     * {@code ap[d..d + 8 kcur)}. {@code L} steps at a time: round one zips rows 2q and 2q+1, so each step's two values
     * lie together; round two zips those pairs of rows in units of two, round three the fours in units of four, and
     * each of the eight vectors out holds {@code L / 8} whole steps in order. For vectors of 8 lanes or more.
     */
    static void rows8(float[] a, int s, int lda, int kcur, float[] ap, int d) {
        VectorShuffle<Float> z1lo = ZIP[0][0], z1hi = ZIP[0][1], z2lo = ZIP[1][0], z2hi = ZIP[1][1];
        VectorShuffle<Float> z4lo = ZIP[2][0], z4hi = ZIP[2][1];
        int p = 0;
        for (; p <= kcur - L; p += L) {
            int o = s + p;
            FloatVector r0 = FloatVector.fromArray(F, a, o);
            FloatVector r1 = FloatVector.fromArray(F, a, o + lda);
            FloatVector r2 = FloatVector.fromArray(F, a, o + 2 * lda);
            FloatVector r3 = FloatVector.fromArray(F, a, o + 3 * lda);
            FloatVector r4 = FloatVector.fromArray(F, a, o + 4 * lda);
            FloatVector r5 = FloatVector.fromArray(F, a, o + 5 * lda);
            FloatVector r6 = FloatVector.fromArray(F, a, o + 6 * lda);
            FloatVector r7 = FloatVector.fromArray(F, a, o + 7 * lda);
            // round one: rows in pairs, steps [0, L/2) in the low zip and [L/2, L) in the high
            FloatVector p01lo = r0.rearrange(z1lo, r1), p01hi = r0.rearrange(z1hi, r1);
            FloatVector p23lo = r2.rearrange(z1lo, r3), p23hi = r2.rearrange(z1hi, r3);
            FloatVector p45lo = r4.rearrange(z1lo, r5), p45hi = r4.rearrange(z1hi, r5);
            FloatVector p67lo = r6.rearrange(z1lo, r7), p67hi = r6.rearrange(z1hi, r7);
            // round two: fours of rows, a quarter of the L steps each
            FloatVector q0a = p01lo.rearrange(z2lo, p23lo), q0b = p01lo.rearrange(z2hi, p23lo);
            FloatVector q0c = p01hi.rearrange(z2lo, p23hi), q0d = p01hi.rearrange(z2hi, p23hi);
            FloatVector q4a = p45lo.rearrange(z2lo, p67lo), q4b = p45lo.rearrange(z2hi, p67lo);
            FloatVector q4c = p45hi.rearrange(z2lo, p67hi), q4d = p45hi.rearrange(z2hi, p67hi);
            // round three: all eight rows, an eighth of the L steps each, in the order of the steps
            int out = d + 8 * p;
            q0a.rearrange(z4lo, q4a).intoArray(ap, out);
            q0a.rearrange(z4hi, q4a).intoArray(ap, out + L);
            q0b.rearrange(z4lo, q4b).intoArray(ap, out + 2 * L);
            q0b.rearrange(z4hi, q4b).intoArray(ap, out + 3 * L);
            q0c.rearrange(z4lo, q4c).intoArray(ap, out + 4 * L);
            q0c.rearrange(z4hi, q4c).intoArray(ap, out + 5 * L);
            q0d.rearrange(z4lo, q4d).intoArray(ap, out + 6 * L);
            q0d.rearrange(z4hi, q4d).intoArray(ap, out + 7 * L);
        }
        for (; p < kcur; p++) {
            for (int r = 0; r < 8; r++) {
                ap[d + 8 * p + r] = a[s + r * lda + p];
            }
        }
    }

    /**
     * Lane {@code j} of a zip in units of {@code g} lanes takes, for unit {@code u = j / g}, lane
     * {@code h + (u / 2) g + j % g} of the first vector (u even) or of the second (u odd, as index minus L), where
     * {@code h} is 0 for the zip of the low halves and {@code L / 2} for the high.
     */
    @SuppressWarnings("unchecked")
    private static VectorShuffle<Float>[][] zips() {
        VectorShuffle<Float>[][] out = new VectorShuffle[3][2];
        for (int round = 0; round < 3; round++) {
            int g = 1 << round;
            for (int half = 0; half < 2; half++) {
                int[] idx = new int[L];
                for (int j = 0; j < L; j++) {
                    int u = j / g;
                    int lane = (half * L / 2 + (u / 2) * g + j % g) % L;
                    idx[j] = u % 2 == 0 ? lane : lane - L;
                }
                out[round][half] = VectorShuffle.fromArray(F, idx, 0);
            }
        }
        return out;
    }

    /**
     * Out vector {@code o}, lane {@code q} holds element {@code i = o L + q} of the interleaving: row {@code i % 3},
     * step {@code i / 3}. For each row, the step its value in lane {@code q} comes from, in the one out vector where
     * lane {@code q} is that row's.
     */
    @SuppressWarnings("unchecked")
    private static VectorShuffle<Float>[] rowLanes() {
        VectorShuffle<Float>[] out = new VectorShuffle[3];
        for (int row = 0; row < 3; row++) {
            int[] idx = new int[L];
            for (int q = 0; q < L; q++) {
                for (int o = 0; o < 3; o++) {
                    int i = o * L + q;
                    if (i % 3 == row) {
                        idx[q] = i / 3;
                    }
                }
            }
            out[row] = VectorShuffle.fromArray(F, idx, 0);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static VectorMask<Float>[][] rowOfLane() {
        VectorMask<Float>[][] out = new VectorMask[3][3];
        for (int o = 0; o < 3; o++) {
            for (int row = 0; row < 3; row++) {
                boolean[] m = new boolean[L];
                for (int q = 0; q < L; q++) {
                    m[q] = (o * L + q) % 3 == row;
                }
                out[o][row] = VectorMask.fromArray(F, m, 0);
            }
        }
        return out;
    }
}
