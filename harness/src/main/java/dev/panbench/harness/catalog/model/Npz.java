package dev.panbench.harness.catalog.model;

import dev.panbench.harness.io.AtomicFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * numpy's {@code .npz} (a zip of {@code NAME.npy}) and {@code .npy} (format 1.0 to 3.0: magic, version, a header
 * dict {@code {'descr': '<f4', 'fortran_order': False, 'shape': (1, 3), }}, the values in C order): how a user's inputs
 * come in ({@code --inputs}) and how panbench hands inputs and answers to and from Python.
 */
public final class Npz {

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr':\\s*'([^']+)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order':\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape':\\s*\\(([^)]*)\\)");

    private Npz() {
    }

    /** Every array of an {@code .npz} file, by name, in the file's order. */
    public static Map<String, TensorValue> read(Path file) throws IOException {
        Map<String, TensorValue> out = new LinkedHashMap<>();
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(file))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                String name = e.getName().endsWith(".npy") ? e.getName().substring(0, e.getName().length() - 4)
                        : e.getName();
                out.put(name, readNpy(name, zip.readAllBytes()));
            }
        }
        if (out.isEmpty()) {
            throw new IOException("no arrays in it (is it an .npz file?)");
        }
        return out;
    }

    /** One {@code .npy} file's bytes. */
    public static TensorValue readNpy(String name, byte[] bytes) throws IOException {
        if (bytes.length < 10 || !Arrays.equals(Arrays.copyOf(bytes, 6), MAGIC)) {
            throw new IOException(name + ": not an .npy array");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int major = bytes[6];
        int headerLength = major == 1 ? Short.toUnsignedInt(b.getShort(8)) : b.getInt(8);
        int start = major == 1 ? 10 : 12;
        String header = new String(bytes, start, headerLength, major == 3 ? StandardCharsets.UTF_8
                : StandardCharsets.ISO_8859_1);
        Matcher d = DESCR.matcher(header);
        Matcher f = FORTRAN.matcher(header);
        Matcher s = SHAPE.matcher(header);
        if (!d.find() || !f.find() || !s.find()) {
            throw new IOException(name + ": unreadable .npy header " + header.strip());
        }
        ElementType type = ElementType.ofDescr(d.group(1)).orElseThrow(() -> new IOException(name + ": dtype "
                + d.group(1) + " is not one panbench takes (little-endian numbers and bools)"));
        if (f.group(1).equals("True")) {
            throw new IOException(name + ": a Fortran-ordered array; save it with np.ascontiguousarray");
        }
        long[] shape = Arrays.stream(s.group(1).split(",")).map(String::strip).filter(x -> !x.isEmpty())
                .mapToLong(Long::parseLong).toArray();
        int offset = start + headerLength;
        int length = Math.toIntExact(TensorValue.count(shape) * type.bytes());
        if (bytes.length - offset < length) {
            throw new IOException(name + ": " + (bytes.length - offset) + " bytes of data, the header says " + length);
        }
        return new TensorValue(name, type, shape, ByteBuffer.wrap(bytes, offset, length).slice());
    }

    /** Writes {@code arrays} as an {@code .npz} file, through a temporary file and a rename. */
    public static void write(Path file, Collection<TensorValue> arrays) throws IOException {
        AtomicFiles.write(file, out -> {
            try (ZipOutputStream zip = new ZipOutputStream(out)) {
                for (TensorValue t : arrays) {
                    zip.putNextEntry(new ZipEntry(t.name() + ".npy"));
                    zip.write(npy(t));
                    zip.closeEntry();
                }
            }
        });
    }

    static byte[] npy(TensorValue t) {
        StringBuilder shape = new StringBuilder();
        for (long d : t.shape()) {
            shape.append(d).append(", ");
        }
        String dims = t.shape().length == 1 ? t.shape()[0] + "," : shape.toString().replaceAll(", $", "");
        StringBuilder header = new StringBuilder("{'descr': '" + t.type().descr() + "', 'fortran_order': False, "
                + "'shape': (" + dims + "), }");
        while ((10 + header.length() + 1) % 64 != 0) {
            header.append(' ');
        }
        header.append('\n');
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(MAGIC);
        out.write(1);
        out.write(0);
        out.write(header.length() & 0xff);
        out.write(header.length() >>> 8);
        out.writeBytes(header.toString().getBytes(StandardCharsets.ISO_8859_1));
        ByteBuffer data = t.data().duplicate();
        byte[] values = new byte[data.remaining()];
        data.get(values);
        out.writeBytes(values);
        return out.toByteArray();
    }

}
