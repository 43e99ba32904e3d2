package dev.panbench.adapters.onnxruntime.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which instruction set ONNX Runtime's MLAS kernels run with here. ONNX Runtime has no API that says which kernels
 * MLAS selected (nor a log line: its verbose session log names execution providers and kernels, not MLAS's code
 * path), so this is derived the way MLAS's platform set-up (mlas/lib/platform.cpp) chooses on x86-64 from CPUID:
 * AVX-512F kernels where present, else AVX2 with FMA3, else AVX, else SSE2; its int8 GEMMs use AVX-VNNI,
 * AVX512-VNNI or AMX where present. Always labelled as derived, never presented as read from ONNX Runtime.
 */
public final class MlasIsa {

    private MlasIsa() {
    }

    /** The instruction set and its label, as {@code env} records it. */
    public static String describe() {
        return describe(CpuFlags.read(), System.getProperty("os.arch", ""));
    }

    /** The instruction set alone, {@code AVX2+FMA3}, for one-line summaries (still derived). */
    public static String brief() {
        String d = describe();
        int label = d.indexOf(" (derived");
        return label > 0 ? d.substring(0, label) + " (derived from cpu flags)" : d;
    }

    static String describe(Set<String> flags, String arch) {
        if (!arch.equals("amd64") && !arch.equals("x86_64")) {
            return "unknown on " + arch + " (ONNX Runtime exposes no API for MLAS's kernel choice)";
        }
        if (flags.isEmpty()) {
            return "unknown (no CPU flags to derive it from; ONNX Runtime exposes no API for MLAS's kernel choice)";
        }
        String fp32 = flags.contains("avx512f") ? "AVX512F"
                : flags.contains("avx2") && flags.contains("fma") ? "AVX2+FMA3"
                : flags.contains("avx") ? "AVX" : "SSE2";
        List<String> int8 = new ArrayList<>();
        for (String f : List.of("avx_vnni", "avx512_vnni", "amx_int8")) {
            if (flags.contains(f)) {
                int8.add(f);
            }
        }
        return fp32 + (int8.isEmpty() ? "" : " (int8: " + String.join(" ", int8) + ")")
                + " (derived from cpu flags; ONNX Runtime exposes no API for MLAS's kernel choice)";
    }
}
