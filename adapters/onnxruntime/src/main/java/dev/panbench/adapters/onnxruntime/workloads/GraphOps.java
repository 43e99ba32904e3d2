package dev.panbench.adapters.onnxruntime.workloads;

import dev.panbench.adapters.onnxruntime.graph.Attribute;
import dev.panbench.adapters.onnxruntime.graph.OnnxGraph;

import java.util.List;

/**
 * Adds operators to a graph one expression at a time: each call names its result ({@code MatMul_3}) and returns the
 * name, constants (shapes, scales) become initializers, and {@link #intoOutput} writes the graph's output.
 */
final class GraphOps {

    private final OnnxGraph g;
    private int values;

    GraphOps(OnnxGraph g) {
        this.g = g;
    }

    String op(String type, List<String> in, Attribute... attributes) {
        String out = type + "_" + values++;
        g.node(type, in, List.of(out), attributes);
        return out;
    }

    /** The last operator, writing the graph's output. */
    void intoOutput(String type, List<String> in, Attribute... attributes) {
        g.node(type, in, List.of(CatalogGraph.OUTPUT), attributes);
    }

    String matMul(String a, String b) {
        return op("MatMul", List.of(a, b));
    }

    String add(String a, String b) {
        return op("Add", List.of(a, b));
    }

    String mul(String a, String b) {
        return op("Mul", List.of(a, b));
    }

    /** {@code x W + b}. */
    String linear(String x, String w, String b) {
        return add(matMul(x, w), b);
    }

    String reshape(String x, long... shape) {
        String s = "shape_" + values++;
        g.initializer(s, shape, shape.length);
        return op("Reshape", List.of(x, s));
    }

    String transpose(String x, long... perm) {
        return op("Transpose", List.of(x), Attribute.ints("perm", perm));
    }

    String softmaxLastAxis(String x) {
        return op("Softmax", List.of(x), Attribute.of("axis", -1L));
    }

    String layerNorm(String x, String gamma, String beta, float eps) {
        return op("LayerNormalization", List.of(x, gamma, beta), Attribute.of("axis", -1L),
                Attribute.of("epsilon", eps));
    }

    /** ONNX Gelu (opset 20): {@code approximate} {@code none} (erf) or {@code tanh}. */
    String gelu(String x, String approximate) {
        return op("Gelu", List.of(x), Attribute.of("approximate", approximate));
    }

    /** A float32 scalar constant. */
    String scalar(float value) {
        String s = "const_" + values++;
        g.initializer(s, new float[]{value});
        return s;
    }
}
