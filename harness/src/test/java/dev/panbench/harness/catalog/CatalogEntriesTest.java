package dev.panbench.harness.catalog;

import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultId;
import dev.panbench.harness.model.ResultMarks;
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
            default -> throw new IllegalArgumentException(e.name());
        };
    }

    private static final Map<String, Params> ODD = Map.of(
            "binary/add", new Params(Map.of("size", "1000003")),
            "gemm/sgemm", new Params(Map.of("size", "67x33x129")),
            "softmax/rows", new Params(Map.of("shape", "7x1001")),
            "layernorm/rows", new Params(Map.of("shape", "9x777")));

    @Test
    void everyEntryAcceptsAPlainFloatComputationAtOddShapes() throws VerificationException {
        // the model and INT4 entries have their own tests (ModelEntriesTest, Int4BlocksTest)
        for (CatalogEntry e : Catalog.all().stream().filter(e -> ODD.containsKey(e.name())).toList()) {
            Problem p = e.problem(ODD.get(e.name()));
            p.check("naive", naive(e, p));
        }
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
        BenchResult r = ResultMarks.withRole(BenchResult.notMeasured(ResultId.parse("gpu-opencl/binary/add[size=8]"),
                "binary", "avgt", BenchResult.Status.skipped, "no device", null), role);
        assertEquals(role, ResultMarks.role(r));
        assertEquals(Map.of("size", "8", "dtype", "f32"), ResultMarks.role(r).shape());
    }
}
