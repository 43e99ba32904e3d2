package dev.panbench.harness.run;

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
 * What tells the build a run measured from another, for a resume to refuse a different one: the commit and whether
 * the tree was dirty, and the jars on the class path (each one's name, size and modification time, digested), since a
 * dirty tree's jar changes with each rebuild while its commit does not.
 */
final class BuildIdentity {

    private BuildIdentity() {
    }

    static Map<String, Object> of(GitInfo git) {
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
        for (String key : new String[] {"commit", "dirty", "jars"}) {
            Object x = a.get(key);
            Object y = b.get(key);
            if (x == null ? y != null : !x.equals(y)) {
                return key + " " + shown(key, x) + " now, " + shown(key, y) + " in the journal";
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
        } catch (IOException | NoSuchAlgorithmException e) {
            return null;
        }
    }
}
