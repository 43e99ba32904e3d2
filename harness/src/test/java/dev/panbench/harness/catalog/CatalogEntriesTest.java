package dev.panbench.harness.catalog;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.Role;
import dev.panbench.harness.spi.VerificationException;
import dev.panbench.harness.spi.WorkloadSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CatalogEntriesTest {

    /** A float32 computation in the plainest order: every entry's tolerance must accept it. */
    private static float[] naive(CatalogEntry e, Problem p) {
        return switch (e.name()) {
            case "binary/add" -> {
                float[] a = p.floats("a"), b = p.floats("b"), c = new float[a.length];
                for (int i = 0; i < a.length; i++) {
                    c[i] = a[i] + b[i];
                }
                yield c;
            }
            case "gemm/sgemm" -> {
                int m = p.input("a").dims()[0], k = p.input("a").dims()[1], n = p.input("b").dims()[1];
                float[] a = p.floats("a"), b = p.floats("b"), c = new float[m * n];
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        float s = 0;
                        for (int q = 0; q < k; q++) {
                            s += a[i * k + q] * b[q * n + j];
                        }
                        c[i * n + j] = s;
                    }
                }
                yield c;
            }
            case "softmax/rows", "layernorm/rows" -> {
                int rows = p.outputDims()[0], cols = p.outputDims()[1];
                float[] x = p.floats("x"), y = new float[rows * cols];
                for (int r = 0; r < rows; r++) {
                    float s = 0, m = Float.NEGATIVE_INFINITY, mean = 0, var = 0;
                    for (int j = 0; j < cols; j++) {
                        m = Math.max(m, x[r * cols + j]);
                        mean += x[r * cols + j] / cols;
                    }
                    for (int j = 0; j < cols; j++) {
                        s += (float) Math.exp(x[r * cols + j] - m);
                        var += (x[r * cols + j] - mean) * (x[r * cols + j] - mean) / cols;
                    }
                    for (int j = 0; j < cols; j++) {
                        y[r * cols + j] = e.name().startsWith("softmax") ? (float) Math.exp(x[r * cols + j] - m) / s
                                : (x[r * cols + j] - mean) / (float) Math.sqrt(var + 1e-5f) * p.floats("gamma")[j]
                                + p.floats("beta")[j];
                    }
                }
                yield y;
            }
            case "reduce/sum", "reduce/max" -> {
                float acc = e.name().endsWith("sum") ? 0 : Float.NEGATIVE_INFINITY;
                for (float v : p.floats("x")) {
                    acc = e.name().endsWith("sum") ? acc + v : Math.max(acc, v);
                }
                yield new float[]{acc};
            }
            case "reduce/dot" -> {
                float acc = 0;
                for (int i = 0; i < p.floats("a").length; i++) {
                    acc += p.floats("a")[i] * p.floats("b")[i];
                }
                yield new float[]{acc};
            }
            case "unary/exp", "unary/tanh" -> {
                float[] x = p.floats("x"), y = new float[x.length];
                for (int i = 0; i < x.length; i++) {
                    y[i] = (float) (e.name().endsWith("exp") ? Math.exp(x[i]) : Math.tanh(x[i]));
                }
                yield y;
            }
            case "unary/gelu" -> {
                float[] x = p.floats("x"), y = new float[x.length];
                float c = (float) Math.sqrt(2 / Math.PI);
                for (int i = 0; i < x.length; i++) {
                    y[i] = 0.5f * x[i] * (1 + (float) Math.tanh(c * (x[i] + 0.044715f * x[i] * x[i] * x[i])));
                }
                yield y;
            }
            default -> throw new IllegalArgumentException(e.name());
        };
    }

    private static final Map<String, Params> ODD = Map.of(
            "binary/add", new Params(Map.of("size", "1000003")),
            "gemm/sgemm", new Params(Map.of("size", "67x33x129")),
            "softmax/rows", new Params(Map.of("shape", "7x1001")),
            "layernorm/rows", new Params(Map.of("shape", "9x777")),
            "reduce/sum", new Params(Map.of("size", "1000003")),
            "reduce/max", new Params(Map.of("size", "1000003")),
            "reduce/dot", new Params(Map.of("size", "1000003")),
            "unary/exp", new Params(Map.of("size", "1000003")),
            "unary/tanh", new Params(Map.of("size", "1000003")),
            "unary/gelu", new Params(Map.of("size", "1000003")));

    @Test
    void everyEntryAcceptsAPlainFloatComputationAtOddShapes() throws VerificationException {
        // the model, INT4 and INT8 entries have their own tests (ModelEntriesTest, Int4BlocksTest, Int8BlocksTest)
        for (CatalogEntry e : Catalog.all().stream().filter(e -> ODD.containsKey(e.name())).toList()) {
            Problem p = e.problem(ODD.get(e.name()));
            p.check("naive", naive(e, p));
        }
    }

    @Test
    void geluIsItsTanhFormAndTheErfFormFailsIt() {
        Problem p = Catalog.UNARY_GELU.problem(new Params(Map.of("size", "4097")));
        float[] x = p.floats("x");
        float[] erfForm = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            erfForm[i] = (float) ModelMath.geluErf(x[i]);
        }
        VerificationException e = assertThrows(VerificationException.class, () -> p.check("erf", erfForm));
        assertTrue(e.getMessage().startsWith("erf unary/gelu[size=4097,dtype=f32] ["), e.getMessage());
        assertTrue(Catalog.UNARY_GELU.description().contains("tanh"), Catalog.UNARY_GELU.description());
    }

    @Test
    void scalarResultsAreOneElementOutputsCheckedAgainstTheSumOfAbsoluteTerms() throws VerificationException {
        Problem sum = Catalog.REDUCE_SUM.problem(new Params(Map.of("size", "4097")));
        assertArrayEquals(new int[]{1}, sum.outputDims());
        float got = naive(Catalog.REDUCE_SUM, sum)[0];
        sum.check("naive", new float[]{got});
        assertThrows(VerificationException.class, () -> sum.check("naive", new float[]{got + 1f}));
        Problem max = Catalog.REDUCE_MAX.problem(new Params(Map.of("size", "4097")));
        float m = naive(Catalog.REDUCE_MAX, max)[0];
        max.check("naive", new float[]{m});
        VerificationException e = assertThrows(VerificationException.class,
                () -> max.check("simd", new float[]{Math.nextDown(m)}));
        assertTrue(e.getMessage().startsWith("simd reduce/max[size=4097,dtype=f32] [0]: expected"), e.getMessage());
    }

    @Test
    void unaryEntriesAllowAFewUlpAndNoMore() throws VerificationException {
        Problem p = Catalog.UNARY_EXP.problem(new Params(Map.of("size", "9")));
        float[] y = naive(Catalog.UNARY_EXP, p);
        y[4] = Math.nextUp(Math.nextUp(y[4]));
        p.check("simd", y);
        y[4] = Math.nextUp(Math.nextUp(Math.nextUp(Math.nextUp(Math.nextUp(y[4])))));
        assertThrows(VerificationException.class, () -> p.check("simd", y));
    }

    @Test
    void arrayAndSingleValueChecksNameWhatIsWrong() throws VerificationException {
        Tolerance.ulps(0).check("add", new double[]{1.0, 2.0}, new float[]{1f, 2f});
        VerificationException e = assertThrows(VerificationException.class,
                () -> Tolerance.ulps(0).check("add", new double[]{1.0, 2.0}, new float[]{1f, Math.nextUp(2f)}));
        assertTrue(e.getMessage().startsWith("add [1]: expected 2.0 but got"), e.getMessage());
        Tolerance sums = Tolerance.scaled(Tolerance.sumTolerance(16), 1e-30);
        sums.check("y[3]", 1.0, 10.0, 1.000001f);
        e = assertThrows(VerificationException.class, () -> sums.check("y[3]", 1.0, 10.0, 1.01f));
        assertTrue(e.getMessage().startsWith("y[3]: expected 1.0 but got 1.01 (tolerance"), e.getMessage());
    }

    @Test
    void shapesOfAnyRankAreParsedWithTheParameterNamedInErrors() {
        assertArrayEquals(new int[]{1000}, SeededInputs.dims("size", "1000"));
        assertArrayEquals(new int[]{3, 5, 7}, SeededInputs.dims("shape", "3x5x7"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SeededInputs.dims("shape", "3x0"));
        assertTrue(e.getMessage().startsWith("shape=0: expected a positive integer"), e.getMessage());
        assertEquals(35, SeededInputs.elements(new Params(Map.of("shape", "5x7")), "shape"));
    }

    @Test
    void anAdapterMayLeaveADtypeItNeverVariesOutOfItsIds() {
        WorkloadSpec spec = Catalog.SOFTMAX_ROWS.spec(Map.of("shape", List.of("1024x1024")), List.of("dtype"))
                .param("device", "0").factory(() -> null).build();
        assertEquals(List.of("shape", "device"), spec.params().stream().map(s -> s.name()).toList());
        Params p = new Params(Map.of("shape", "1024x1024", "device", "0"));
        assertEquals("softmax/rows[shape=1024x1024,dtype=f32]", Catalog.SOFTMAX_ROWS.role(p, "opencl", null).rowKey());
        assertEquals(Catalog.SOFTMAX_ROWS.problem(p).title(), "softmax/rows[shape=1024x1024,dtype=f32]");
    }

    @Test
    void aWrongElementIsNamedWithItsIndex() {
        Problem p = Catalog.SOFTMAX_ROWS.problem(new Params(Map.of("shape", "3x17")));
        float[] y = naive(Catalog.SOFTMAX_ROWS, p);
        y[20] *= 1.001f;
        VerificationException e = assertThrows(VerificationException.class, () -> p.check("impl=x", y));
        assertTrue(e.getMessage().startsWith("impl=x softmax/rows[shape=3x17,dtype=f32] [20]: expected"),
                e.getMessage());
        assertThrows(VerificationException.class, () -> p.check("impl=x", new float[50]));
    }

    @Test
    void sameShapeGivesTheSameInputsEverywhere() {
        Params shape = new Params(Map.of("size", "31"));
        assertArrayEquals(Catalog.SGEMM.problem(shape).floats("a"), Catalog.SGEMM.problem(shape).floats("a"));
        assertNotEquals(Catalog.SGEMM.problem(shape).floats("a")[0], Catalog.SGEMM.problem(shape).floats("b")[0]);
    }

    @Test
    void largeProductsAreCheckedOnSampledRowsIncludingTheLast() {
        Problem p = Catalog.SGEMM.problem(new Params(Map.of("size", "500x3x2")));
        Reference r = p.reference();
        assertTrue(r.size() < 500 * 3, "sampled");
        assertEquals(499 * 3 + 2, r.index(r.size() - 1));
    }

    @Test
    void refusesADtypeTheEntryDoesNotDeclare() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Catalog.BINARY_ADD.problem(new Params(Map.of("size", "8", "dtype", "f16"))));
        assertEquals("dtype=f16: expected f32", e.getMessage());
    }

    @Test
    void anAdapterSpecCarriesTheShapeAndItsRoleGroupsByShapeOnly() {
        WorkloadSpec spec = Catalog.SGEMM.spec(Map.of("size", List.of("256"))).param("impl", "x", "y")
                .param("threads", "1").factory(() -> null).build();
        assertEquals(List.of("size", "dtype", "impl", "threads"),
                spec.params().stream().map(s -> s.name()).toList());
        Params p = new Params(Map.of("size", "256", "dtype", "f32", "impl", "x", "threads", "1"));
        Role role = Catalog.SGEMM.role(p, "x", null);
        assertEquals("gemm/sgemm[size=256,dtype=f32]", role.rowKey());
        assertEquals(spec.counts().apply(p), Catalog.SGEMM.counts(p));
    }

    @Test
    void aRoleSurvivesTheResultsFile() {
        Role role = Catalog.BINARY_ADD.role(new Params(Map.of("size", "8", "device", "0")), "opencl", null);
        BenchResult r = BenchResult.notMeasured(ResultId.parse("gpu-opencl/binary/add[size=8]"), "binary", "avgt",
                BenchResult.Status.skipped, "no device", null).withFacts(f -> f.withRole(role));
        assertEquals(role, r.facts().role());
        assertEquals(Map.of("size", "8", "dtype", "f32"), r.facts().role().shape());
    }
}
