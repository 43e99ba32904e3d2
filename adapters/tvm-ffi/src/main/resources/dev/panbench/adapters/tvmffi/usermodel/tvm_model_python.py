"""A user's model's Relax build (tvm_model.py build) called from Python's own tvm_ffi package (impl=tvm-python), for
panbench's Python driver (panbench_driver.py).

Only tvm_ffi is imported, not tvm: libtvm_runtime.so is loaded with RTLD_GLOBAL first (it provides the Relax VM), then
the module the Java row loads too, its VM set up as tvm.runtime.vm.VirtualMachine does (CPU, pooled allocator). The
inputs come from args["inputs"] (.npz, the file every row reads), copied once into 64-byte-aligned arrays wrapped as
tvm_ffi tensors, as the Java row builds its DLTensors once, so the timed statement is the call main(t0, ...) itself.
answer() writes every output to args["outputs"] (.npz) under the ONNX output names, which the JVM checks against
the model's reference before the driver times.
"""
import ctypes
import time

ALIGNMENT = 64
KDL_CPU, POOLED_ALLOCATOR = 1, 2
_KEEP = []
_env = {}


def aligned(value):
    import numpy as np
    value = np.asarray(value)
    raw = np.zeros(value.nbytes + ALIGNMENT, dtype=np.uint8)
    start = (-raw.ctypes.data) % ALIGNMENT
    array = raw[start:start + value.nbytes].view(value.dtype).reshape(value.shape)
    array[...] = value
    _KEEP.append(raw)
    return array


def prepare(op, args, inputs):
    import numpy as np
    import tvm_ffi
    _env["tvm_ffi"] = tvm_ffi.__version__
    start = time.perf_counter_ns()
    ctypes.CDLL(args["runtime"], ctypes.RTLD_GLOBAL)
    module = tvm_ffi.load_module(args["library"])
    vm = module["vm_load_executable"]()
    vm["vm_initialization"](KDL_CPU, 0, POOLED_ALLOCATOR)
    f = vm["main"]
    with np.load(args["inputs"]) as npz:
        tensors = [tvm_ffi.from_dlpack(aligned(npz[name])) for name in args["inputNames"]]
    _env["sessionMillis"] = "%.1f" % ((time.perf_counter_ns() - start) / 1e6)
    _KEEP.extend([module, vm, tensors])
    start = time.perf_counter_ns()
    f(*tensors)
    _env["firstInferenceMillis"] = "%.2f" % ((time.perf_counter_ns() - start) / 1e6)
    names = ["t%d" % i for i in range(len(tensors))]
    namespace = dict(zip(names, tensors))
    namespace["f"] = f

    def answer():
        out = f(*tensors)
        outs = [out] if hasattr(out, "__dlpack__") else list(out)
        np.savez(args["outputs"], **{n: np.from_dlpack(o).copy() for n, o in zip(args["outputNames"], outs)})
        return len(outs)

    return ("f(" + ", ".join(names) + ")", namespace), answer


def environment():
    return dict(_env)
