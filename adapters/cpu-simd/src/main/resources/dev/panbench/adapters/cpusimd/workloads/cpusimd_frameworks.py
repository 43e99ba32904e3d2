"""The cpu-simd kernels in numpy and PyTorch, for panbench's Python driver (panbench_driver.py).

prepare(op, args, inputs) returns (call, answer): call() runs one operation into buffers allocated here, as the Java
kernels write into arrays allocated in setup; answer() is what panbench checks against the Java rows' reference.
args["impl"] is "numpy" or "torch"; inputs are float32 numpy arrays.
"""
import ctypes
import glob
import os

EPS = 1e-5  # LayerNorm.EPS on the Java side


def prepare(op, args, inputs):
    impl = args["impl"]
    if impl == "numpy":
        import numpy
        return _numpy(numpy, op, args, inputs)
    if impl == "torch":
        import torch
        torch.set_num_threads(int(args.get("threads", 1)))
        return _torch(torch, op, args, {k: torch.from_numpy(v) for k, v in inputs.items()})
    raise ValueError("unknown impl " + impl)


def _numpy(np, op, args, x):
    family, _, name = op.partition(".")
    if family == "binary":
        fn = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide}[name]
        return _into(np.empty_like(x["a"]), fn, x["a"], x["b"])
    if family == "unary":
        a = x["x"]
        o = np.empty_like(a)
        if name == "sigmoid":
            def call():
                np.negative(a, out=o)
                np.exp(o, out=o)
                np.add(o, 1.0, out=o)
                np.reciprocal(o, out=o)
            return call, (lambda: o)
        if name == "relu":
            return _into(o, np.maximum, a, 0.0)
        fn = {"tanh": np.tanh, "exp": np.exp, "log": np.log, "sqrt": np.sqrt}[name]
        return _into(o, fn, a)
    if family == "reduce":
        if name == "dot":
            a, b = x["a"], x["b"]
            return _scalar(lambda: np.dot(a, b))
        a = x["x"]
        fn = {"sum": np.sum, "max": np.max, "mean": np.mean}[name]
        return _scalar(lambda: fn(a))
    if family == "softmax":
        rows, cols = int(args["rows"]), int(args["cols"])
        a = x["x"].reshape(rows, cols)
        o = np.empty_like(a)

        def call():
            np.subtract(a, a.max(axis=1, keepdims=True), out=o)
            np.exp(o, out=o)
            np.divide(o, o.sum(axis=1, keepdims=True), out=o)
        return call, (lambda: o)
    if family == "layernorm":
        rows, cols = int(args["rows"]), int(args["cols"])
        a = x["x"].reshape(rows, cols)
        gamma, beta = x["gamma"], x["beta"]
        o = np.empty_like(a)

        def call():
            mean = a.mean(axis=1, keepdims=True)
            np.subtract(a, mean, out=o)
            rstd = 1.0 / np.sqrt((o * o).mean(axis=1, keepdims=True) + np.float32(EPS))
            np.multiply(o, rstd, out=o)
            np.multiply(o, gamma, out=o)
            np.add(o, beta, out=o)
        return call, (lambda: o)
    if family == "gemm":
        m, n, k = int(args["m"]), int(args["n"]), int(args["k"])
        a, b = x["a"].reshape(m, k), x["b"].reshape(k, n)
        c = np.empty((m, n), dtype=np.float32)
        return (lambda: np.matmul(a, b, out=c)), (lambda: c)
    if family == "tensor" and name == "transpose":
        rows, cols = int(args["rows"]), int(args["cols"])
        a = x["x"].reshape(rows, cols)
        o = np.empty((cols, rows), dtype=np.float32)
        return (lambda: np.copyto(o, a.T)), (lambda: o)
    raise ValueError("numpy has no twin for " + op)


