package dev.panbench.adapters.tvmffi.api;

import dev.panbench.adapters.tvmffi.fixtures.NativeFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TensorTest {

    private static TvmModule module;

    @BeforeAll
    static void library() throws Exception {
        TvmFfiLibraryRequired.assume();
        module = TvmModule.load(NativeFixtures.addOneModule());
    }

    private static MemorySegment floats(Arena arena, int n) {
        MemorySegment s = arena.allocate(4L * n, 64);
        for (int i = 0; i < n; i++) {
            s.setAtIndex(ValueLayout.JAVA_FLOAT, i, i);
        }
        return s;
    }

    @Test
    void compiledModuleAddsOneInPlaceOfJavaMemory() {
        try (Arena arena = Arena.ofConfined(); TvmFunction addOne = module.function("add_one")) {
            MemorySegment x = floats(arena, 1000);
            MemorySegment y = arena.allocate(4000, 64);
            try (TensorView xv = TensorView.of(x, DataType.FLOAT32, 10, 100);
                 TensorView yv = TensorView.of(y, DataType.FLOAT32, 10, 100)) {
                addOne.call(xv, yv);
            }
            for (int i = 0; i < 1000; i++) {
                assertEquals(i + 1f, y.getAtIndex(ValueLayout.JAVA_FLOAT, i));
            }
        }
    }

    @Test
    void stridedViewsAreHonoured() {
        try (Arena arena = Arena.ofConfined(); TvmFunction addOne = module.function("add_one")) {
            MemorySegment x = floats(arena, 6); // 2x3 row-major: [[0,1,2],[3,4,5]]
            MemorySegment y = arena.allocate(4 * 6, 64);
            // x viewed transposed (3x2, strides 1,3); y compact 3x2
            try (TensorView xt = TensorView.strided(x, DataType.FLOAT32, Device.cpu(), new long[] {3, 2},
                    new long[] {1, 3}, 0);
                 TensorView yv = TensorView.of(y, DataType.FLOAT32, 3, 2)) {
                addOne.call(xt, yv);
            }
            float[] got = y.toArray(ValueLayout.JAVA_FLOAT);
            assertArrayEquals(new float[] {1, 4, 2, 5, 3, 6}, got);
        }
    }

    @Test
    void wrongDtypeIsATypeErrorFromTheModule() {
        try (Arena arena = Arena.ofConfined(); TvmFunction addOne = module.function("add_one");
             TensorView xi = TensorView.of(arena.allocate(16), DataType.INT32, 4);
             TensorView yi = TensorView.of(arena.allocate(16), DataType.INT32, 4)) {
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> addOne.call(xi, yi));
            assertEquals("TypeError", e.kind());
            assertTrue(e.errorMessage().contains("float32"), e.errorMessage());
        }
    }

    @Test
    void viewOutsideItsSegmentIsRejected() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(16);
            assertThrows(IndexOutOfBoundsException.class, () -> TensorView.of(s, DataType.FLOAT32, 5));
            assertThrows(IndexOutOfBoundsException.class, () -> TensorView.strided(s, DataType.FLOAT32,
                    Device.cpu(), new long[] {2, 2}, new long[] {4, 1}, 0));
        }
    }

    @Test
    void fromDLPackWrapsJavaMemoryWithoutCopyAndReleasesIt() {
        int owners = DLPackOwners.live();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = floats(arena, 24);
            try (TensorView view = TensorView.of(data, DataType.FLOAT32, 2, 3, 4);
                 Tensor t = Tensor.fromDLPack(view)) {
                assertEquals(owners + 1, DLPackOwners.live());
                assertArrayEquals(new long[] {2, 3, 4}, t.shape());
                assertArrayEquals(new long[] {12, 4, 1}, t.strides());
                assertEquals(DataType.FLOAT32, t.dtype());
                assertEquals(Device.cpu(), t.device());
                assertEquals(data.address(), t.dataAddress(), "zero copy");
                t.data().setAtIndex(ValueLayout.JAVA_FLOAT, 5, 42f);
                assertEquals(42f, data.getAtIndex(ValueLayout.JAVA_FLOAT, 5));
                try (Tensor.ManagedTensor exported = t.toDLPack()) {
                    assertEquals(data.address(), exported.dataAddress());
                    assertArrayEquals(new long[] {2, 3, 4}, exported.shape());
                    assertEquals(2L, t.useCount(), "the export holds a reference");
                }
                assertEquals(1L, t.useCount());
                try (TvmFunction echo = TvmFfi.getGlobal("testing.echo");
                     Tensor back = (Tensor) echo.call(t)) {
                    assertEquals(t.handle(), back.handle());
                }
            }
        }
        assertEquals(owners, DLPackOwners.live(), "TVM released the DLPack tensor through its deleter");
    }

    @Test
    void fromDLPackChecksContiguityWhenAsked() {
        try (Arena arena = Arena.ofConfined();
             TensorView t = TensorView.strided(floats(arena, 6), DataType.FLOAT32, Device.cpu(), new long[] {3, 2},
                     new long[] {1, 3}, 0)) {
            int owners = DLPackOwners.live();
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> Tensor.fromDLPack(t, 0, true));
            assertTrue(e.errorMessage().contains("contiguous"), e.errorMessage());
            assertEquals(owners, DLPackOwners.live());
        }
    }

    @Test
    void callbackReceivesATensorViewOfTheCallersMemory() {
        try (Arena arena = Arena.ofConfined(); TvmFunction apply = TvmFfi.getGlobal("testing.apply")) {
            MemorySegment data = floats(arena, 8);
            try (TensorView view = TensorView.of(data, DataType.FLOAT32, 2, 4);
                 TvmFunction sum = TvmFfi.function((args, result) -> {
                     TensorView v = (TensorView) args.get(0);
                     double s = 0;
                     for (long i = 0; i < v.elementCount(); i++) {
                         s += v.data().getAtIndex(ValueLayout.JAVA_FLOAT, i);
                     }
                     result.setDouble(s);
                 })) {
                assertEquals(28.0, apply.call(sum, view));
            }
        }
    }
}
