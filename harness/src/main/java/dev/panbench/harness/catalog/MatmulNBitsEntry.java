package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;

/**
 * {@code quant/matmul-int4} and {@code quant/matmul-int8}: weight-only quantized matrix multiply,
 * {@code C[m][n] = A[m][k] dequant(B)}, A float32, B symmetric INT4 or INT8 with one float scale per block of 32
 * along k, packed as {@link Int4Blocks} or {@link Int8Blocks} describes (ONNX Runtime's MatMulNBits layout at 4 and
 * 8 bits). Defaults: the BERT FFN's first product, {@code m} 128 (batch 1 x seq 128), {@code k} 768, {@code n} 3072.
 * Inputs: {@code a} {@code [m][k]} normal with standard deviation 1; {@code b_packed} ({@code uint8 [n][k/32][16]}
 * at 4 bits, {@code [n][k/32][32]} at 8) and {@code scales} ({@code [n][k/32]}) of a normal {@code [k][n]} weight
 * matrix of standard deviation 0.02. The reference is the float64 product of A and the dequantized B on sampled rows
 * (as {@code gemm/sgemm}), each element within {@code 16 sqrt(k) 2^-24 sum |a b|}: the weights are exact once
 * dequantized, what is left is a float32 sum of k products.
 */
final class MatmulNBitsEntry extends CatalogEntry {

    private final int bits;

    MatmulNBitsEntry(int bits) {
        super("quant/matmul-int" + bits, "C = A dequant(B), B weight-only INT" + bits
                        + ", symmetric, block 32 along k (MatMulNBits)",
                List.of(ParamSpec.of("m", "128"), ParamSpec.of("k", "768"), ParamSpec.of("n", "3072")));
        if (bits != 4 && bits != 8) {
            throw new IllegalArgumentException("bits=" + bits + ": expected 4 or 8");
        }
        this.bits = bits;
    }

    /** Bytes: A, the packed weights with their scales, and C once. */
    @Override
    public OpCounts counts(Params p) {
        long m = p.getLong("m"), k = p.getLong("k"), n = p.getLong("n");
        return new OpCounts(m * n, 4 * m * k + weightBytes(p) + 4 * m * n, 2 * m * n * k);
    }

    /** The packed weights' and scales' footprint in bytes. */
    @Override
    public long weightBytes(Params p) {
        long k = p.getLong("k"), n = p.getLong("n");
        return n * k * bits / 8 + 4 * n * (k / Int4Blocks.BLOCK);
    }

    @Override
    protected Problem create(Params shape, String title) {
        int m = BertLayerEntry.positive(shape, "m"), k = BertLayerEntry.positive(shape, "k");
        int n = BertLayerEntry.positive(shape, "n");
        float[] a = SeededInputs.normal(Math.multiplyExact(m, k), 61, 1);
        float[] w = SeededInputs.normal(Math.multiplyExact(k, n), 62, 0.02);
        Int4Blocks.Packed b = bits == 4 ? Int4Blocks.quantize(w, k, n) : Int8Blocks.quantize(w, k, n);
        float[] dequantized = bits == 4 ? Int4Blocks.dequantize(b) : Int8Blocks.dequantize(b);
        int nb = k / Int4Blocks.BLOCK;
        return new Problem(title, List.of(Operand.of("a", a, m, k),
                Operand.bytes("b_packed", b.data(), n, nb, Int4Blocks.BLOCK * bits / 8),
                Operand.of("scales", b.scales(), n, nb)), new int[]{m, n},
                () -> SgemmEntry.reference(a, dequantized, m, n, k),
                Tolerance.scaled(Tolerance.sumTolerance(k), 1e-30));
    }
}