def _torch(torch, op, args, x):
    family, _, name = op.partition(".")
    if family == "binary":
        fn = {"add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div}[name]
        return _into(torch.empty_like(x["a"]), fn, x["a"], x["b"])
    if family == "unary":
        fn = {"relu": lambda t, out: torch.clamp(t, min=0.0, out=out), "sigmoid": torch.sigmoid, "tanh": torch.tanh,
              "exp": torch.exp, "log": torch.log, "sqrt": torch.sqrt}[name]
        return _into(torch.empty_like(x["x"]), fn, x["x"])
    if family == "reduce":
        if name == "dot":
            a, b = x["a"], x["b"]
            return _scalar(lambda: torch.dot(a, b).item())
        a = x["x"]
        fn = {"sum": torch.sum, "max": torch.max, "mean": torch.mean}[name]
        return _scalar(lambda: fn(a).item())
    if family in ("softmax", "layernorm", "tensor"):
        rows, cols = int(args["rows"]), int(args["cols"])
        a = x["x"].reshape(rows, cols)
        if family == "softmax":
            o = torch.empty_like(a)
            return (lambda: torch.softmax(a, dim=1, out=o)), (lambda: o.numpy())
        if family == "layernorm":
            gamma, beta = x["gamma"], x["beta"]
            f = torch.nn.functional.layer_norm
            holder = {}

            def call():
                holder["y"] = f(a, (cols,), gamma, beta, EPS)
            return call, (lambda: holder["y"].numpy())
        o = torch.empty((cols, rows), dtype=torch.float32)
        return (lambda: o.copy_(a.t())), (lambda: o.numpy())
    if family == "gemm":
        m, n, k = int(args["m"]), int(args["n"]), int(args["k"])
        a, b = x["a"].reshape(m, k), x["b"].reshape(k, n)
        c = torch.empty((m, n), dtype=torch.float32)
        return (lambda: torch.matmul(a, b, out=c)), (lambda: c.numpy())
    raise ValueError("torch has no twin for " + op)


def _into(out, fn, *args):
    """fn(*args, out=out) into a buffer made once, as the Java kernels write into arrays made in setup."""
    return (lambda: fn(*args, out=out)), (lambda: out)


def _scalar(fn):
    holder = {}

    def call():
        holder["v"] = fn()
    return call, (lambda: float(holder["v"]))


def environment():
    env = {}
    try:
        import numpy as np
    except ModuleNotFoundError:
        return env
    env["numpy"] = np.__version__
    try:
        from numpy._core._multiarray_umath import __cpu_features__, __cpu_baseline__, __cpu_dispatch__
        env["numpy.simd"] = " ".join(f for f in __cpu_dispatch__ if __cpu_features__.get(f))
        env["numpy.simdBaseline"] = " ".join(__cpu_baseline__)
    except ImportError:
        pass
    try:
        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        env["blas"] = "%s %s" % (blas.get("name"), blas.get("version"))
    except Exception:
        pass
    core = _openblas_corename(np)
    if core:
        env["blas.corename"] = core
    if os.environ.get("OPENBLAS_CORETYPE"):
        env["blas.coretype"] = os.environ["OPENBLAS_CORETYPE"]
    env["blas.threads"] = os.environ.get("OPENBLAS_NUM_THREADS", "library default")
    try:
        import torch
        env["torch"] = torch.__version__
        env["torch.cpuCapability"] = torch.backends.cpu.get_cpu_capability()
        env["torch.threads"] = str(torch.get_num_threads())
    except Exception:
        pass
    return env


def _openblas_corename(np):
    """The kernel family numpy's own OpenBLAS dispatched to (openblas_get_corename, under its wheel's prefix)."""
    libs = os.path.join(os.path.dirname(os.path.dirname(np.__file__)), "numpy.libs")
    for path in glob.glob(os.path.join(libs, "*openblas*")):
        lib = ctypes.CDLL(path)
        for symbol in ("scipy_openblas_get_corename64_", "scipy_openblas_get_corename", "openblas_get_corename64_",
                       "openblas_get_corename"):
            fn = getattr(lib, symbol, None)
            if fn is not None:
                fn.restype = ctypes.c_char_p
                return fn().decode()
    return None
