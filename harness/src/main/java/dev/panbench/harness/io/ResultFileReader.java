package dev.panbench.harness.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.ResultFile;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.model.RunInfo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@code panbench/result/v1} file as a stream: one result at a time is bound and checked
 * ({@link ResultChecks}), so memory follows what is kept, not the size of the text. Top-level fields may come in
 * any order; unknown ones are kept.
 */
final class ResultFileReader {

    private static final ObjectReader RESULT = Json.MAPPER.readerFor(BenchResult.class);

    private ResultFileReader() {
    }

    static ResultFile read(Path file) {
        return JsonInput.read(file, ResultFileReader::document);
    }

    private static ResultFile document(JsonParser p) throws IOException {
        String schema = null;
        boolean hasSchema = false;
        RunInfo run = null;
        EnvironmentInfo environment = null;
        RunConfig config = null;
        List<BenchResult> results = null;
        Map<String, Object> extra = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "schema" -> {
                    if (value != JsonToken.VALUE_STRING) {
                        throw new BindingErrors.Failure("field 'schema': expected \"" + ResultFile.SCHEMA + "\", found "
                                + JsonInput.describe(value));
                    }
                    schema = p.getText();
                    hasSchema = true;
                    SchemaCheck.require(schema, ResultFile.SCHEMA);
                }
                case "run" -> run = bind(p, value, "run", RunInfo.class);
                case "environment" -> environment = bind(p, value, "environment", EnvironmentInfo.class);
                case "config" -> config = bind(p, value, "config", RunConfig.class);
                case "results" -> results = results(p, value);
                default -> extra.put(name, Json.MAPPER.readValue(p, Object.class));
            }
        }
        if (!hasSchema) {
            throw new BindingErrors.Failure("field 'schema': missing, expected \"" + ResultFile.SCHEMA + "\"");
        }
        if (results == null) {
            throw new BindingErrors.Failure("field 'results': missing, expected an array of results");
        }
        return ResultFiles.withLegacyForks(new ResultFile(schema, run, environment, config, results, extra));
    }

    private static <T> T bind(JsonParser p, JsonToken value, String field, Class<T> type) throws IOException {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        if (value != JsonToken.START_OBJECT) {
            throw new BindingErrors.Failure("field '" + field + "': expected an object, found " + JsonInput.describe(value));
        }
        try {
            return Json.MAPPER.readValue(p, type);
        } catch (JsonMappingException e) {
            throw BindingErrors.failure(e, field);
        }
    }

    private static List<BenchResult> results(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw new BindingErrors.Failure("field 'results': expected an array, found " + JsonInput.describe(value));
        }
        List<BenchResult> results = new ArrayList<>();
        ResultChecks checks = new ResultChecks();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            String at = "results[" + results.size() + "]";
            if (t != JsonToken.START_OBJECT) {
                throw new BindingErrors.Failure("field '" + at + "': expected an object, found " + JsonInput.describe(t));
            }
            BenchResult r;
            try {
                r = RESULT.readValue(p);
            } catch (JsonMappingException e) {
                throw BindingErrors.failure(e, at);
            }
            checks.check(r, at);
            results.add(r);
        }
        if (results.isEmpty()) {
            throw new BindingErrors.Failure("field 'results': empty, expected at least one result");
        }
        return results;
    }
}
