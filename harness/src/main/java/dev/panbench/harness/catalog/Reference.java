package dev.panbench.harness.catalog;

/**
 * The float64 answer of a catalog problem, for every output element or for the elements {@code at} lists (large
 * products are checked on sampled rows). {@code magnitude} is the scale each element's rounding error grows with:
 * {@code |value|} for element-wise results, {@code sum |terms|} for sums of products.
 *
 * @param at        the output indices checked, ascending; null for every element in order
 * @param value     the reference value of each checked element
 * @param magnitude the error scale of each checked element
 */
public record Reference(int[] at, double[] value, double[] magnitude) {

    public Reference {
        if (value.length != magnitude.length || (at != null && at.length != value.length)) {
            throw new IllegalArgumentException("reference arrays of different lengths");
        }
    }

    /** Every element, with {@code |value|} as its scale. */
    public static Reference elementwise(double[] value) {
        double[] mag = new double[value.length];
        for (int i = 0; i < value.length; i++) {
            mag[i] = Math.abs(value[i]);
        }
        return new Reference(null, value, mag);
    }

    public int size() {
        return value.length;
    }

    /** The output index of the {@code i}-th checked element. */
    public int index(int i) {
        return at == null ? i : at[i];
    }
}
