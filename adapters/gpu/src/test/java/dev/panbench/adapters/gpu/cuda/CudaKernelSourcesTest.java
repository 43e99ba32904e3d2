package dev.panbench.adapters.gpu.cuda;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The CUDA kernel sources, checked without a GPU: each mirrors its OpenCL twin (the same kernels, which run on PoCL
 * in the other tests), and each is valid C++ once the CUDA built-ins are declared (g++ -fsyntax-only), so a typo
 * does not wait for a GPU machine to show.
 */
class CudaKernelSourcesTest {

    private static final List<String> SOURCES = List.of("elementwise", "reduce", "gemm", "transformer");

    /** Declarations of what NVRTC provides built in, enough for a C++ compiler to check the sources. */
    private static final String CUDA_BUILTINS = """
            struct dim3 { unsigned x, y, z; };
            extern dim3 blockIdx, blockDim, threadIdx, gridDim;
            typedef unsigned long size_t;
            #define __global__
            #define __shared__ static
            #define __launch_bounds__(n)
            void __syncthreads();
            extern "C" float fmaf(float, float, float);
            extern "C" float expf(float);
            extern "C" float fmaxf(float, float);
            extern "C" float erff(float);
            extern "C" float tanhf(float);
            extern "C" float sqrtf(float);
            float __int_as_float(int);
            """;

    private static String resource(String name) throws IOException {
        try (InputStream in = CudaKernelSourcesTest.class.getResourceAsStream(
                "/dev/panbench/adapters/gpu/" + name)) {
            assertTrue(in != null, "missing resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Set<String> kernels(String source, String pattern) {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile(pattern).matcher(source);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    @Test
    void everyCudaSourceDefinesTheKernelsOfItsOpenClTwin() throws IOException {
        for (String s : SOURCES) {
            Set<String> cl = kernels(resource("opencl/" + s + ".cl"), "__kernel\\b[^{;]*?\\bvoid\\s+(\\w+)\\s*\\(");
            Set<String> cu = kernels(resource("cuda/" + s + ".cu"), "extern \"C\" __global__ void\\s+"
                    + "(?:__launch_bounds__\\([^)]*\\)\\s*)?(\\w+)\\s*\\(");
            assertTrue(!cl.isEmpty(), s + ".cl defines kernels");
            assertEquals(cl, cu, s + ": the CUDA and OpenCL sources define different kernels");
        }
    }

    @Test
    void everyCudaSourceIsValidCppWithTheBuiltinsDeclared(@TempDir Path tmp) throws Exception {
        assumeTrue(onPath("g++"), "g++ not installed (scripts/setup.sh installs it)");
        Path prelude = Files.writeString(tmp.resolve("cuda_builtins.h"), CUDA_BUILTINS);
        for (String s : SOURCES) {
            Path src = Files.writeString(tmp.resolve(s + ".cpp"), resource("cuda/" + s + ".cu"));
            Process p = new ProcessBuilder("g++", "-fsyntax-only", "-Wall", "-Werror", "-Wno-unused-function",
                    "-include", prelude.toString(), src.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "g++ timed out");
            assertEquals(0, p.exitValue(), s + ".cu:\n" + out);
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
