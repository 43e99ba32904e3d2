package com.example.acme;

/** The code under measurement: replace it with yours (a Vector API loop, an FFM call into your library...). */
final class Kernels {

    private Kernels() {
    }

    static float dot(float[] a, float[] b) {
        float s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
