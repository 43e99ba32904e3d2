package dev.panbench.harness.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.panbench.harness.io.Json;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a file panbench wrote against the schema its readers use: {@code panbench/result/v1} and
 * {@code panbench/comparison/v1} and {@code panbench/cross-backend/v1} (the JSON Schemas published in harness/src/main/resources/schemas, by networknt's
 * json-schema-validator), and JUnit XML against Jenkins xUnit's junit-10.xsd (by javax.xml.validation).
 * Other files are not checked.
 */
public final class PublishedSchemas {

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final JsonSchema RESULT = load("/schemas/panbench-result-v1.schema.json");
    private static final JsonSchema COMPARISON = load("/schemas/panbench-comparison-v1.schema.json");
    private static final JsonSchema CROSS_BACKEND = load("/schemas/panbench-cross-backend-v1.schema.json");
    private static final Schema JUNIT = xsd(junitXsd());

    private PublishedSchemas() {
    }

    /** What is wrong with a file (one line per problem), or empty when it conforms or is of no checked kind. */
    public static Optional<String> problems(Path file) throws IOException {
        String name = file.getFileName().toString();
        if (name.endsWith(".json")) {
            return json(file, Files.readString(file));
        }
        if (name.endsWith(".xml")) {
            return junit(Files.readString(file));
        }
        return Optional.empty();
    }

    public static Optional<String> json(Path file, String text) throws IOException {
        String t = text.stripLeading();
        if (!t.startsWith("{") && !t.startsWith("[")) {
            return Optional.empty(); // bytes a test of the writer itself wrote, not a JSON document
        }
        JsonNode tree = Json.MAPPER.readTree(text);
        String schema = tree != null && tree.isObject() ? tree.path("schema").asText("") : "";
        JsonSchema s = schema.startsWith("panbench/result/") ? RESULT
                : schema.startsWith("panbench/comparison/") ? COMPARISON
                : schema.startsWith("panbench/cross-backend/") ? CROSS_BACKEND : null;
        if (s == null) {
            return Optional.empty();
        }
        Set<ValidationMessage> errors = s.validate(tree);
        return errors.isEmpty() ? Optional.empty() : Optional.of(file + " is not valid " + schema + ": "
                + String.join("; ", errors.stream().map(ValidationMessage::getMessage).sorted().limit(10).toList()));
    }

    /** JUnit XML (a testsuites or testsuite root) against junit-10.xsd. */
    public static Optional<String> junit(String xml) {
        if (!xml.contains("<testsuite")) {
            return Optional.empty();
        }
        try {
            JUNIT.newValidator().validate(new StreamSource(new StringReader(xml)));
            return Optional.empty();
        } catch (SAXException | IOException e) {
            return Optional.of("not valid against Jenkins xUnit's junit-10.xsd: " + e.getMessage());
        }
    }

    private static JsonSchema load(String resource) {
        try (InputStream in = PublishedSchemas.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("schema " + resource + " is not on the class path");
            }
            return FACTORY.getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * junit-10.xsd as scripts/setup.sh extracts it from pytest's source distribution into the project's .venv
     * (found from the working directory upwards). Missing, every JUnit check fails with how to get it.
     */
    private static Path junitXsd() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path xsd = dir.resolve(".venv/share/panbench/junit-10.xsd");
            if (Files.isRegularFile(xsd)) {
                return xsd;
            }
        }
        throw new IllegalStateException("junit-10.xsd not found in the project's .venv/share/panbench;"
                + " run scripts/setup.sh");
    }

    private static Schema xsd(Path file) {
        try {
            SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            return f.newSchema(file.toFile());
        } catch (SAXException e) {
            throw new IllegalStateException(e);
        }
    }
}
