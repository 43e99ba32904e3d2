package dev.panbench.reports.site;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Where each page of a history site lives, relative to the site's root: {@code index.html}, a result's page under
 * {@code r/}, a catalog row's cross-backend page under {@code row/}. A file name is the id with every character
 * outside {@code A-Z a-z 0-9 . -} as {@code _}, then six hex digits of the id and machine (so two ids that read alike
 * and the same id on two machines never share a page). The gate's summary links to the same paths.
 */
public final class SitePaths {

    public static final String INDEX = "index.html";

    private SitePaths() {
    }

    /** The page of one result on one machine ({@link dev.panbench.harness.env.MachineFingerprint#key()}). */
    public static String result(String id, String machineKey) {
        return "r/" + slug(id, machineKey) + ".html";
    }

    /** The cross-backend page of one catalog row ({@code gemm/sgemm[size=1024,dtype=f32]}) on one machine. */
    public static String row(String rowKey, String machineKey) {
        return "row/" + slug(rowKey, machineKey) + ".html";
    }

    static String slug(String id, String machineKey) {
        StringBuilder sb = new StringBuilder(id.length() + 8);
        for (int i = 0; i < id.length() && sb.length() < 120; i++) {
            char c = id.charAt(i);
            sb.append(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-'
                    ? c : '_');
        }
        try {
            byte[] h = MessageDigest.getInstance("SHA-256")
                    .digest((id + "\n" + machineKey).getBytes(StandardCharsets.UTF_8));
            return sb.append('-').append(HexFormat.of().formatHex(h, 0, 3)).toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
