package dev.panbench.harness.io;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.panbench.harness.BadInputException;

import java.io.BufferedInputStream;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opens a panbench JSON file for streamed reading, with what every reader needs and Jackson leaves out: the file
 * must be UTF-8 (a UTF-16 or UTF-32 file is named as such), a field may appear once per object, and nothing but
 * white space may follow the document. Every syntax error becomes one line naming the file and position.
 */
public final class JsonInput {

    private JsonInput() {
    }

    /** A work on an open parser that may throw Jackson's or the file system's exceptions. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(JsonParser parser) throws IOException;
    }

    /**
     * Runs {@code reading} on a parser positioned on the document's first token, then checks that the document is
     * over; translates every parse or I/O error into a {@link BadInputException} naming {@code file}.
     */
    public static <T> T read(Path file, Reading<T> reading) {
        return read(file, false, reading);
    }

    /** As {@link #read(Path, Reading)}; {@code arrayToo} also accepts a document that is an array. */
    private static <T> T read(Path file, boolean arrayToo, Reading<T> reading) {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file + ": a directory, expected a JSON file");
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            requireUtf8(file, in);
            try (JsonParser p = Json.MAPPER.getFactory().createParser(in)) {
                p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
                JsonToken first = p.nextToken();
                if (first == null) {
                    throw new BadInputException(file + ": empty, expected a JSON object");
                }
                if (first != JsonToken.START_OBJECT && !(arrayToo && first == JsonToken.START_ARRAY)) {
                    throw new BadInputException(file + ": expected a JSON object, found " + describe(first));
                }
                T value = reading.read(p);
                requireEnd(file, p);
                return value;
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new BadInputException(file + ": cannot read (permission denied)");
        } catch (BindingErrors.Failure e) {
            throw new BadInputException(file + ": " + e.getMessage());
        } catch (StreamReadException e) {
            throw new BadInputException(file + ": " + syntax(e));
        } catch (StreamConstraintsException e) {
            throw new BadInputException(file + ": too large to read (" + limit(e) + ")");
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof StreamReadException s) {
                throw new BadInputException(file + ": " + syntax(s));
            }
            if (e.getCause() instanceof StreamConstraintsException s) {
                throw new BadInputException(file + ": too large to read (" + limit(s) + ")");
            }
            throw new BadInputException(file + ": " + BindingErrors.describe(e, ""));
        } catch (JsonProcessingException e) {
            throw new BadInputException(file + ": " + BindingErrors.describe(e, ""));
        } catch (CharConversionException e) {
            throw new BadInputException(file + ": not valid UTF-8 (" + Printable.of(e.getMessage()) + ")");
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read (" + AtomicFiles.describe(e) + ")");
        }
    }

    /** Only white space may follow the document: a second document or stray text is an error, not ignored. */
    private static void requireEnd(Path file, JsonParser p) throws IOException {
        var at = p.currentLocation();
        try {
            if (p.nextToken() == null) {
                return;
            }
            at = p.currentTokenLocation();
        } catch (StreamReadException e) {
            at = e.getLocation() == null ? at : e.getLocation();
        }
        throw new BadInputException(file + ": unexpected data after the JSON document (line " + at.getLineNr()
                + ", column " + at.getColumnNr() + ")");
    }

    private static String limit(StreamConstraintsException e) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        return Printable.of(m.replaceAll(", from `[^`]*`", "").lines().findFirst().orElse(m));
    }

    /** The whole document, an object, as a tree: for small files (comparisons, histories), not for results. */
    public static JsonNode readTree(Path file) {
        return read(file, false, p -> Json.MAPPER.readTree(p));
    }

    /** The whole document, an object or an array (other harnesses' output), as a tree. */
    public static JsonNode readJson(Path file) {
        return read(file, true, p -> Json.MAPPER.readTree(p));
    }

    /** The top-level {@code schema} string, read without keeping anything else; empty string when absent. */
    public static String peekSchema(Path file) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            requireUtf8(file, in);
            try (JsonParser p = Json.MAPPER.getFactory().createParser(in)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return "";
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken value = p.nextToken();
                    if (name.equals("schema")) {
                        return value == JsonToken.VALUE_STRING ? p.getText() : "";
                    }
                    p.skipChildren();
                }
                return "";
            }
        } catch (IOException | BadInputException e) {
            // the full read that follows names the problem
            return "";
        }
    }

    /** JSON must be UTF-8 (RFC 8259); the byte patterns of the other Unicode encodings get their own message. */
    private static void requireUtf8(Path file, InputStream in) throws IOException {
        in.mark(4);
        byte[] b = in.readNBytes(4);
        in.reset();
        String other = null;
        if (b.length >= 2 && ((b[0] == (byte) 0xFE && b[1] == (byte) 0xFF) || (b[0] == (byte) 0xFF && b[1] == (byte) 0xFE))) {
            other = b.length >= 4 && b[2] == 0 && b[3] == 0 ? "UTF-32" : "UTF-16";
        } else if (b.length >= 2 && (b[0] == 0 || b[1] == 0)) {
            other = b.length >= 4 && b[1] == 0 && b[2] == 0 ? "UTF-32" : "UTF-16";
        }
        if (other != null) {
            throw new BadInputException(file + ": encoded as " + other + ", expected UTF-8 (JSON files are UTF-8;"
                    + " convert it, e.g. iconv -f " + other + " -t UTF-8)");
        }
    }

    static String syntax(StreamReadException e) {
        var loc = e.getLocation();
        String why = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
        String where = loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
        if (why.startsWith("Duplicate field")) {
            return "field " + Printable.quote(why.replaceAll("^Duplicate field '(.*)'$", "$1")) + " appears twice" + where;
        }
        if (why.contains("Invalid UTF-8")) {
            return "not valid UTF-8" + where;
        }
        if (e instanceof JsonParseException && why.startsWith("Unexpected end-of-input")) {
            return "not valid JSON" + where + ": the file ends before the document does";
        }
        return "not valid JSON" + where + ": " + Printable.of(why.replaceAll(" *\\(for .*\\)$", ""));
    }

    static String describe(JsonToken t) {
        return switch (t) {
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "true or false";
            case VALUE_NULL -> "null";
            case START_OBJECT -> "an object";
            default -> t.asString() == null ? t.name() : t.asString();
        };
    }
}
