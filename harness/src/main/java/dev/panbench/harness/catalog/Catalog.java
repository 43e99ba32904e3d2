package dev.panbench.harness.catalog;

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

    private static final List<CatalogEntry> ALL = List.of(BINARY_ADD, SGEMM, SOFTMAX_ROWS, LAYERNORM_ROWS);

    private Catalog() {
    }

    public static List<CatalogEntry> all() {
        return ALL;
    }

    public static Optional<CatalogEntry> find(String name) {
        return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** The entry called {@code name}; throws naming the entries there are. */
    public static CatalogEntry entry(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no catalog entry " + name + " (have "
                + ALL.stream().map(CatalogEntry::name).toList() + ")"));
    }
}
