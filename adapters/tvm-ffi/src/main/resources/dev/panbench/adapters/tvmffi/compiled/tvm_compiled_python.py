"""The TVM-compiled catalog modules called from Python's own tvm_ffi package (impl=tvm-python), for panbench's
Python driver (panbench_driver.py).

Only tvm_ffi is imported, not tvm: libtvm_runtime.so is loaded with RTLD_GLOBAL first (it provides the parallel
launch and workspace functions the module calls), then the module the Java rows load too. Inputs and the output
are 64-byte-aligned numpy arrays wrapped as tvm_ffi tensors once, as the Java rows build their DLTensors once, so
the timed statement is the call f(a, b, c) itself. A Relax module (calling "relax-vm") runs in its VM, set up as
tvm.runtime.vm.VirtualMachine does (CPU, pooled allocator); its main returns the output tensor. Inputs the module
names in "prepare" (the BERT layer's weights) go once through that function of the VM first, and main takes what
it returned in their place, as the Java rows do.
"""
import ctypes

ALIGNMENT = 64
KDL_CPU, POOLED_ALLOCATOR = 1, 2
_KEEP = []


def aligned(shape, values=None):
    import numpy as np
    count = 1
    for d in shape:
        count *= d
    raw = np.zeros(count * 4 + ALIGNMENT, dtype=np.uint8)
    start = (-raw.ctypes.data) % ALIGNMENT
    array = raw[start:start + count * 4].view(np.float32).reshape(shape)
    if values is not None:
        array[...] = values.reshape(shape)
    _KEEP.append(raw)
    return array


def prepare(op, args, inputs):
    import tvm_ffi
    ctypes.CDLL(args["runtime"], ctypes.RTLD_GLOBAL)
    module = tvm_ffi.load_module(args["library"])
    arrays = [aligned(spec["dims"], inputs[spec["name"]]) for spec in args["operands"]]
    if args.get("calling") == "relax-vm":
        vm = module["vm_load_executable"]()
        vm["vm_initialization"](KDL_CPU, 0, POOLED_ALLOCATOR)
        f = vm[args.get("function", "main")]
        tensors = [tvm_ffi.from_dlpack(a) for a in arrays]
        for index, name in (args.get("prepare") or {}).items():
            tensors[int(index)] = vm[name](tensors[int(index)])
        _KEEP.extend([module, vm, tensors])
        names = ["t%d" % i for i in range(len(tensors))]
        namespace = dict(zip(names, tensors))
        namespace["f"] = f
        return ("f(" + ", ".join(names) + ")", namespace), (lambda: _numpy(f(*tensors)))
    f = module[args.get("function", "main")]
    out = aligned(args["outputDims"])
    tensors = [tvm_ffi.from_dlpack(a) for a in arrays + [out]]
    names = ["t%d" % i for i in range(len(tensors))]
    statement = "f(" + ", ".join(names) + ")"
    namespace = dict(zip(names, tensors))
    namespace["f"] = f
    _KEEP.extend([module, tensors])
    return (statement, namespace), (lambda: out)


def _numpy(tensor):
    import numpy as np
    return np.from_dlpack(tensor).copy()


def environment():
    import tvm_ffi
    import os
    env = {"tvm_ffi": tvm_ffi.__version__}
    threads = os.environ.get("TVM_NUM_THREADS")
    if threads:
        env["TVM_NUM_THREADS"] = threads
    return env
