"""The tvm-ffi suite's calls from Python's own tvm_ffi package, for panbench's Python driver (panbench_driver.py).

Each call is a statement timed inside the driver's loop, as timeit times one, so impl=python reads the cost a Python
user pays for f(), f(1), f(x) with a numpy array (converted through DLPack on every call) and a Python callback
(converted to a TVM function once, as the Java rows register theirs once).
"""


def prepare(op, args, inputs):
    import tvm_ffi
    nop = tvm_ffi.get_global_func("testing.nop")
    if op == "call/nop":
        statement = {0: "f()", 1: "f(1)", 3: "f(1, 2, 3)"}[int(args["args"])]
        return _statement(statement, f=nop)
    if op == "call/echo":
        value = {"int": 42, "float": 0.25, "str": args["text"]}[args["type"]]
        return _statement("f(v)", f=tvm_ffi.get_global_func("testing.echo"), v=value)
    if op == "call/tensor-arg":
        import numpy as np
        x = np.zeros(int(args["size"]), dtype=np.float32)
        return _statement("f(x)", f=nop, x=x)
    if op == "callback/java-from-tvm":
        def identity(v):
            return v
        return _statement("f(g, 7)", f=tvm_ffi.get_global_func("testing.apply"), g=tvm_ffi.convert(identity))
    raise ValueError("no Python twin for " + op)


def _statement(statement, **namespace):
    return (statement, namespace), (lambda: eval(statement, dict(namespace)))


def environment():
    import tvm_ffi
    env = {"tvm_ffi": tvm_ffi.__version__}
    try:
        import tvm_ffi.libinfo
        env["libtvm_ffi"] = tvm_ffi.libinfo.find_libtvm_ffi()
    except Exception:
        pass
    try:
        import numpy
        env["numpy"] = numpy.__version__
    except ModuleNotFoundError:
        pass
    return env
