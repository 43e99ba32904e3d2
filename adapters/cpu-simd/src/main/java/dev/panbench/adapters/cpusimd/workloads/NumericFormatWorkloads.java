package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.HalfFloat;
import dev.panbench.adapters.cpusimd.kernels.Quant;
import dev.panbench.harness.catalog.SeededInputs;
import dev.panbench.harness.catalog.Tolerance;
import dev.panbench.harness.spi.OpCounts;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;
import dev.panbench.harness.spi.ParamSpec;

import java.util.List;

/** {@code quant/quantize|dequantize|dot} (INT8) and {@code half/convert} (FP16 and BF16, both directions). */
final class NumericFormatWorkloads {

    private NumericFormatWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(
                quant("quantize", "float32 to int8, per-tensor scale and zero point", 5, 2),
                quant("dequantize", "int8 to float32, per-tensor scale and zero point", 5, 2),
                quant("dot", "int8 dot product accumulated exactly in int32", 2, 2),
                WorkloadSpec.builder("half/convert")
                        .description("float32 to or from FP16 / BF16, round to nearest even")
                        .param("size", "1048576").param("format", "f16", "bf16").param("direction", "encode", "decode")
                        .param("impl", "scalar", "simd").defaultProfileOnly()
                        .counts(p -> new OpCounts(size(p), 6 * size(p), 0))
                        .factory(() -> new KernelWorkload(NumericFormatWorkloads::half)).build());
    }

    private static long size(Params p) {
        return SeededInputs.elements(p, "size");
    }

    private static WorkloadSpec quant(String op, String description, int bytes, int ops) {
        return WorkloadSpec.builder("quant/" + op).description(description)
                .param(ParamSpec.of("size", "65536", "1048576").quick("65536")).param("dtype", "int8").param("impl", "scalar", "simd")
                .defaultProfileOnly()
                .counts(p -> new OpCounts(size(p), bytes * size(p), ops * size(p)))
                .factory(() -> new KernelWorkload(p -> quant(op, p))).build();
    }

    private static Case quant(String op, Params p) {
        int n = SeededInputs.elements(p, "size");
        boolean simd = Impl.of(p) == Impl.SIMD;
        String what = p.get("impl") + " " + op;
        float scale = 0.05f;
        float inv = 1f / scale;
        int zp = -3;
        return switch (op) {
            case "quantize" -> {
                float[] x = SeededInputs.uniform(n, 21, -7f, 7f);
                byte[] q = new byte[n];
                yield new Case(simd ? () -> {
                    Quant.quantizeSimd(x, q, inv, zp);
                    return 0;
                } : () -> {
                    Quant.quantizeScalar(x, q, inv, zp);
                    return 0;
                }, r -> {
                    for (int i = 0; i < n; i++) {
                        // the definition in float64: the float product, rounded half to even, shifted, clamped
                        double v = Math.rint((double) (x[i] * inv)) + zp;
                        int ref = (int) Math.max(-128, Math.min(127, v));
                        VerificationException.checkEquals(what + " [" + i + "] of " + x[i], ref, (int) q[i]);
                    }
                });
            }
            case "dequantize" -> {
                byte[] q = bytes(n, 22);
                float[] x = new float[n];
                yield new Case(simd ? () -> {
                    Quant.dequantizeSimd(q, x, scale, zp);
                    return 0;
                } : () -> {
                    Quant.dequantizeScalar(q, x, scale, zp);
                    return 0;
                }, r -> {
                    double[] ref = new double[n];
                    for (int i = 0; i < n; i++) {
                        ref[i] = ((double) q[i] - zp) * scale;
                    }
                    Tolerance.ulps(0).check(what, ref, x);
                });
            }
            case "dot" -> {
                byte[] a = bytes(n, 23);
                byte[] b = bytes(n, 24);
                yield new Case(simd ? () -> Quant.dotSimd(a, b) : () -> Quant.dotScalar(a, b), r -> {
                    long ref = 0;
                    for (int i = 0; i < n; i++) {
                        ref += (long) a[i] * b[i];
                    }
                    VerificationException.checkEquals(what + " of " + n, (double) ref, r);
                });
            }
            default -> throw new IllegalArgumentException(op);
        };
    }

    static byte[] bytes(int n, long seed) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    private static Case half(Params p) {
        int n = SeededInputs.elements(p, "size");
        boolean simd = Impl.of(p) == Impl.SIMD;
        boolean f16 = p.get("format").equals("f16");
        boolean encode = p.get("direction").equals("encode");
        String what = p.get("impl") + " " + p.get("format") + " " + p.get("direction");
        if (encode) {
            // spans FP16 subnormals, normals and overflow; BF16 keeps the float32 range
            float[] in = SeededInputs.uniform(n, 25, -1f, 1f);
            for (int i = 0; i < n; i++) {
                in[i] = (float) (in[i] * Math.pow(2, (i % 48) - 28));
            }
            short[] out = new short[n];
            Case.Kernel k = f16 ? (simd ? () -> {
                HalfFloat.toF16Simd(in, out);
                return 0;
            } : () -> {
                HalfFloat.toF16Scalar(in, out);
                return 0;
            }) : (simd ? () -> {
                HalfFloat.toBf16Simd(in, out);
                return 0;
            } : () -> {
                HalfFloat.toBf16Scalar(in, out);
                return 0;
            });
            return new Case(k, r -> {
                short[] ref = new short[n];
                for (int i = 0; i < n; i++) {
                    ref[i] = f16 ? Float.floatToFloat16(in[i]) : HalfFloat.referenceBf16(in[i]);
                }
                for (int i = 0; i < n; i++) {
                    if (ref[i] != out[i]) {
                        throw new VerificationException(what + " [" + i + "] of " + in[i] + ": expected 0x"
                                + Integer.toHexString(ref[i] & 0xffff) + " but got 0x"
                                + Integer.toHexString(out[i] & 0xffff));
                    }
                }
            });
        }
        short[] in = new short[n];
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(26);
        for (int i = 0; i < n; i++) {
            in[i] = (short) rnd.nextInt(65536);
        }
        float[] out = new float[n];
        Case.Kernel k = f16 ? (simd ? () -> {
            HalfFloat.fromF16Simd(in, out);
            return 0;
        } : () -> {
            HalfFloat.fromF16Scalar(in, out);
            return 0;
        }) : (simd ? () -> {
            HalfFloat.fromBf16Simd(in, out);
            return 0;
        } : () -> {
            HalfFloat.fromBf16Scalar(in, out);
            return 0;
        });
        return new Case(k, r -> {
            double[] ref = new double[n];
            for (int i = 0; i < n; i++) {
                ref[i] = f16 ? Float.float16ToFloat(in[i]) : Float.intBitsToFloat((in[i] & 0xffff) << 16);
            }
            // widening is exact: every half value is a float
            Tolerance.ulps(0).check(what, ref, out);
        });
    }
}
