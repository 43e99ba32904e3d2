package dev.panbench.harness.run.keep;

import dev.panbench.harness.model.RunInfo.GitInfo;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What tells the build a run measured from another, for a resume to refuse a different one. Run from a jar (the
 * launcher's, a bundle's), the build is the jars on the class path (each one's path, size and modification time,
 * digested): a rebuild changes them, a commit that changes no source (or another engineer's commit in the checkout
 * beside it) does not. Run from class folders (tests, an IDE), it is the checkout's commit and whether it was dirty.
 */
public final class BuildIdentity {

    private BuildIdentity() {
    }

    public static Map<String, Object> of(GitInfo git) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (git != null) {
            m.put("commit", git.commit());
            if (git.dirty() != null) {
                m.put("dirty", git.dirty());
            }
        }
        String jars = jars();
        if (jars != null) {
            m.put("jars", jars);
        }
        return m;
    }

    /** How two builds differ, in words ({@code commit 1a2b3c4d5e now, 9f8e7d6c5b in the journal}); null when alike. */
    static String difference(Map<String, Object> now, Map<String, Object> then) {
        Map<String, Object> a = now == null ? Map.of() : now;
        Map<String, Object> b = then == null ? Map.of() : then;
        String[] keys = a.containsKey("jars") && b.containsKey("jars") ? new String[] {"jars"}
                : new String[] {"jars", "commit", "dirty"};
        for (String key : keys) {
            Object x = a.get(key);
            Object y = b.get(key);
            if (x == null ? y != null : !x.equals(y)) {
                String label = switch (key) {
                    case "jars" -> "class path digest";
                    case "dirty" -> "working tree";
                    default -> key;
                };
                return label + " " + shown(key, x) + " now, " + shown(key, y) + " in the journal";
            }
        }
        return null;
    }

    private static String shown(String key, Object v) {
        if (v == null) {
            return "none";
        }
        if (key.equals("commit")) {
            return GitInfo.shortHash(v.toString());
        }
        if (key.equals("dirty")) {
            return Boolean.TRUE.equals(v) ? "uncommitted changes" : "clean";
        }
        return v.toString().substring(0, Math.min(12, v.toString().length()));
    }

    private static String jars() {
        String cp = System.getProperty("java.class.path", "");
        try {
            var source = BuildIdentity.class.getProtectionDomain().getCodeSource();
            if (source == null || !source.getLocation().getPath().endsWith(".jar")) {
                return null;
            }
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            boolean any = false;
            for (String entry : cp.split(File.pathSeparator)) {
                if (entry.isBlank() || !entry.endsWith(".jar")) {
                    continue;
                }
                Path p = Path.of(entry).toAbsolutePath();
                if (!Files.isRegularFile(p)) {
                    continue;
                }
                String line = p + " " + Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis() + "\n";
                digest.update(line.getBytes(StandardCharsets.UTF_8));
                any = true;
            }
            return any ? HexFormat.of().formatHex(digest.digest()) : null;
        } catch (IOException | NoSuchAlgorithmException | SecurityException e) {
            return null;
        }
    }
}
