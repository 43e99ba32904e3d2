package dev.panbench.harness.model;

import dev.panbench.harness.io.Json;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The environment's adapters are written in the order of their ids, the same in every run and every report. */
class EnvironmentInfoTest {

    @Test
    void adaptersAreWrittenInIdOrder() throws Exception {
        Map<String, EnvironmentInfo.AdapterInfo> adapters = new LinkedHashMap<>();
        for (String id : List.of("tvm-ffi", "cpu-simd", "onnxruntime", "jvm", "gpu-cuda", "gpu-opencl")) {
            adapters.put(id, new EnvironmentInfo.AdapterInfo(true, null, "1", null, null, Map.of()));
        }
        EnvironmentInfo env = new EnvironmentInfo("Linux", "amd64", "host", null, null, null, adapters, null);
        List<String> sorted = List.of("cpu-simd", "gpu-cuda", "gpu-opencl", "jvm", "onnxruntime", "tvm-ffi");
        assertEquals(sorted, List.copyOf(env.adapters().keySet()));
        String json = Json.MAPPER.writeValueAsString(env);
        int last = -1;
        for (String id : sorted) {
            int at = json.indexOf("\"" + id + "\"");
            assertTrue(at > last, id + " after the ids before it: " + json);
            last = at;
        }
    }
}
