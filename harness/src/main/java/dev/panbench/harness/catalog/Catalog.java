package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;

import java.util.List;
import java.util.Optional;

/**
 * The ML workloads every backend can implement, each declared once ({@link CatalogEntry}). Adapters look entries up
 * by name; reports read which entry a result computes from its {@code role} in the results file, never from here.
 */
public final class Catalog {

    public static final CatalogEntry BINARY_ADD = new BinaryAddEntry();
    public static final CatalogEntry SGEMM = new SgemmEntry();
    public static final CatalogEntry SOFTMAX_ROWS = new SoftmaxRowsEntry();
    public static final CatalogEntry LAYERNORM_ROWS = new LayerNormRowsEntry();
    public static final CatalogEntry BERT_LAYER = new BertLayerEntry();
    public static final CatalogEntry GPT2_DECODE = new Gpt2DecodeEntry();
    public static final CatalogEntry MATMUL_INT4 = new MatmulNBitsEntry(4);
    public static final CatalogEntry MATMUL_INT8 = new MatmulNBitsEntry(8);
    public static final CatalogEntry REDUCE_SUM = new ReduceEntry(ReduceEntry.Kind.SUM);
    public static final CatalogEntry REDUCE_MAX = new ReduceEntry(ReduceEntry.Kind.MAX);
    public static final CatalogEntry REDUCE_DOT = new ReduceEntry(ReduceEntry.Kind.DOT);
    public static final CatalogEntry UNARY_EXP = new UnaryEntry("exp", Math::exp, -80f, 80f, 4);
    public static final CatalogEntry UNARY_TANH = new UnaryEntry("tanh", Math::tanh, -10f, 10f, 4);
    public static final TokenizeEntry TOKENIZE = new TokenizeEntry();

    private static final List<CatalogEntry> ALL = List.of(BINARY_ADD, SGEMM, SOFTMAX_ROWS, LAYERNORM_ROWS, BERT_LAYER,
            GPT2_DECODE, MATMUL_INT4, MATMUL_INT8, REDUCE_SUM, REDUCE_MAX, REDUCE_DOT, UNARY_EXP, UNARY_TANH,
            TOKENIZE);

    private Catalog() {
    }

    public static List<CatalogEntry> all() {
        return ALL;
    }

    public static Optional<CatalogEntry> find(String name) {
        return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** The weights' footprint of a result's role in bytes, or 0 (no role, an entry without weights, one unknown). */
    public static long weightBytes(Role role) {
        if (role == null || role.catalog() == null) {
            return 0;
        }
        return find(role.catalog()).map(e -> e.weightBytes(e.shapeOf(new Params(
                role.shape())))).orElse(0L);
    }

    /** The entry called {@code name}; throws naming the entries there are. */
    public static CatalogEntry entry(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no catalog entry " + name + " (have "
                + ALL.stream().map(CatalogEntry::name).toList() + ")"));
    }
}
