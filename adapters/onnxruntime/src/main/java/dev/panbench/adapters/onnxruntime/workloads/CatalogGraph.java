package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.graph.DataType;
import dev.panbench.adapters.onnxruntime.graph.OnnxGraph;
import dev.panbench.harness.catalog.CatalogEntry;
import dev.panbench.harness.catalog.Operand;
import dev.panbench.harness.catalog.Problem;

import java.util.Arrays;
import dev.panbench.harness.spi.Params;
import java.util.function.Predicate;

/**
 * A catalog entry as an ONNX graph: the problem's operands become graph inputs (fed at every run, as every other
 * backend takes them) or, for the names in {@code weights}, initializers stored in the model (a layer's weights); the
 * nodes read them and write the output {@value #OUTPUT}.
 *
 * @param entry   the catalog entry computed
 * @param version the graph generator's version: part of the cached model's key, raised whenever {@code nodes} or
 *                the way operands are stored changes, so no older file is ever read for a newer graph
 * @param ops     the ONNX operators used, for descriptions
 * @param weight  which operands are stored as initializers (by name)
 * @param nodes   adds the nodes, reading operands by their catalog names
 */
record CatalogGraph(CatalogEntry entry, int version, String ops, Predicate<String> weight,
                    Nodes nodes) {

    /** Adds a graph's nodes for a problem at its shape parameters. */
    interface Nodes {
        void add(Problem problem, Params shape, OnnxGraph graph);
    }

    static final String OUTPUT = "y";

    /** Every operand a graph input: primitive workloads, fed like every other backend's. */
    static final Predicate<String> NO_WEIGHTS = name -> false;

    /** The CRC-32 of the bytes of every weight operand (floats little-endian), hex; null for a graph without. */
    String weightsCrc(Problem problem) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        boolean any = false;
        for (Operand o : problem.inputs()) {
            if (!weight.test(o.name())) {
                continue;
            }
            any = true;
            if (o.floats() != null) {
                java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(o.floats().length * 4)
                        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
                b.asFloatBuffer().put(o.floats());
                crc.update(b.array());
            } else {
                crc.update(o.bytes());
            }
        }
        return any ? String.format(java.util.Locale.ROOT, "%08x", crc.getValue()) : null;
    }

    /**
     * The element type of a byte operand stored in the model, by the catalog's naming: {@code <matrix>_bf16}
     * bfloat16 patterns, {@code <matrix>_int8} signed bytes, anything else (MatMulNBits' packed weights) unsigned.
     */
    static DataType byteType(String name) {
        return name.endsWith("_bf16") ? DataType.BFLOAT16 : name.endsWith("_int8") ? DataType.INT8 : DataType.UINT8;
    }

    /** The graph of this problem, at its shape parameters {@code shape}. */
    OnnxGraph graph(Problem problem, Params shape) {
        OnnxGraph g = new OnnxGraph(entry.name().replace('/', '_'));
        for (Operand o : problem.inputs()) {
            long[] dims = Arrays.stream(o.dims()).asLongStream().toArray();
            if (!weight.test(o.name())) {
                g.input(o.name(), o.floats() != null ? DataType.FLOAT : DataType.UINT8, dims);
            } else if (o.floats() != null) {
                g.initializer(o.name(), o.floats(), dims);
            } else {
                g.initializer(o.name(), byteType(o.name()), o.bytes(), dims);
            }
        }
        nodes.add(problem, shape, g);
        g.output(OUTPUT, DataType.FLOAT, Arrays.stream(problem.outputDims()).asLongStream().toArray());
        return g;
    }
}
