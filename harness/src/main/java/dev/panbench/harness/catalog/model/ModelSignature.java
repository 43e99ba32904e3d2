package dev.panbench.harness.catalog.model;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a user's ONNX model declares about itself: the default-domain opset, the graph's inputs (initializers left
 * out) and outputs with their element types and dimensions, and the operators it uses.
 *
 * @param opset     the version of the default ({@code ai.onnx}) domain
 * @param opsets    every domain's import, as {@code domain:version} ({@code ai.onnx:17}, {@code com.microsoft:1})
 * @param operators every operator type the graph and its subgraphs use, in first-use order
 */
public record ModelSignature(long irVersion, long opset, List<String> opsets, String producer,
                             List<TensorSpec> inputs, List<TensorSpec> outputs, List<String> operators) {

    public ModelSignature {
        opsets = List.copyOf(opsets);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        operators = List.copyOf(operators);
    }

    /** One dimension: a fixed size ({@code value >= 0}) or a free one named {@code param} (null where unnamed). */
    public record Dim(long value, String param) {

        public boolean free() {
            return value < 0;
        }

        @Override
        public String toString() {
            return free() ? (param == null ? "?" : param) : Long.toString(value);
        }
    }

    /**
     * A graph input or output: {@code type} empty where its element type is one panbench does not take
     * ({@code typeName} says which), {@code dims} null where its rank is unknown.
     */
    public record TensorSpec(String name, Optional<ElementType> type, String typeName, List<Dim> dims) {

        public String typeText() {
            return type.map(ElementType::label).orElse(typeName);
        }

        public String dimsText() {
            return dims == null ? "[rank unknown]" : dims.toString();
        }
    }

    /** The free dimensions' names, in the order the inputs first name them; an unnamed one is named by its place. */
    public List<String> freeDimensions() {
        Set<String> out = new LinkedHashSet<>();
        for (TensorSpec t : inputs) {
            if (t.dims() == null) {
                continue;
            }
            for (int i = 0; i < t.dims().size(); i++) {
                Dim d = t.dims().get(i);
                if (d.free()) {
                    out.add(paramName(t, i));
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * The parameter name of input {@code t}'s free dimension {@code i}: its {@code dim_param} where that is a word
     * ({@code batch_size}; other characters become {@code _}), else {@code <input>_<i>}.
     */
    public static String paramName(TensorSpec t, int i) {
        String p = t.dims().get(i).param();
        String raw = p == null || p.isBlank() ? t.name() + "_" + i : p;
        String clean = raw.replaceAll("[^A-Za-z0-9_-]", "_");
        return Character.isLetter(clean.charAt(0)) ? clean : "d" + clean;
    }

    /** Operators that hold subgraphs a compiler must lower as control flow. */
    public List<String> controlFlow() {
        return operators.stream().filter(o -> o.equals("If") || o.equals("Loop") || o.equals("Scan")).toList();
    }
}
