package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.graph.DataType;
import dev.panbench.adapters.onnxruntime.graph.OnnxGraph;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;

import java.util.Arrays;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A catalog entry as an ONNX graph: the problem's operands become graph inputs (fed at every run, as every other
 * backend takes them) or, for the names in {@code weights}, initializers stored in the model (a layer's weights); the
 * nodes read them and write the output {@value #OUTPUT}.
 *
 * @param entry   the catalog entry computed
 * @param version the graph generator's version: part of the cached model's key, raised whenever {@code nodes} or
 *                the way operands are stored changes, so no older file is ever read for a newer graph
 * @param ops     the ONNX operators used, for descriptions
 * @param weights the operands stored as initializers
 * @param nodes   adds the nodes, reading operands by their catalog names
 */
record CatalogGraph(CatalogEntry entry, int version, String ops, Set<String> weights,
                    BiConsumer<Problem, OnnxGraph> nodes) {

    static final String OUTPUT = "y";

    /** The graph at this problem's shape. */
    OnnxGraph graph(Problem problem) {
        OnnxGraph g = new OnnxGraph(entry.name().replace('/', '_'));
        for (Operand o : problem.inputs()) {
            long[] dims = Arrays.stream(o.dims()).asLongStream().toArray();
            if (!weights.contains(o.name())) {
                g.input(o.name(), o.floats() != null ? DataType.FLOAT : DataType.UINT8, dims);
            } else if (o.floats() != null) {
                g.initializer(o.name(), o.floats(), dims);
            } else {
                g.initializer(o.name(), DataType.UINT8, o.bytes(), dims);
            }
        }
        nodes.accept(problem, g);
        g.output(OUTPUT, DataType.FLOAT, Arrays.stream(problem.outputDims()).asLongStream().toArray());
        return g;
    }
}
