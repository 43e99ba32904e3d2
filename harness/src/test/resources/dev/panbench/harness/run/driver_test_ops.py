"""Operations for DriverRunnerTest: c = a + b in numpy, right or wrong, and a framework that does not exist."""


def prepare(op, args, inputs):
    import numpy as np
    if op == "missing":
        import panbench_no_such_framework  # noqa: F401
    a, b = inputs["a"], inputs["b"]
    c = np.empty_like(a)
    shift = np.float32(1e-3) if op == "wrong" else np.float32(0)

    def call():
        np.add(a, b, out=c)
        c[0] += shift
    return call, (lambda: c)


def environment():
    import numpy as np
    return {"numpy": np.__version__}
