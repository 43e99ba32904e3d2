package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.Pool;
import dev.panbench.adapters.cpusimd.kernels.TensorOps;
import dev.panbench.harness.catalog.Reference;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.List;
import java.util.Map;

/** {@code pool/max2x2}, {@code pool/avg2x2} and {@code tensor/*}: data movement more than arithmetic. */
final class LayoutWorkloads {

    private LayoutWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(
                pool("max"), pool("avg"),
                tensor("zeros", "a zero-filled tensor", 4),
                tensor("ones", "a one-filled tensor", 4),
                tensor("random", "a uniform [0,1) tensor from a counter-based hash", 4),
                tensor("transpose", "2-D transpose into a new tensor", 8, "scalar", "simd", "numpy", "torch"),
                tensor("reshape-copy", "a strided (row-padded) view copied to a contiguous tensor", 8));
    }

    private static WorkloadSpec pool(String op) {
        return WorkloadSpec.builder("pool/" + op + "2x2")
                .description(op + " pooling 2x2 stride 2 over CxHxW")
                .param("shape", "64x112x112").param("dtype", "f32").param("impl", "scalar", "simd").defaultProfileOnly()
                .counts(p -> {
                    long n = SeededInputs.elements(p, "shape");
                    return new OpCounts(n / 4, 4 * (n + n / 4), n);
                })
                .factory(() -> new KernelWorkload(p -> pool(op, p))).build();
    }

    private static Case pool(String op, Params p) {
        int[] d = SeededInputs.dims("shape", p.get("shape"), 3);
        int c = d[0], h = d[1], w = d[2];
        if (h % 2 != 0 || w % 2 != 0) {
            throw new IllegalArgumentException("pool 2x2 needs even H and W: " + p.get("shape"));
        }
        float[] in = SeededInputs.uniform(c * h * w, 18, -5f, 5f);
        float[] out = new float[c * h * w / 4];
        boolean simd = Impl.of(p) == Impl.SIMD;
        boolean max = op.equals("max");
        Case.Kernel k;
        if (max) {
            k = simd ? () -> {
                Pool.maxSimd(in, out, c, h, w);
                return 0;
            } : () -> {
                Pool.maxScalar(in, out, c, h, w);
                return 0;
            };
        } else {
            k = simd ? () -> {
                Pool.avgSimd(in, out, c, h, w);
                return 0;
            } : () -> {
                Pool.avgScalar(in, out, c, h, w);
                return 0;
            };
        }
        return new Case(k, r -> {
            double[] ref = poolReference(in, c, h, w, max);
            if (max) {
                Tolerance.ulps(0).check(p.get("impl") + " max pool", ref, out);
                return;
            }
            // three float additions, each rounding by at most 2^-24 of the running magnitude, bounded by sum |x| / 4
            double[] scale = poolReference(absolute(in), c, h, w, false);
            Tolerance.scaled(4 * Tolerance.EPS, 1e-30).check(p.get("impl") + " avg pool",
                    new Reference(null, ref, scale), out);
        });
    }

    private static float[] absolute(float[] a) {
        float[] b = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = Math.abs(a[i]);
        }
        return b;
    }

    static double[] poolReference(float[] in, int c, int h, int w, boolean max) {
        int oh = h / 2;
        int ow = w / 2;
        double[] ref = new double[c * oh * ow];
        for (int ci = 0; ci < c; ci++) {
            for (int y = 0; y < oh; y++) {
                for (int x = 0; x < ow; x++) {
                    int i0 = (ci * h + 2 * y) * w + 2 * x;
                    double a = in[i0], b = in[i0 + 1], e = in[i0 + w], f = in[i0 + w + 1];
                    ref[(ci * oh + y) * ow + x] = max ? Math.max(Math.max(a, b), Math.max(e, f)) : (a + b + e + f) / 4;
                }
            }
        }
        return ref;
    }

    private static WorkloadSpec tensor(String op, String description, int bytesPerElement) {
        return tensor(op, description, bytesPerElement, "scalar", "simd");
    }

    private static WorkloadSpec tensor(String op, String description, int bytesPerElement, String... impls) {
        return WorkloadSpec.builder("tensor/" + op).description(description)
                .param("size", "1000x1000").param("dtype", "f32").param("impl", impls).defaultProfileOnly()
                .counts(p -> new OpCounts(SeededInputs.elements(p, "size"),
                        (long) bytesPerElement * SeededInputs.elements(p, "size"), 0))
                .role(Impl::ownRole)
                .availability(Impl::availability)
                .factory(() -> new KernelWorkload(p -> tensor(op, p))).build();
    }

    private static Case tensor(String op, Params p) {
        int[] d = SeededInputs.dims("size", p.get("size"));
        int rows = d.length == 1 ? 1 : d[0];
        int cols = d.length == 1 ? d[0] : d[1];
        int n = rows * cols;
        boolean simd = Impl.of(p) == Impl.SIMD;
        String what = p.get("impl") + " " + op + " " + p.get("size");
        float[] out = new float[n];
        return switch (op) {
            case "zeros", "ones" -> {
                float value = op.equals("zeros") ? 0f : 1f;
                java.util.Arrays.fill(out, 42f);
                yield new Case(simd ? () -> {
                    TensorOps.fillSimd(out, value);
                    return 0;
                } : () -> {
                    TensorOps.fillScalar(out, value);
                    return 0;
                }, r -> {
                    for (int i = 0; i < n; i++) {
                        // Float.equals compares bits: -0 is not 0
                        VerificationException.checkEquals(what + " [" + i + "]", value, out[i]);
                    }
                });
            }
            case "random" -> new Case(simd ? () -> {
                TensorOps.randomSimd(out, 1234);
                return 0;
            } : () -> {
                TensorOps.randomScalar(out, 1234);
                return 0;
            }, r -> checkRandom(what, out));
            case "transpose" -> {
                float[] in = SeededInputs.uniform(n, 19, -1f, 1f);
                int[] offsets = TensorOps.columnOffsets(cols);
                FrameworkCall fw = Impl.of(p).framework()
                        ? FrameworkCall.of(p, "tensor.transpose", Map.of("rows", rows, "cols", cols), "x", in) : null;
                yield new Case(fw != null ? fw.into(out) : simd ? () -> {
                    TensorOps.transposeSimd(in, out, rows, cols, offsets);
                    return 0;
                } : () -> {
                    TensorOps.transposeScalar(in, out, rows, cols);
                    return 0;
                }, r -> {
                    for (int i = 0; i < rows; i++) {
                        for (int j = 0; j < cols; j++) {
                            VerificationException.checkEquals(what + " [" + j + "," + i + "]", in[i * cols + j],
                                    out[j * rows + i]);
                        }
                    }
                }).with(fw);
            }
            case "reshape-copy" -> {
                int pitch = cols + 16;
                float[] in = SeededInputs.uniform(rows * pitch, 20, -1f, 1f);
                yield new Case(simd ? () -> {
                    TensorOps.reshapeCopySimd(in, pitch, out, rows, cols);
                    return 0;
                } : () -> {
                    TensorOps.reshapeCopyScalar(in, pitch, out, rows, cols);
                    return 0;
                }, r -> {
                    for (int i = 0; i < rows; i++) {
                        for (int j = 0; j < cols; j++) {
                            VerificationException.checkEquals(what + " [" + i + "," + j + "]", in[i * pitch + j],
                                    out[i * cols + j]);
                        }
                    }
                });
            }
            default -> throw new IllegalArgumentException(op);
        };
    }

    /** Bit-equal to the scalar definition, inside [0, 1), and a mean within 5 sigma of 1/2. */
    private static void checkRandom(String what, float[] out) throws VerificationException {
        double sum = 0;
        for (int i = 0; i < out.length; i++) {
            float ref = TensorOps.random(1234, i);
            if (Float.floatToIntBits(ref) != Float.floatToIntBits(out[i]) || !(out[i] >= 0f && out[i] < 1f)) {
                throw new VerificationException(what + " [" + i + "]: expected " + ref + " but got " + out[i]);
            }
            sum += out[i];
        }
        double mean = sum / out.length;
        double sigma = Math.sqrt(1.0 / 12 / out.length);
        if (Math.abs(mean - 0.5) > 5 * sigma + 1e-12) {
            throw new VerificationException(what + ": mean " + mean + " is not within 5 sigma of 0.5");
        }
    }
}
