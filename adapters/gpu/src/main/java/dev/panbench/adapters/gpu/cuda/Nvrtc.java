package dev.panbench.adapters.gpu.cuda;

import dev.panbench.adapters.gpu.cuda.CudaLibraries.Library;
import dev.panbench.adapters.gpu.device.GpuException;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * NVRTC ({@code nvrtc.h}): CUDA C source to PTX at run time, for the device's compute capability, so panbench
 * ships kernel sources and no binaries. {@code nvrtcResult} is a 32-bit enum; {@code nvrtcProgram} an opaque
 * pointer.
 */
final class Nvrtc {

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final AddressLayout PTR = ValueLayout.ADDRESS;
    private static final ValueLayout.OfLong SIZE_T = ValueLayout.JAVA_LONG;

    private static final SymbolLookup LOOKUP = lookup();
    private static final Linker LINKER = Linker.nativeLinker();

    /**
     * {@code nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name, int numHeaders,
     * const char * const *headers, const char * const *includeNames);}
     */
    private static final MethodHandle nvrtcCreateProgram = h("nvrtcCreateProgram",
            FunctionDescriptor.of(INT, PTR, PTR, PTR, INT, PTR, PTR));
    /** {@code nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char * const *options);} */
    private static final MethodHandle nvrtcCompileProgram = h("nvrtcCompileProgram",
            FunctionDescriptor.of(INT, PTR, INT, PTR));
    /** {@code nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *logSizeRet);} */
    private static final MethodHandle nvrtcGetProgramLogSize = h("nvrtcGetProgramLogSize",
            FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log);} */
    private static final MethodHandle nvrtcGetProgramLog = h("nvrtcGetProgramLog",
            FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *ptxSizeRet);} */
    private static final MethodHandle nvrtcGetPTXSize = h("nvrtcGetPTXSize", FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx);} */
    private static final MethodHandle nvrtcGetPTX = h("nvrtcGetPTX", FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);} */
    private static final MethodHandle nvrtcDestroyProgram = h("nvrtcDestroyProgram",
            FunctionDescriptor.of(INT, PTR));
    /** {@code nvrtcResult nvrtcVersion(int *major, int *minor);} */
    private static final MethodHandle nvrtcVersion = h("nvrtcVersion", FunctionDescriptor.of(INT, PTR, PTR));
    /** {@code const char *nvrtcGetErrorString(nvrtcResult result);} */
    private static final MethodHandle nvrtcGetErrorString = h("nvrtcGetErrorString",
            FunctionDescriptor.of(PTR, INT));

    private Nvrtc() {
    }

    private static SymbolLookup lookup() {
        CudaLoader.Loaded l = CudaLoader.get(Library.NVRTC);
        if (l.lookup() == null) {
            throw new GpuException(l.missing());
        }
        return l.lookup();
    }

    private static MethodHandle h(String name, FunctionDescriptor d) {
        MemorySegment sym = LOOKUP.find(name).orElseThrow(() -> new IllegalStateException(
                "symbol " + name + " missing from " + CudaLoader.path(Library.NVRTC)));
        return LINKER.downcallHandle(sym, d);
    }

    /** {@code 12.4}. */
    static String version() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment major = a.allocate(INT);
            MemorySegment minor = a.allocate(INT);
            check((int) nvrtcVersion.invokeExact(major, minor), "nvrtcVersion");
            return major.get(INT, 0) + "." + minor.get(INT, 0);
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    /** PTX for {@code source}; a compile error throws with one line, then NVRTC's log. */
    static String compile(String label, String source, int major, int minor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment prog = a.allocate(PTR);
            check((int) nvrtcCreateProgram.invokeExact(prog, a.allocateFrom(source), a.allocateFrom(label), 0,
                    MemorySegment.NULL, MemorySegment.NULL), "nvrtcCreateProgram(" + label + ")");
            MemorySegment p = prog.get(PTR, 0);
            try {
                List<String> opts = CudaModule.nvrtcOptions(major, minor);
                MemorySegment optv = a.allocate(PTR, opts.size());
                for (int i = 0; i < opts.size(); i++) {
                    optv.setAtIndex(PTR, i, a.allocateFrom(opts.get(i)));
                }
                int status = (int) nvrtcCompileProgram.invokeExact(p, opts.size(), optv);
                if (status != 0) {
                    throw new GpuException("CUDA kernel " + label + " failed to compile for compute_" + major + minor
                            + ": " + errorString(status) + "\n" + log(p, a));
                }
                MemorySegment size = a.allocate(SIZE_T);
                check((int) nvrtcGetPTXSize.invokeExact(p, size), "nvrtcGetPTXSize");
                MemorySegment ptx = a.allocate(size.get(SIZE_T, 0));
                check((int) nvrtcGetPTX.invokeExact(p, ptx), "nvrtcGetPTX");
                return ptx.getString(0);
            } finally {
                int ignored = (int) nvrtcDestroyProgram.invokeExact(prog);
            }
        } catch (Throwable t) {
            throw GpuException.unchecked(t);
        }
    }

    private static String log(MemorySegment p, Arena a) throws Throwable {
        MemorySegment size = a.allocate(SIZE_T);
        if ((int) nvrtcGetProgramLogSize.invokeExact(p, size) != 0 || size.get(SIZE_T, 0) <= 1) {
            return "";
        }
        MemorySegment log = a.allocate(size.get(SIZE_T, 0));
        return (int) nvrtcGetProgramLog.invokeExact(p, log) == 0 ? log.getString(0).strip() : "";
    }

    private static String errorString(int status) throws Throwable {
        MemorySegment s = (MemorySegment) nvrtcGetErrorString.invokeExact(status);
        return s.reinterpret(256).getString(0);
    }

    private static void check(int status, String call) throws Throwable {
        if (status != 0) {
            throw new GpuException(call + " failed: " + errorString(status));
        }
    }
}
