package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The ML workloads every backend can implement, each declared once ({@link CatalogEntry}). Adapters look entries up
 * by name; reports read which entry a result computes from its {@code role} in the results file, never from here.
 */
public final class Catalog {

    /** Every entry in the order declared below: each declaration adds itself ({@link #declare}). */
    private static final List<CatalogEntry> ALL = new ArrayList<>();

    public static final CatalogEntry BINARY_ADD = declare(new BinaryAddEntry());
    public static final CatalogEntry SGEMM = declare(new SgemmEntry());
    public static final CatalogEntry SOFTMAX_ROWS = declare(new SoftmaxRowsEntry());
    public static final CatalogEntry LAYERNORM_ROWS = declare(new LayerNormRowsEntry());
    public static final CatalogEntry BERT_LAYER = declare(new BertLayerEntry());
    public static final CatalogEntry GPT2_DECODE = declare(new Gpt2DecodeEntry());
    public static final CatalogEntry LLAMA_DECODE = declare(new LlamaDecodeEntry());
    public static final CatalogEntry GENERATE = declare(new GenerateEntry());
    public static final CatalogEntry MATMUL_INT4 = declare(new MatmulNBitsEntry(4));
    public static final CatalogEntry MATMUL_INT8 = declare(new MatmulNBitsEntry(8));
    public static final CatalogEntry REDUCE_SUM = declare(new ReduceEntry(ReduceEntry.Kind.SUM));
    public static final CatalogEntry REDUCE_MAX = declare(new ReduceEntry(ReduceEntry.Kind.MAX));
    public static final CatalogEntry REDUCE_DOT = declare(new ReduceEntry(ReduceEntry.Kind.DOT));
    public static final CatalogEntry UNARY_EXP = declare(UnaryEntry.withinUlps("exp", Math::exp, -80f, 80f, 4));
    public static final CatalogEntry UNARY_TANH = declare(UnaryEntry.withinUlps("tanh", Math::tanh, -10f, 10f, 4));
    public static final CatalogEntry UNARY_GELU = declare(UnaryEntry.geluTanh());
    public static final TokenizeEntry TOKENIZE = declare(new TokenizeEntry());
    public static final OptimizerStepEntry OPTIM_ADAMW = declare(OptimizerStepEntry.adamW());
    public static final OptimizerStepEntry OPTIM_SGD_MOMENTUM = declare(OptimizerStepEntry.sgdMomentum());

    private Catalog() {
    }

    public static List<CatalogEntry> all() {
        return Collections.unmodifiableList(ALL);
    }

    private static <E extends CatalogEntry> E declare(E entry) {
        if (find(entry.name()).isPresent()) {
            throw new IllegalStateException("catalog entry " + entry.name() + " declared twice");
        }
        ALL.add(entry);
        return entry;
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
