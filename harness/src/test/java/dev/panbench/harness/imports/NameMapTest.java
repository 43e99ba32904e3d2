package dev.panbench.harness.imports;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.model.BenchResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** --map puts imported rows under panbench's ids, exactly or by pattern, and reports keys that matched nothing. */
class NameMapTest {

    @Test
    void mapsExactIdsAndPatternsToResultIdsWithTheirParams(@TempDir Path dir) throws Exception {
        Path map = dir.resolve("map.json");
        Files.writeString(map, """
                { "criterion/nop": "jvm/call/nop[impl=rust]",
                  "re:criterion/array_sum\\\\[input=(\\\\d+)\\\\]": "cpu-simd/reduce/sum[size=$1,dtype=f32,impl=rust]",
                  "criterion/typo": "x/y" }
                """);
        var outcome = Imports.importFiles(List.of(Path.of("src/test/resources/imports/criterion")),
                ForeignFormat.CRITERION, NameMap.read(map), map, "test");
        List<String> ids = outcome.results().results().stream().map(r -> r.id().toString()).toList();
        assertEquals(List.of("cpu-simd/reduce/sum[size=1024,dtype=f32,impl=rust]",
                "cpu-simd/reduce/sum[size=65536,dtype=f32,impl=rust]", "jvm/call/nop[impl=rust]"), ids);
        BenchResult sum = outcome.results().results().getFirst();
        assertEquals("cpu-simd", sum.adapter());
        assertEquals("reduce/sum", sum.workload());
        assertEquals(Map.of("size", "1024", "dtype", "f32", "impl", "rust"), sum.params());
        assertEquals(List.of(map + ": 'criterion/typo' matched no imported id"), outcome.warnings());
    }

    @Test
    void refusesATargetThatIsNotAResultId(@TempDir Path dir) throws Exception {
        Path map = dir.resolve("map.json");
        Files.writeString(map, "{\"criterion/nop\": \"no-slash\"}");
        var e = assertThrows(BadInputException.class, () -> NameMap.read(map));
        assertEquals(map + ": field 'criterion/nop': expected a result id adapter/workload[k=v,...] but found"
                + " \"no-slash\"", e.getMessage());
    }

    @Test
    void twoInputsGivingOneIdAreRefusedNamingBoth(@TempDir Path dir) {
        Path tree = Path.of("src/test/resources/imports/criterion");
        var e = assertThrows(BadInputException.class, () -> Imports.importFiles(List.of(tree, tree),
                ForeignFormat.CRITERION, NameMap.NONE, null, "test"));
        assertEquals(tree + ": result 'criterion/array_sum[input=1024]' is also in " + tree, e.getMessage());
    }
}
