package dev.panbench.harness.nativelib;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks, without loading it, that a file can be a shared library for this machine: the ELF magic, a 64-bit
 * little- or big-endian object of type {@code ET_DYN} for this CPU, and program headers, loadable segments and
 * section headers that all lie inside the file. A truncated copy fails here, before {@code dlopen} could map pages
 * past its end (SIGBUS).
 *
 * <pre>
 * typedef struct {                      typedef struct {
 *   unsigned char e_ident[16];            Elf64_Word  p_type;    // 1 = PT_LOAD
 *   Elf64_Half    e_type;      // 16      Elf64_Word  p_flags;
 *   Elf64_Half    e_machine;   // 18      Elf64_Off   p_offset;  // 8
 *   Elf64_Word    e_version;   // 20      Elf64_Addr  p_vaddr;
 *   Elf64_Addr    e_entry;     // 24      Elf64_Addr  p_paddr;
 *   Elf64_Off     e_phoff;     // 32      Elf64_Xword p_filesz;  // 32
 *   Elf64_Off     e_shoff;     // 40      Elf64_Xword p_memsz;
 *   Elf64_Word    e_flags;     // 48      Elf64_Xword p_align;
 *   Elf64_Half    e_ehsize;    // 52    } Elf64_Phdr;
 *   Elf64_Half    e_phentsize; // 54
 *   Elf64_Half    e_phnum;     // 56
 *   Elf64_Half    e_shentsize; // 58
 *   Elf64_Half    e_shnum;     // 60
 *   Elf64_Half    e_shstrndx;  // 62
 * } Elf64_Ehdr;
 * </pre>
 */
final class ElfHeader {

    private static final int EHDR_SIZE = 64;
    private static final int ET_DYN = 3;
    private static final int PT_LOAD = 1;
    private static final int MAX_HEADERS = 4096;

    private ElfHeader() {
    }

    /** Why {@code file} cannot be a shared library here; empty when its headers are sound. */
    static Optional<String> problem(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < EHDR_SIZE) {
                return Optional.of("not a shared library: " + size + " bytes, shorter than an ELF header");
            }
            ByteBuffer h = read(ch, 0, EHDR_SIZE);
            if (h.get(0) != 0x7f || h.get(1) != 'E' || h.get(2) != 'L' || h.get(3) != 'F') {
                return Optional.of("not a shared library: no ELF header (the file starts with "
                        + hex(h, 4) + ")");
            }
            if (h.get(4) != 2) {
                return Optional.of("not a 64-bit library (ELF class " + h.get(4) + "); this JVM is 64-bit");
            }
            h.order(h.get(5) == 2 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            if (h.getShort(16) != ET_DYN) {
                return Optional.of("not a shared library (ELF type " + h.getShort(16) + ", expected 3, ET_DYN)");
            }
            int machine = Short.toUnsignedInt(h.getShort(18));
            int expected = expectedMachine();
            if (expected != 0 && machine != expected) {
                return Optional.of("built for another CPU (ELF machine " + machine + ", this JVM runs on "
                        + System.getProperty("os.arch") + ", machine " + expected + ")");
            }
            long phoff = h.getLong(32);
            long shoff = h.getLong(40);
            int phentsize = Short.toUnsignedInt(h.getShort(54));
            int phnum = Short.toUnsignedInt(h.getShort(56));
            int shentsize = Short.toUnsignedInt(h.getShort(58));
            int shnum = Short.toUnsignedInt(h.getShort(60));
            if (phnum == 0 || phnum > MAX_HEADERS || phentsize < 56) {
                return Optional.of("damaged ELF header (" + phnum + " program headers of " + phentsize + " bytes)");
            }
            Optional<String> table = inside("program headers", phoff, (long) phentsize * phnum, size);
            if (table.isPresent()) {
                return table;
            }
            if (shnum > 0) {
                Optional<String> sections = inside("section headers", shoff, (long) shentsize * shnum, size);
                if (sections.isPresent()) {
                    return sections;
                }
            }
            ByteBuffer ph = read(ch, phoff, phentsize * phnum).order(h.order());
            for (int i = 0; i < phnum; i++) {
                int base = i * phentsize;
                if (ph.getInt(base) == PT_LOAD) {
                    Optional<String> seg = inside("loadable segment " + i, ph.getLong(base + 8),
                            ph.getLong(base + 32), size);
                    if (seg.isPresent()) {
                        return seg;
                    }
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot read (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
    }

    private static Optional<String> inside(String what, long offset, long length, long size) {
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            return Optional.of("truncated or damaged: its " + what + " end at byte "
                    + Long.toUnsignedString(offset + length) + " but the file has " + size + " bytes");
        }
        return Optional.empty();
    }

    private static ByteBuffer read(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new IOException("unexpected end of file");
            }
        }
        return b.flip();
    }

    private static int expectedMachine() {
        return switch (System.getProperty("os.arch").toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64" -> 62;
            case "aarch64", "arm64" -> 183;
            case "riscv64" -> 243;
            case "ppc64le", "ppc64" -> 21;
            case "s390x" -> 22;
            default -> 0;
        };
    }

    private static String hex(ByteBuffer b, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(String.format(Locale.ROOT, "%02x", b.get(i) & 0xff));
        }
        return sb.toString();
    }
}
