package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.fixtures.NativeFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.NoSuchElementException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ModuleTest {

    @BeforeAll
    static void library() {
        TvmFfiLibraryRequired.assume();
    }

    @Test
    void loadsACompiledModuleAndFindsItsFunction() throws Exception {
        try (TvmModule m = TvmModule.load(NativeFixtures.addOneModule())) {
            assertEquals("library", m.kind());
            assertTrue(m.implementsFunction("add_one"));
            assertFalse(m.implementsFunction("add_two"));
            try (TvmFunction f = m.function("add_one")) {
                assertEquals(68, f.typeIndex());
            }
            assertThrows(NoSuchElementException.class, () -> m.function("add_two"));
        }
    }

    @Test
    void systemLibraryServesStaticallyRegisteredSymbols() {
        try (TvmModule sys = TvmModule.systemLib("testing.");
             TvmFunction addOne = sys.function("add_one")) {
            assertEquals(11L, addOne.call(10L));
            assertTrue(sys.implementsFunction("add_one"));
        }
    }

    @Test
    void loadingAMissingFileIsATvmError() {
        TvmFfiException e = assertThrows(TvmFfiException.class, () -> TvmModule.load(Path.of("/no/such/module.so")));
        assertTrue(e.errorMessage().contains("/no/such/module.so"), e.errorMessage());
    }

    @Test
    void writeToFileReportsWhatTheModuleKindSupports(@TempDir Path dir) throws Exception {
        try (TvmModule m = TvmModule.load(NativeFixtures.addOneModule())) {
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> m.writeToFile(dir.resolve("m.so"), "so"));
            assertTrue(e.errorMessage().contains("WriteToFile"), e.errorMessage());
        }
    }
}
