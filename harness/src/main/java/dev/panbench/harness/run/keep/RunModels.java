package dev.panbench.harness.run.keep;

import dev.panbench.harness.catalog.model.ModelEntries;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.catalog.model.ModelSettings;
import dev.panbench.harness.catalog.model.TensorValue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The users' models a run measured ({@code --model}), as its journal keeps them: the properties that made their
 * catalog entries ({@link ModelSettings#properties()}), which a resume sets again, and what each model was (its
 * file's hash, its free dimensions, a digest of its inputs), which a resume requires to be unchanged: rows of another
 * model file are not rows of the same run.
 */
public record RunModels(Map<String, String> properties, List<Model> models) {

    /**
     * One model as the run measured it.
     *
     * @param inputs the SHA-256 of its inputs (each tensor's name, type, shape and values, in order)
     */
    public record Model(String name, String file, String sha256, Map<String, Long> dims, String inputs) {
    }

    public RunModels {
        properties = Map.copyOf(properties);
        models = List.copyOf(models);
    }

    /** The models this JVM's properties name, as they are now; null when the run has none. */
    public static RunModels current() {
        List<ModelEntry> entries = ModelEntries.current();
        if (entries.isEmpty()) {
            return null;
        }
        List<Model> models = new ArrayList<>();
        for (ModelEntry e : entries) {
            models.add(new Model(e.name(), e.file().onnx().toString(), e.file().sha256(), e.dims(),
                    digest(e.inputs())));
        }
        return new RunModels(ModelSettings.current().properties(), models);
    }

    /** Sets these models' properties in this JVM, so that its catalog and every fork make their entries again. */
    public void apply() {
        ModelSettings.apply(properties);
    }

    /**
     * How the models now differ from those a journal kept, in words ({@code model/conv's file ... sha256 1a2b now,
     * 3c4d in the journal}); null when alike.
     */
    static String difference(RunModels now, RunModels journal) {
        if (now == null && journal == null) {
            return null;
        }
        if (journal == null) {
            return "the run measured no --model; " + now.models().getFirst().name() + " given now";
        }
        if (now == null) {
            return "the run measured " + journal.models().getFirst().name() + "; no --model now";
        }
        Map<String, Model> byName = new LinkedHashMap<>();
        now.models().forEach(m -> byName.put(m.name(), m));
        for (Model was : journal.models()) {
            Model is = byName.remove(was.name());
            if (is == null) {
                return was.name() + " (" + was.file() + ") in the journal, not given now";
            }
            if (!is.sha256().equals(was.sha256()) || !is.file().equals(was.file())) {
                return was.name() + "'s file " + is.file() + " has sha256 " + shortHash(is.sha256()) + " now; the run"
                        + " measured " + was.file() + " with sha256 " + shortHash(was.sha256());
            }
            if (!is.dims().equals(was.dims())) {
                return was.name() + "'s dimensions " + is.dims() + " now, " + was.dims() + " in the journal";
            }
            if (!Objects.equals(is.inputs(), was.inputs())) {
                return was.name() + "'s inputs (sha256 " + shortHash(is.inputs()) + ") are not those the run measured"
                        + " with (sha256 " + shortHash(was.inputs()) + ")";
            }
        }
        if (!byName.isEmpty()) {
            return byName.keySet().iterator().next() + " given now, not in the journal";
        }
        if (!now.properties().equals(journal.properties())) {
            return "model settings " + now.properties() + " now, " + journal.properties() + " in the journal";
        }
        return null;
    }

    private static String shortHash(String h) {
        return h == null ? "none" : h.substring(0, Math.min(12, h.length()));
    }

    private static String digest(Map<String, TensorValue> inputs) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            for (TensorValue t : inputs.values()) {
                d.update((t.name() + "\0" + t.type().label() + "\0" + t.shapeText() + "\0")
                        .getBytes(StandardCharsets.UTF_8));
                ByteBuffer b = t.data().duplicate();
                d.update(b);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
