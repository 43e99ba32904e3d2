package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.Params;

import java.util.List;

/**
 * {@code quant/matmul-int4}: weight-only INT4, {@code C[m][n] = A[m][k] dequant(B)}, A float32, B symmetric INT4 with
 * one float scale per block of 32 along k, packed as {@link Int4Blocks} describes (ONNX Runtime's MatMulNBits
 * layout). Defaults: the BERT FFN's first product, {@code m} 128 (batch 1 x seq 128), {@code k} 768, {@code n} 3072.
 * Inputs: {@code a} {@code [m][k]} normal with standard deviation 1; {@code b_packed} ({@code uint8 [n][k/32][16]})
 * and {@code scales} ({@code [n][k/32]}) of a normal {@code [k][n]} weight matrix of standard deviation 0.02.
 * The reference is the float64 product of A and the dequantized B on sampled rows (as {@code gemm/sgemm}), each
 * element within {@code 16 sqrt(k) 2^-24 sum |a b|}: the weights are exact once dequantized, what is left is a
 * float32 sum of k products.
 */
final class MatmulInt4Entry extends CatalogEntry {

    MatmulInt4Entry() {
        super("quant/matmul-int4", "C = A dequant(B), B weight-only INT4, symmetric, block 32 along k (MatMulNBits)",
                List.of(ParamSpec.of("m", "128"), ParamSpec.of("k", "768"), ParamSpec.of("n", "3072")));
    }

    /** Bytes: A, the packed weights with their scales, and C once. */
    @Override
    public OpCounts counts(Params p) {
        long m = p.getLong("m"), k = p.getLong("k"), n = p.getLong("n");
        return new OpCounts(m * n, 4 * m * k + n * k / 2 + 4 * n * (k / Int4Blocks.BLOCK) + 4 * m * n,
                2 * m * n * k);
    }

    /** The packed weights' and scales' footprint in bytes. */
    @Override
    public long weightBytes(Params p) {
        long k = p.getLong("k"), n = p.getLong("n");
        return n * k / 2 + 4 * n * (k / Int4Blocks.BLOCK);
    }

    @Override
    protected Problem create(Params shape, String title) {
        int m = BertLayerEntry.positive(shape, "m"), k = BertLayerEntry.positive(shape, "k");
        int n = BertLayerEntry.positive(shape, "n");
        int nb = Int4Blocks.blocks(k);
        float[] a = SeededInputs.normal(Math.multiplyExact(m, k), 61, 1);
        Int4Blocks.Packed b = Int4Blocks.quantize(SeededInputs.normal(Math.multiplyExact(k, n), 62, 0.02), k, n);
        return new Problem(title, List.of(Operand.of("a", a, m, k),
                Operand.bytes("b_packed", b.data(), n, nb, Int4Blocks.BLOCK_BYTES),
                Operand.of("scales", b.scales(), n, nb)), new int[]{m, n},
                () -> SgemmEntry.reference(a, Int4Blocks.dequantize(b), m, n, k),
                Tolerance.scaled(Tolerance.sumTolerance(k), 1e-30));
    }
}
