package dev.panbench.adapters.cpusimd.workloads;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the allocation probe's report says moved between two JVMs, read from HotSpot's PrintCompilation lines. */
class CompileLogTest {

    private static final String P = "dev.panbench.adapters.cpusimd.kernels.";

    @Test
    void namesTheKernelMethodsC2CompiledInOneJvmOnly() {
        CompileLog first = CompileLog.of(List.of(
                "1517  749 %  b  4       " + P + "PanelKernels::micro1 @ 30 (121 bytes)",
                "1520  750    b  4       " + P + "LlamaDecodeStep::swiGlu (80 bytes)",
                "1530  751    b  4       " + P + "Softmax::rows (60 bytes)",
                "1540  750       4       " + P + "LlamaDecodeStep::swiGlu (80 bytes)   made not entrant: unstable_if",
                "kernel model/llama-decode[weights=f32] 12288 510 900",
                "1600  760    b  4       " + P + "LlamaDecodeStep::forward (300 bytes)"));
        CompileLog second = CompileLog.of(List.of(
                "100  10    b  3       " + P + "PanelKernels::micro1 (121 bytes)",
                "200  20    b  4       " + P + "LlamaDecodeStep::swiGlu (80 bytes)",
                "kernel model/llama-decode[weights=f32] 114136 212 800"));
        String marker = "kernel model/llama-decode[weights=f32] ";
        assertEquals(Set.of(P + "PanelKernels::micro1 (OSR)", P + "Softmax::rows"), first.c2At(marker));
        // Softmax::rows belonged to another kernel of the first JVM: the second never ran it, so it is not named
        assertEquals("; C2-compiled in the first JVM only: [PanelKernels::micro1 (OSR)], in the second only:"
                + " [LlamaDecodeStep::swiGlu]", CompileLog.moved(first, second, marker, P));
        assertEquals("; C2 had compiled the same kernel methods in both", CompileLog.moved(second, second, marker, P));
    }
}
