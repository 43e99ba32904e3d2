package dev.panbench.harness.catalog;

import dev.panbench.harness.spi.Params;

import java.util.Arrays;

/**
 * How a model entry's weights are stored and what its matrix products compute, the {@code weights} parameter of
 * {@code model/llama-decode}: every result id and table row states it.
 * <ul>
 *   <li>{@code f32}: float32 weights, float32 products;</li>
 *   <li>{@code bf16}: bfloat16 weights ({@link Bf16}: the seeded float32 weights rounded to nearest even), float32
 *       activations and accumulation;</li>
 *   <li>{@code int4}: INT4 weights, block 32, symmetric ({@link Int4Blocks}), float32 activations;</li>
 *   <li>{@code int8-dynamic}: INT8 weights in reduced range (7 bits, exact on CPUs without VNNI) with a scale per
 *       output channel and the activations quantized to uint8 at
 *       run time, one scale and zero point per tensor, products in int32 rescaled to float32
 *       ({@link DynamicInt8});</li>
 *   <li>{@code int4-dynamic}: the INT4 weights of {@code int4} and the activations quantized to int8 at run time,
 *       one scale per block of 32 along k, integer products rescaled per block ({@link Int4Dynamic}).</li>
 * </ul>
 */
public enum WeightFormat {
    F32("f32", "fp32 weights, fp32 compute"),
    BF16("bf16", "bf16 weights, fp32 activations and accumulation"),
    INT4("int4", "int4 weights (block 32), fp32 activations"),
    INT8_DYNAMIC("int8-dynamic", "int8 weights per channel in reduced range (exact on CPUs without VNNI), uint8"
            + " activations per tensor at run time, int32 accumulate"),
    INT4_DYNAMIC("int4-dynamic", "int4 weights (block 32), int8 activations per block at run time, int accumulate");

    /** The parameter's name. */
    public static final String PARAM = "weights";

    private final String value;
    private final String precision;

    WeightFormat(String value, String precision) {
        this.value = value;
        this.precision = precision;
    }

    /** The parameter value, {@code bf16}. */
    public String value() {
        return value;
    }

    /** The precision in words, as descriptions state it. */
    public String precision() {
        return precision;
    }

    /** The format {@code params} name ({@code f32} when they name none). */
    public static WeightFormat of(Params params) {
        return of(params.get(PARAM, F32.value));
    }

    public static WeightFormat of(String value) {
        for (WeightFormat f : values()) {
            if (f.value.equals(value)) {
                return f;
            }
        }
        throw new IllegalArgumentException(PARAM + "=" + value + ": expected one of "
                + String.join(", ", Arrays.stream(values()).map(WeightFormat::value).toList()));
    }
}
