package dev.panbench.harness.env.check;

/**
 * One check of whether this machine is fit to measure now: its name ({@code load}, {@code steal}, ...), its verdict,
 * what was read, and for a warning what would fix it.
 */
public record EnvCheck(String name, Verdict verdict, String reading, String fix) {

    /** ok: nothing here distorts timings; warn: this does; unknown: the machine does not let it be read. */
    public enum Verdict { ok, warn, unknown }

    static EnvCheck ok(String name, String reading) {
        return new EnvCheck(name, Verdict.ok, reading, null);
    }

    static EnvCheck warn(String name, String reading, String fix) {
        return new EnvCheck(name, Verdict.warn, reading, fix);
    }

    static EnvCheck unknown(String name, String reading) {
        return new EnvCheck(name, Verdict.unknown, reading, null);
    }
}
