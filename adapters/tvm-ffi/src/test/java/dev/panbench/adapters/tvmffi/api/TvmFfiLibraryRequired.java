package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.abi.LibraryLocator;
import dev.panbench.adapters.tvmffi.fixtures.NativeFixtures;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Path;

/** Shared set-up: skip (saying why) when the wheel's library is absent, else load the testing library. */
final class TvmFfiLibraryRequired {

    private TvmFfiLibraryRequired() {
    }

    static void assume() {
        if (System.getProperty(NativeFixtures.DIR_PROPERTY) == null) {
            System.setProperty(NativeFixtures.DIR_PROPERTY, Path.of("target", "native").toAbsolutePath().toString());
        }
        if (LibraryLocator.locate().isEmpty()) {
            System.out.println("SKIPPED: " + LibraryLocator.NOT_FOUND);
        }
        Assumptions.assumeTrue(LibraryLocator.locate().isPresent(), LibraryLocator.NOT_FOUND);
        TvmFfi.loadTestingLibrary();
    }
}
