package dev.panbench.adapters.jvm;

/** The array sum shared by {@link ArraySum} and {@link HandWrittenBenchmarks#arraySum}, which calibrates it. */
public final class ArraySumKernel {

    private ArraySumKernel() {
    }

    public static float[] input(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 1000) * 0.001f;
        }
        return a;
    }

    public static float sum(float[] a) {
        float s = 0f;
        for (float v : a) {
            s += v;
        }
        return s;
    }
}
