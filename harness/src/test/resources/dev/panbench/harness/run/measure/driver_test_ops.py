"""Operations for DriverRunnerTest: c = a + b in numpy, right or wrong, right while holding 256 MiB more ("big"),
and a framework that does not exist."""


def prepare(op, args, inputs):
    import numpy as np
    if op == "missing":
        import panbench_no_such_framework  # noqa: F401
    a, b = inputs["a"], inputs["b"]
    c = np.empty_like(a)
    shift = np.float32(1e-3) if op == "wrong" else np.float32(0)
    held = np.ones(256 << 20, dtype=np.uint8) if op == "big" else None  # every page written, so resident

    def call():
        np.add(a, b, out=c)
        c[0] += shift
        if held is not None:
            c[1] += held[0] - 1
    return call, (lambda: c)


def environment():
    import numpy as np
    return {"numpy": np.__version__}
