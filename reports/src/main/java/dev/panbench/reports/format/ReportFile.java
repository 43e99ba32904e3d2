package dev.panbench.reports.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** One rendered file: a relative path inside the output directory (e.g. {@code report.md}, {@code charts/x.png}). */
public record ReportFile(String name, byte[] content) {

    public ReportFile {
        if (name.isEmpty() || name.startsWith("/") || name.contains("..") || name.contains("\\")) {
            throw new IllegalArgumentException("report file name must be relative and plain: " + name);
        }
        content = content.clone();
    }

    public static ReportFile text(String name, String content) {
        return new ReportFile(name, content.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public byte[] content() {
        return content.clone();
    }

    public String asText() {
        return new String(content, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReportFile f && f.name.equals(name) && Arrays.equals(f.content, content);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(content);
    }

    @Override
    public String toString() {
        return name + " (" + content.length + " bytes)";
    }
}
