package dev.panbench.harness.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Jackson's binding errors in a user's words: the JSON path of the field, what was expected there in JSON terms
 * ("a number", "one of ok, failed, skipped"), never a Java class name such as {@code BenchResult$Status} or
 * {@code LinkedHashMap}.
 */
public final class BindingErrors {

    private BindingErrors() {
    }

    /** A problem found while a value is bound, already worded; the reader adds the file name. */
    public static final class Failure extends RuntimeException {
        public Failure(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * A binding error as a {@link Failure}; a syntax error or a size limit met while binding is thrown as it is, so
     * that the reader reports it with its position.
     */
    static RuntimeException failure(JsonMappingException e, String prefix) throws IOException {
        if (e.getCause() instanceof StreamReadException s) {
            throw s;
        }
        if (e.getCause() instanceof StreamConstraintsException s) {
            throw s;
        }
        return new Failure(describe(e, prefix));
    }

    /** {@code field 'prefix.path': expected ...}; {@code prefix} is the path of the value being bound, or empty. */
    public static String describe(JsonProcessingException e, String prefix) {
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError oom) {
                throw oom; // the heap ran out while a value was built: the one out-of-memory line, not a field error
            }
        }
        String field = prefix;
        if (e instanceof JsonMappingException m) {
            field = join(prefix, path(m));
        }
        String where = field.isEmpty() ? "" : "field '" + Printable.of(field) + "': ";
        if (e instanceof InvalidFormatException f) {
            return where + "expected " + expected(f.getTargetType()) + ", found " + shown(f.getValue());
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return where + "expected " + expected(m.getTargetType());
        }
        if (e.getCause() instanceof Failure f) {
            return where + f.getMessage();
        }
        if (e instanceof com.fasterxml.jackson.databind.exc.ValueInstantiationException
                && e.getCause() instanceof IllegalArgumentException bad && bad.getMessage() != null) {
            // a model's own refusal: "field 'id': expected ..." is relative to the value being bound
            String m = bad.getMessage().lines().findFirst().orElse("");
            if (m.startsWith("field '")) {
                return "field '" + Printable.of(join(field, m.substring(7, m.indexOf('\'', 7))))
                        + m.substring(m.indexOf('\'', 7));
            }
            return where + Printable.of(m);
        }
        if (e instanceof com.fasterxml.jackson.databind.exc.ValueInstantiationException) {
            return where + (e.getCause() instanceof NullPointerException ? "null where a value is expected"
                    : "not a valid value (" + Printable.of(String.valueOf(e.getCause() == null ? null
                    : e.getCause().getMessage())) + ")");
        }
        String why = e.getOriginalMessage() == null ? e.getClass().getSimpleName()
                : e.getOriginalMessage().lines().findFirst().orElse("");
        return where + Printable.of(why.replaceAll("`[A-Za-z0-9_.$]+`", "the value").replaceAll(" *\\(for .*\\)$", ""));
    }

    static String join(String prefix, String path) {
        if (prefix.isEmpty()) {
            return path;
        }
        if (path.isEmpty()) {
            return prefix;
        }
        return path.startsWith("[") ? prefix + path : prefix + "." + path;
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (var ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    static String expected(Class<?> type) {
        if (type == null) {
            return "another value";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(Object::toString)
                    .collect(Collectors.joining(", "));
        }
        if (type == String.class || type == Character.class || type == char.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord() || !type.getName().startsWith("java.")) {
            return "an object";
        }
        return "another value";
    }

    private static String shown(Object value) {
        if (value instanceof String s) {
            return Printable.quote(s);
        }
        return value == null ? "null" : Printable.of(value.toString());
    }
}
