package dev.panbench.harness.env;

import dev.panbench.harness.model.EnvironmentInfo;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Which machine a run was measured on, as a short key: the hardware part of the run's environment ({@link
 * EnvironmentInfo}: architecture, CPU model and core count), the same fields {@code compare} warns about, less the
 * software (an OS or JVM upgrade on one machine is a change a trend should show, not a second machine) and the host
 * name (CI runners of one kind share hardware, not names). A history keeps the runs of different keys apart and never
 * draws them as one line.
 *
 * @param key   eight hex digits of the SHA-256 of the fields, stable across releases; {@code unknown} without an
 *              environment
 * @param label the fields as a person reads them: {@code Intel(R) Xeon(R) Platinum 8481C x2 (amd64)}
 */
public record MachineFingerprint(String key, String label) {

    public static final MachineFingerprint UNKNOWN = new MachineFingerprint("unknown", "unknown machine");

    public static MachineFingerprint of(EnvironmentInfo env) {
        if (env == null || env.cpu() == null && env.arch() == null) {
            return UNKNOWN;
        }
        String model = env.cpu() == null || env.cpu().model() == null ? "unknown CPU" : env.cpu().model();
        String cores = env.cpu() == null || env.cpu().cores() == null ? "?" : env.cpu().cores().toString();
        String arch = env.arch() == null ? "?" : env.arch();
        String fields = model + "\n" + cores + "\n" + arch;
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(fields.getBytes(StandardCharsets.UTF_8));
            return new MachineFingerprint(HexFormat.of().formatHex(h, 0, 4), model + " x" + cores + " (" + arch + ")");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
