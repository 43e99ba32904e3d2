package dev.panbench.adapters.tvmffi.api;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DataTypeAndDeviceTest {

    @BeforeAll
    static void library() {
        TvmFfiLibraryRequired.assume();
    }

    @Test
    void parsesDataTypesAsTheLibraryDoes() {
        assertEquals(DataType.FLOAT32, DataType.parse("float32"));
        assertEquals(new DataType(DataType.INT, 8, 4), DataType.parse("int8x4"));
        assertEquals(new DataType(4, 16, 1), DataType.parse("bfloat16"));
        assertEquals(new DataType(DataType.BOOL, 8, 1), DataType.parse("bool"));
    }

    @Test
    void formatsDataTypesAsTheLibraryDoes() {
        for (String s : new String[] {"float32", "int64", "uint8", "float16x2", "bfloat16", "bool"}) {
            assertEquals(s, DataType.parse(s).toString());
        }
    }

    @Test
    void rejectsAnUnknownDataTypeName() {
        assertThrows(TvmFfiException.class, () -> DataType.parse("notatype99"));
    }

    @Test
    void deviceCodesAreDLPacks() {
        assertEquals(1, Device.cpu().type().code());
        assertEquals(2, Device.cuda(0).type().code());
        assertEquals(4, Device.opencl(0).type().code());
        assertEquals(7, Device.vulkan(0).type().code());
        assertEquals(8, Device.metal(0).type().code());
        assertEquals(10, Device.rocm(1).type().code());
        assertEquals(DeviceType.ROCM, DeviceType.of(10));
        try (TvmFunction echo = TvmFfi.getGlobal("testing.echo")) {
            for (Device d : new Device[] {Device.cpu(), Device.cuda(1), Device.opencl(2), Device.vulkan(0),
                    Device.metal(0), Device.rocm(3)}) {
                assertEquals(d, echo.call(d));
            }
        }
    }

    @Test
    void anyValueRoundTripsEveryKind() {
        try (AnyValue v = new AnyValue()) {
            v.set("tvm");
            assertEquals(11, v.typeIndex(), "short strings are inline");
            assertEquals("tvm", v.take());
            v.set("a heap allocated string object");
            assertEquals(65, v.typeIndex());
            assertEquals("a heap allocated string object", v.get());
            assertEquals("a heap allocated string object", v.take());
            v.set(new byte[] {1, 2});
            assertEquals(12, v.typeIndex());
            v.set(DataType.FLOAT64);
            assertEquals(DataType.FLOAT64, v.take());
            v.setBoolean(true);
            assertEquals(true, v.take());
            v.set(null);
            assertEquals(null, v.take());
        }
    }
}
