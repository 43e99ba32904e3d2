package dev.panbench.adapters.tvmffi.api;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.NoSuchElementException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectReflectionTest {

    @BeforeAll
    static void library() {
        TvmFfiLibraryRequired.assume();
    }

    @Test
    void constructsThroughFfiInitAndReadsFields() {
        try (TvmObject o = TvmObject.construct("testing.TestCxxClassBase", 42L, 10)) {
            assertEquals("testing.TestCxxClassBase", o.typeKey());
            assertEquals(42L, o.get("v_i64"));
            assertEquals(10L, o.get("v_i32"));
            assertEquals(1L, o.useCount());
        }
    }

    @Test
    void writesFieldsThroughReflectedSetters() {
        try (TvmObject o = TvmObject.construct("testing.TestCxxClassBase", 1L, 2L)) {
            o.set("v_i64", 100L);
            o.set("v_i32", 20);
            assertEquals(100L, o.get("v_i64"));
            assertEquals(20L, o.get("v_i32"));
            try (FieldInfo.Reader r = o.typeInfo().field("v_i64").reader()) {
                assertEquals(100L, r.getLong(o));
            }
        }
    }

    @Test
    void typeInfoListsFieldsAndMethods() {
        TypeInfo base = TypeInfo.of("testing.TestCxxClassBase");
        assertEquals(java.util.List.of("v_i64", "v_i32"), base.fields().stream().map(FieldInfo::name).toList());
        assertEquals(24, base.field("v_i64").offset());
        assertTrue(base.field("v_i64").writable());
        TypeInfo derived = TypeInfo.of("testing.TestCxxClassDerived");
        assertTrue(derived.ancestors().contains(base.index()));
        assertEquals("v_i64", derived.field("v_i64").name(), "inherited fields are found");
        TypeInfo objBase = TypeInfo.of("testing.TestObjectBase");
        assertEquals("add_i64", objBase.method("add_i64").name());
        assertThrows(NoSuchElementException.class, () -> base.field("nope"));
        assertThrows(NoSuchElementException.class, () -> TypeInfo.of("testing.NoSuchType"));
    }

    @Test
    void callsReflectedMethodsAndKeepsStringFields() {
        try (TvmObject o = TvmObject.construct("testing.TestObjectBase")) {
            assertEquals(10L, o.get("v_i64"), "default value");
            assertEquals("hello", o.get("v_str"));
            assertEquals(15L, o.invoke("add_i64", 5L));
            o.set("v_str", "a longer replacement string value");
            assertEquals("a longer replacement string value", o.get("v_str"));
            assertEquals(10.0, o.get("v_f64"));
            assertThrows(UnsupportedOperationException.class, () -> o.set("v_f64", 1.0), "def_ro field");
        }
    }

    @Test
    void wrongFieldTypeIsATypeError() {
        try (TvmObject o = TvmObject.construct("testing.TestCxxClassBase", 1L, 2L)) {
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> o.set("v_i64", "not an int"));
            assertEquals("TypeError", e.kind());
        }
    }

    @Test
    void useAfterCloseIsAJavaExceptionNotACrash() {
        TvmObject o = TvmObject.construct("testing.TestCxxClassBase", 1L, 2L);
        o.close();
        assertThrows(IllegalStateException.class, () -> o.get("v_i64"));
        assertThrows(IllegalStateException.class, () -> o.set("v_i64", 3L));
        assertThrows(IllegalStateException.class, o::handle);
        try (TvmFunction echo = TvmFfi.getGlobal("testing.echo")) {
            assertThrows(IllegalStateException.class, () -> echo.call(o));
        }
    }

    @Test
    void useCountFollowsJavaWrappers() {
        try (TvmObject o = TvmObject.construct("testing.TestCxxClassBase", 1L, 2L);
             TvmFunction useCount = TvmFfi.getGlobal("testing.object_use_count");
             TvmFunction echo = TvmFfi.getGlobal("testing.echo")) {
            assertEquals(1L, useCount.call(o));
            try (TvmObject again = (TvmObject) echo.call(o)) {
                assertEquals(2L, useCount.call(again));
            }
            assertEquals(1L, useCount.call(o));
        }
    }

    @Test
    void constructorArgumentErrorsComeBackAsTvmErrors() {
        assertThrows(TvmFfiException.class, () -> TvmObject.construct("testing.TestCxxClassBase", "x", "y"));
    }
}
