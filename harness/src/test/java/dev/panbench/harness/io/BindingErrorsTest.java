package dev.panbench.harness.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class BindingErrorsTest {

    record Picky(String id) {
        @JsonCreator
        Picky(@JsonProperty("id") String id) {
            if (id.equals("heap")) {
                throw new OutOfMemoryError("Java heap space");
            }
            if (id.equals("state")) {
                throw new IllegalStateException("broken");
            }
            this.id = id;
        }
    }

    private static JsonMappingException bindingError(String id) {
        return assertThrows(JsonMappingException.class,
                () -> new ObjectMapper().readValue("{\"id\":\"" + id + "\"}", Picky.class));
    }

    @Test
    void theHeapRunningOutWhileAValueIsBuiltIsNotCalledABadField() {
        JsonMappingException e = bindingError("heap");
        OutOfMemoryError oom = assertThrows(OutOfMemoryError.class, () -> BindingErrors.describe(e, "results[3]"));
        assertEquals("Java heap space", oom.getMessage());
        assertThrows(OutOfMemoryError.class, () -> BindingErrors.failure(e, "results[3]"));
    }

    @Test
    void aValueItsConstructorRefusesIsNamedByItsField() {
        String line = BindingErrors.describe(bindingError("state"), "results[3]");
        assertTrue(line.startsWith("field 'results[3]': not a valid value (broken)"), line);
    }
}
