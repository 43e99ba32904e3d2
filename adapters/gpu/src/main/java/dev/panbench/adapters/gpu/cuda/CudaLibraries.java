package dev.panbench.adapters.gpu.cuda;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Where the CUDA libraries are: {@code libcuda.so.1} (the driver API, installed with the NVIDIA driver),
 * {@code libnvrtc.so.*} (run-time compilation) and {@code libcublas.so.*}. For each, the candidates in this order:
 * <ol>
 * <li>the directories of the system property {@code panbench.cuda.path} (the CLI's {@code --cuda-path}), then of
 * the environment variable {@code PANBENCH_CUDA_PATH} (both {@code :}-separated);</li>
 * <li>the directories of {@code LD_LIBRARY_PATH};</li>
 * <li>the bare soname, which the dynamic loader resolves through its cache ({@code ldconfig});</li>
 * <li>the CUDA toolkit's {@code lib64} ({@code CUDA_HOME}, {@code CUDA_PATH}, {@code /usr/local/cuda}) and the
 * driver's usual directories;</li>
 * <li>the {@code nvidia/*}{@code /lib} folders of Python's site-packages (the project {@code .venv} first), where
 * PyTorch-style wheels ({@code nvidia-cuda-nvrtc-cu12}, {@code nvidia-cublas-cu12}) put their libraries.</li>
 * </ol>
 * Within a directory the highest version of a library wins ({@code libnvrtc.so.12} over {@code libnvrtc.so.11.2}).
 */
public final class CudaLibraries {

    public static final String PROPERTY = "panbench.cuda.path";
    public static final String ENV = "PANBENCH_CUDA_PATH";

    /** One CUDA library: its file-name stem and the sonames to ask the loader for, newest first. */
    public enum Library {
        DRIVER("libcuda.so", List.of("libcuda.so.1"), "cuInit"),
        NVRTC("libnvrtc.so", List.of("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so"),
                "nvrtcCreateProgram"),
        CUBLAS("libcublas.so", List.of("libcublas.so.13", "libcublas.so.12", "libcublas.so.11", "libcublas.so"),
                "cublasCreate_v2");

        final String stem;
        final List<String> sonames;
        /** A symbol the library must export (checked before it is loaded). */
        final String symbol;

        Library(String stem, List<String> sonames, String symbol) {
            this.stem = stem;
            this.sonames = sonames;
            this.symbol = symbol;
        }
    }

    static final List<String> DRIVER_DIRS = List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib/wsl/lib",
            "/usr/lib/aarch64-linux-gnu", "/usr/local/cuda/compat");

    /** Everything the search reads, explicit so tests can give their own. */
    public record Inputs(List<Path> explicitDirs, List<Path> loaderPath, List<Path> toolkitDirs,
                         List<Path> sitePackages) {

        /** This process: system property, environment, toolkit locations and Python's site-packages. */
        public static Inputs ofThisProcess() {
            Map<String, String> env = System.getenv();
            List<Path> explicit = new ArrayList<>(dirs(System.getProperty(PROPERTY)));
            explicit.addAll(dirs(env.get(ENV)));
            List<Path> toolkit = new ArrayList<>();
            for (String v : new String[] {env.get("CUDA_HOME"), env.get("CUDA_PATH"), "/usr/local/cuda"}) {
                if (v != null && !v.isBlank()) {
                    toolkit.add(Path.of(v, "lib64"));
                    toolkit.add(Path.of(v, "lib"));
                }
            }
            for (String d : DRIVER_DIRS) {
                toolkit.add(Path.of(d));
            }
            return new Inputs(explicit, dirs(env.get("LD_LIBRARY_PATH")), toolkit, defaultSitePackages());
        }
    }

    private CudaLibraries() {
    }

    /** The candidates for {@code lib}, in search order: absolute paths of existing files and bare sonames. */
    public static List<String> candidates(Library lib, Inputs in) {
        Set<String> out = new LinkedHashSet<>();
        for (Path d : in.explicitDirs()) {
            out.addAll(inDirectory(lib, d));
        }
        for (Path d : in.loaderPath()) {
            out.addAll(inDirectory(lib, d));
        }
        out.addAll(lib.sonames);
        for (Path d : in.toolkitDirs()) {
            out.addAll(inDirectory(lib, d));
        }
        for (Path sp : in.sitePackages()) {
            Path nvidia = sp.resolve("nvidia");
            if (!Files.isDirectory(nvidia)) {
                continue;
            }
            try (DirectoryStream<Path> pkgs = Files.newDirectoryStream(nvidia)) {
                List<Path> sorted = new ArrayList<>();
                pkgs.forEach(sorted::add);
                sorted.sort(Comparator.naturalOrder());
                for (Path pkg : sorted) {
                    out.addAll(inDirectory(lib, pkg.resolve("lib")));
                }
            } catch (IOException ignored) {
                // an unreadable site-packages offers nothing
            }
        }
        return List.copyOf(out);
    }

    /** Files {@code stem} or {@code stem.N[.M...]} in {@code dir}, highest version first. */
    static List<String> inDirectory(Library lib, Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, lib.stem + "*")) {
            for (Path f : files) {
                String rest = f.getFileName().toString().substring(lib.stem.length());
                if (rest.isEmpty() || rest.matches("(\\.\\d+)+")) {
                    found.add(f);
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        found.sort(Comparator.comparing((Path f) -> version(f.getFileName().toString().substring(lib.stem.length())),
                CudaLibraries::compareVersions).reversed());
        return found.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList();
    }

    private static int[] version(String suffix) {
        if (suffix.isEmpty()) {
            return new int[0];
        }
        String[] parts = suffix.substring(1).split("\\.");
        int[] v = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            v[i] = Integer.parseInt(parts[i]);
        }
        return v;
    }

    private static int compareVersions(int[] a, int[] b) {
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (a[i] != b[i]) {
                return Integer.compare(a[i], b[i]);
            }
        }
        return Integer.compare(a.length, b.length);
    }

    static List<Path> dirs(String pathList) {
        if (pathList == null || pathList.isBlank()) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        for (String p : pathList.split(":")) {
            if (!p.isBlank()) {
                out.add(Path.of(p));
            }
        }
        return out;
    }

    /** The project's {@code .venv} site-packages (under {@code panbench.home} or the working directory), then python3's. */
    private static List<Path> defaultSitePackages() {
        List<Path> out = new ArrayList<>();
        String home = System.getProperty("panbench.home");
        for (Path root : new Path[] {home == null ? null : Path.of(home), Path.of("").toAbsolutePath()}) {
            if (root == null) {
                continue;
            }
            Path lib = root.resolve(".venv/lib");
            if (Files.isDirectory(lib)) {
                try (DirectoryStream<Path> pythons = Files.newDirectoryStream(lib, "python3*")) {
                    pythons.forEach(p -> out.add(p.resolve("site-packages")));
                } catch (IOException ignored) {
                    // nothing from this venv
                }
            }
        }
        out.addAll(pythonSitePackages());
        return out;
    }

    private static List<Path> pythonSitePackages() {
        try {
            Process p = new ProcessBuilder("python3", "-c",
                    "import site,sys; print('\\n'.join(site.getsitepackages()+[site.getusersitepackages()]))")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return List.of();
            }
            return out.lines().filter(l -> !l.isBlank()).map(Path::of).toList();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}
