"""The cpu-simd kernels in numpy and PyTorch, for panbench's Python driver (panbench_driver.py).

prepare(op, args, inputs) returns (call, answer): call() runs one operation into buffers allocated here, as the Java
kernels write into arrays allocated in setup; answer() is what panbench checks against the Java rows' reference.
args["impl"] is "numpy" or "torch"; inputs are float32 numpy arrays; args["eps"] is the layer-norm epsilon of the
catalog entry (layernorm/rows and the model layers), never restated here.
"""
import ctypes
import glob
import os

GELU_C = 0.7978845608028654  # sqrt(2/pi)
GELU_K = 0.044715


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
    if family == "model":
        return _numpy_model(np, name, args, x)
    if family == "optim":
        return _numpy_optim(np, name, args, x)
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
        if name == "gelu":
            def call():  # the tanh form, x (1 + tanh(sqrt(2/pi) x (1 + 0.044715 x^2))) / 2, in float32
                np.multiply(a, a, out=o)
                np.multiply(o, GELU_K, out=o)
                np.add(o, 1.0, out=o)
                np.multiply(o, a, out=o)
                np.multiply(o, GELU_C, out=o)
                np.tanh(o, out=o)
                np.add(o, 1.0, out=o)
                np.multiply(o, a, out=o)
                np.multiply(o, 0.5, out=o)
            return call, (lambda: o)
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
        eps = np.float32(args["eps"])
        o = np.empty_like(a)

        def call():
            mean = a.mean(axis=1, keepdims=True)
            np.subtract(a, mean, out=o)
            rstd = 1.0 / np.sqrt((o * o).mean(axis=1, keepdims=True) + eps)
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
    if family == "model":
        return _torch_model(torch, name, args, x)
    if family == "optim":
        return _torch_optim(torch, name, args, x)
    if family == "binary":
        fn = {"add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div}[name]
        return _into(torch.empty_like(x["a"]), fn, x["a"], x["b"])
    if family == "unary":
        fn = {"relu": lambda t, out: torch.clamp(t, min=0.0, out=out), "sigmoid": torch.sigmoid, "tanh": torch.tanh,
              "exp": torch.exp, "log": torch.log, "sqrt": torch.sqrt,
              "gelu": lambda t, out: torch._C._nn.gelu(t, approximate="tanh", out=out)}[name]
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
            eps = float(args["eps"])
            f = torch.nn.functional.layer_norm
            holder = {}

            def call():
                holder["y"] = f(a, (cols,), gamma, beta, eps)
            return call, (lambda: holder["y"].numpy())
        o = torch.empty((cols, rows), dtype=torch.float32)
        return (lambda: o.copy_(a.t())), (lambda: o.numpy())
    if family == "gemm":
        m, n, k = int(args["m"]), int(args["n"]), int(args["k"])
        a, b = x["a"].reshape(m, k), x["b"].reshape(k, n)
        c = torch.empty((m, n), dtype=torch.float32)
        return (lambda: torch.matmul(a, b, out=c)), (lambda: c.numpy())
    raise ValueError("torch has no twin for " + op)


# The catalog's model entries (model/bert-layer, model/gpt2-decode): every matrix [in][out] (y = x W + b), head h owns
# columns h*d .. (h+1)*d - 1 of Q, K and V; the KV cache is [batch][heads][ctx][d]. Wq, Wk, Wv are joined once here.


def _model_shape(args):
    h, heads, ffn = int(args["hidden"]), int(args["heads"]), int(args["ffn"])
    return h, heads, h // heads, ffn


def _numpy_model(np, name, args, x):
    if name == "llama":
        return _numpy_llama(np, args, x)
    if name == "generate":
        return _numpy_generate(np, args, x)
    f32 = np.float32
    h, heads, d, ffn = _model_shape(args)
    eps = float(args["eps"])
    if args.get("weights") == "int8-dynamic":  # model/bert-layer's; at bf16 the matrices arrive widened, once
        def joined(names, k, outs):
            return _int8_dynamic_tensor(np, [x[n + "_int8"].reshape(k, o) for n, o in zip(names, outs)],
                                        [x[n + "_scales"] for n in names])
        wqkv = joined(("wq", "wk", "wv"), h, (h, h, h))
        wo, w1, w2 = joined(("wo",), h, (h,)), joined(("w1",), h, (ffn,)), joined(("w2",), ffn, (h,))
    else:
        wqkv = np.ascontiguousarray(np.concatenate([x["wq"].reshape(h, h), x["wk"].reshape(h, h),
                                                    x["wv"].reshape(h, h)], axis=1))
        wo, w1, w2 = x["wo"].reshape(h, h), x["w1"].reshape(h, ffn), x["w2"].reshape(ffn, h)
    bqkv = np.concatenate([x["bq"], x["bk"], x["bv"]])
    scale = f32(1 / d ** 0.5)

    def ln(a, g, b, eps):
        c = a - a.mean(axis=-1, keepdims=True)
        return c * (1 / np.sqrt((c * c).mean(axis=-1, keepdims=True) + f32(eps))) * x[g] + x[b]

    def softmax(s):
        s -= s.max(axis=-1, keepdims=True)
        np.exp(s, out=s)
        s /= s.sum(axis=-1, keepdims=True)
        return s

    if name == "bert":
        batch, seq = int(args["batch"]), int(args["seq"])
        tokens = batch * seq
        xs = x["x"].reshape(tokens, h)
        out = np.empty((tokens, h), dtype=f32)

        def call():
            qkv = (xs @ wqkv + bqkv).reshape(batch, seq, 3, heads, d).transpose(2, 0, 3, 1, 4)
            s = softmax((qkv[0] * scale) @ qkv[1].transpose(0, 1, 3, 2))
            ctx = (s @ qkv[2]).transpose(0, 2, 1, 3).reshape(tokens, h)
            h1 = ln(ctx @ wo + x["bo"] + xs, "ln1_gamma", "ln1_beta", eps)
            f = h1 @ w1 + x["b1"]
            f *= f32(0.5) * (f32(1) + _np_erf(np, f * f32(1 / 2 ** 0.5)))
            out[...] = ln(f @ w2 + x["b2"] + h1, "ln2_gamma", "ln2_beta", eps)
        return call, (lambda: out)
    if name == "gpt2":
        batch, ctx = int(args["batch"]), int(args["ctx"])
        xs = x["x"].reshape(batch, h)
        kc = x["k_cache"].reshape(batch, heads, ctx, d)
        vc = x["v_cache"].reshape(batch, heads, ctx, d)
        out = np.empty((batch, h), dtype=f32)
        c = f32((2 / 3.141592653589793) ** 0.5)

        def call():
            qkv = ln(xs, "ln1_gamma", "ln1_beta", eps) @ wqkv + bqkv
            q = qkv[:, :h].reshape(batch, heads, 1, d) * scale
            k = qkv[:, h:2 * h].reshape(batch, heads, 1, d)
            v = qkv[:, 2 * h:].reshape(batch, heads, 1, d)
            s = softmax(np.concatenate([q @ kc.transpose(0, 1, 3, 2), (q * k).sum(axis=-1, keepdims=True)], axis=-1))
            a = (s[..., :ctx] @ vc + s[..., ctx:] * v).reshape(batch, h)
            x2 = a @ wo + x["bo"] + xs
            f = ln(x2, "ln2_gamma", "ln2_beta", eps) @ w1 + x["b1"]
            f *= f32(0.5) * (f32(1) + np.tanh(c * (f + f32(0.044715) * f * f * f)))
            out[...] = f @ w2 + x["b2"] + x2
        return call, (lambda: out)
    raise ValueError("numpy has no twin for model." + name)


def _numpy_llama(np, args, x):
    """model/llama-decode, one token: RMSNorm, Q K V as one product, rotate-half rotary from the given table, query
    head h reading key-value head h // (heads // kv_heads), SwiGLU. The cache is [kv_heads][ctx][d]. At INT4 and
    bf16 the matrices arrive dequantized or widened (once, at setup): numpy has no INT4 or bf16 product. At
    int8-dynamic each product is _int8_dynamic's, at int4-dynamic _int4_dynamic's."""
    f32 = np.float32
    ctx, h, heads, kv, ffn = (int(args[n]) for n in ("ctx", "hidden", "heads", "kv_heads", "ffn"))
    d = h // heads
    kvd, group, half = kv * d, heads // kv, d // 2
    eps = f32(args["eps"])
    if args.get("weights") == "int8-dynamic":
        def joined(names, k, outs):
            return _int8_dynamic(np, [x[n + "_int8"].reshape(k, o) for n, o in zip(names, outs)],
                                 [x[n + "_scales"] for n in names])
        wqkv = joined(("wq", "wk", "wv"), h, (h, kvd, kvd))
        w13, wo, w2 = joined(("w1", "w3"), h, (ffn, ffn)), joined(("wo",), h, (h,)), joined(("w2",), ffn, (h,))
    elif args.get("weights") == "int4-dynamic":
        def joined(names, k, outs):
            return _int4_dynamic(np, [x[n + "_q"].reshape(k, o) for n, o in zip(names, outs)],
                                 [x[n + "_scales"].reshape(o, k // 32) for n, o in zip(names, outs)])
        wqkv = joined(("wq", "wk", "wv"), h, (h, kvd, kvd))
        w13, wo, w2 = joined(("w1", "w3"), h, (ffn, ffn)), joined(("wo",), h, (h,)), joined(("w2",), ffn, (h,))
    else:
        wqkv = np.ascontiguousarray(np.concatenate([x["wq"].reshape(h, h), x["wk"].reshape(h, kvd),
                                                    x["wv"].reshape(h, kvd)], axis=1))
        w13 = np.ascontiguousarray(np.concatenate([x["w1"].reshape(h, ffn), x["w3"].reshape(h, ffn)], axis=1))
        wo, w2 = x["wo"].reshape(h, h), x["w2"].reshape(ffn, h)
    kc, vc = x["k_cache"].reshape(kv, ctx, d), x["v_cache"].reshape(kv, ctx, d)
    cos, sin = x["rope_cos"], x["rope_sin"]
    xs = x["x"].reshape(1, h)
    out = np.empty((1, h), dtype=f32)
    scale = f32(1 / d ** 0.5)

    def rms(a, g):
        return a * (f32(1) / np.sqrt((a * a).mean(axis=-1, keepdims=True) + eps)) * x[g]

    def rope(t):
        a, b = t[:, :half], t[:, half:]
        return np.concatenate([a * cos - b * sin, b * cos + a * sin], axis=1)

    def call():
        qkv = rms(xs, "attn_norm") @ wqkv
        q = rope(qkv[0, :h].reshape(heads, d)).reshape(kv, group, d)
        k = rope(qkv[0, h:h + kvd].reshape(kv, d))
        v = qkv[0, h + kvd:].reshape(kv, 1, d)
        s = np.concatenate([q @ kc.transpose(0, 2, 1), (q * k[:, None, :]).sum(axis=-1, keepdims=True)], axis=-1)
        s *= scale
        s -= s.max(axis=-1, keepdims=True)
        np.exp(s, out=s)
        s /= s.sum(axis=-1, keepdims=True)
        x2 = (s[..., :ctx] @ vc + s[..., ctx:] * v).reshape(1, h) @ wo + xs
        gu = rms(x2, "ffn_norm") @ w13
        g = gu[:, :ffn]
        out[...] = (g / (f32(1) + np.exp(-g)) * gu[:, ffn:]) @ w2 + x2
    return call, (lambda: out)


class _int8_dynamic:
    """y = a @ W with dynamic INT8 as the catalog defines it (DynamicInt8, ONNX's DynamicQuantizeLinear and
    MatMulInteger): the row a quantized to uint8 with scale s = (hi - lo) / 255 over its range widened to hold 0 and
    zero point z = rint(clamp(-lo / s, 0, 255)), p = clamp(rint(a / s) + z, 0, 255); acc = (p - z) @ q in int32;
    y = acc (s scale_j). The parts' int8 weights (as exact floats) are joined column-wise once and held as int32
    [out][in]: numpy's integer matmul has no int8 product into int32 and no BLAS, and a row times this layout reads
    each weight row contiguously."""

    __array_ufunc__ = None  # ndarray @ this defers to __rmatmul__

    def __init__(self, np, weights, scales):
        self.np = np
        self.q = np.ascontiguousarray(np.concatenate(weights, axis=1).T.astype(np.int32))
        self.scales = np.concatenate(scales).astype(np.float32)

    def __rmatmul__(self, a):
        np, f32 = self.np, self.np.float32
        lo, hi = min(a.min(), f32(0)), max(a.max(), f32(0))
        s = f32(1) if hi == lo else (hi - lo) / f32(255)
        z = np.rint(np.clip(f32(0) - lo / s, f32(0), f32(255)))
        p = (np.clip(np.rint(a / s) + z, f32(0), f32(255)) - z).astype(np.int32)
        return (self.q @ p.reshape(-1)).astype(f32).reshape(1, -1) * (s * self.scales)


class _int4_dynamic:
    """y = a @ W with INT4 weights and int8 activations per block of 32 (Int4Dynamic, ONNX Runtime's MatMulNBits at
    accuracy_level 4): per block, m = max |a|, scale m / 127, p = rint(a * (127 / m)) (0 where m is 0); acc = p @ q
    per block in int32, exact; y = sum over blocks of acc (scale s_block,j), in float32. The parts' levels q
    (nibble - 8, as exact floats [k][n_i]) are joined column-wise once and held as int32 [blocks][32][n]; the
    scales, [n_i][blocks] each, as [blocks][n]."""

    __array_ufunc__ = None  # ndarray @ this defers to __rmatmul__

    def __init__(self, np, levels, scales):
        self.np = np
        q = np.concatenate(levels, axis=1).astype(np.int32)
        self.blocks = q.shape[0] // 32
        self.q = np.ascontiguousarray(q.reshape(self.blocks, 32, -1))
        self.scales = np.ascontiguousarray(np.concatenate(scales, axis=0).T.astype(np.float32))

    def __rmatmul__(self, a):
        np, f32 = self.np, self.np.float32
        blocks = a.reshape(self.blocks, 32)
        m = np.abs(blocks).max(axis=1)
        r = np.divide(f32(127), m, out=np.zeros_like(m), where=m != 0)
        p = np.rint(blocks * r[:, None]).astype(np.int32)
        acc = np.matmul(p[:, None, :], self.q)[:, 0, :]
        return (acc.astype(f32) * ((m / f32(127))[:, None] * self.scales)).sum(axis=0, dtype=f32).reshape(1, -1)


class _int8_dynamic_tensor:
    """y = a @ W for a tensor a [rows][in] with dynamic INT8 as the catalog defines it (DynamicInt8): one scale
    s = (hi - lo) / 255 and zero point z over the whole tensor (ONNX's DynamicQuantizeLinear), p = clamp(rint(a / s)
    + z, 0, 255), acc = (p - z) @ q, y = acc (s scale_j). The int32 sums are exact in float64 (|acc| <= in 255 127,
    far below 2^53), so acc is a float64 BLAS matmul of p - z and the int8 weights held as float64 [in][out]: numpy's
    integer matmul has no BLAS, and over a layer's 128 and more rows it is a plain loop."""

    __array_ufunc__ = None  # ndarray @ this defers to __rmatmul__

    def __init__(self, np, weights, scales):
        self.np = np
        self.q = np.ascontiguousarray(np.concatenate(weights, axis=1).astype(np.float64))
        self.scales = np.concatenate(scales).astype(np.float32)

    def __rmatmul__(self, a):
        np, f32 = self.np, self.np.float32
        lo, hi = min(a.min(), f32(0)), max(a.max(), f32(0))
        s = f32(1) if hi == lo else (hi - lo) / f32(255)
        z = np.rint(np.clip(f32(0) - lo / s, f32(0), f32(255)))
        p = np.clip(np.rint(a / s) + z, f32(0), f32(255)) - z
        return (p.astype(np.float64) @ self.q).astype(f32) * (s * self.scales)


def _np_erf(np, x):
    """erf in float32 (numpy has none): x P(x^2) / Q(x^2) on [-4, 4], the rational fit the Java GELU uses."""
    f32 = np.float32
    x = np.clip(x, f32(-4), f32(4))
    x2 = x * x
    p = f32(-2.72614225801306e-10)
    for a in (2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05, -7.34990630326855e-04,
              -2.95459980854025e-03, -1.60960333262415e-02):
        p = p * x2 + f32(a)
    q = f32(-1.45660718464996e-05)
    for b in (-2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03, -1.42647390514189e-02):
        q = q * x2 + f32(b)
    return x * p / q


def _torch_model(torch, name, args, x):
    if name == "generate":
        return _torch_generate(torch, args, x)
    h, heads, d, ffn = _model_shape(args)
    eps = float(args["eps"])
    fn = torch.nn.functional
    wqkv = torch.cat([x["wq"].reshape(h, h), x["wk"].reshape(h, h), x["wv"].reshape(h, h)], dim=1).contiguous()
    bqkv = torch.cat([x["bq"], x["bk"], x["bv"]])
    wo, w1, w2 = x["wo"].reshape(h, h), x["w1"].reshape(h, ffn), x["w2"].reshape(ffn, h)
    holder = {}
    if name == "bert":
        batch, seq = int(args["batch"]), int(args["seq"])
        xs = x["x"].reshape(batch, seq, h)

        def call():
            with torch.inference_mode():
                qkv = torch.addmm(bqkv, xs.reshape(-1, h), wqkv).reshape(batch, seq, 3, heads, d).permute(
                    2, 0, 3, 1, 4)
                ctx = fn.scaled_dot_product_attention(qkv[0], qkv[1], qkv[2]).transpose(1, 2).reshape(-1, h)
                h1 = fn.layer_norm(torch.addmm(x["bo"], ctx, wo) + xs.reshape(-1, h), (h,), x["ln1_gamma"],
                                   x["ln1_beta"], eps)
                f = fn.gelu(torch.addmm(x["b1"], h1, w1))
                holder["y"] = fn.layer_norm(torch.addmm(x["b2"], f, w2) + h1, (h,), x["ln2_gamma"], x["ln2_beta"],
                                            eps)
        return call, (lambda: holder["y"].numpy())
    if name == "gpt2":
        batch, ctx = int(args["batch"]), int(args["ctx"])
        xs = x["x"].reshape(batch, h)
        kc = x["k_cache"].reshape(batch, heads, ctx, d)
        vc = x["v_cache"].reshape(batch, heads, ctx, d)

        def call():
            with torch.inference_mode():
                u = fn.layer_norm(xs, (h,), x["ln1_gamma"], x["ln1_beta"], eps)
                qkv = torch.addmm(bqkv, u, wqkv).reshape(batch, 3, heads, 1, d)
                k = torch.cat([kc, qkv[:, 1]], dim=2)
                v = torch.cat([vc, qkv[:, 2]], dim=2)
                a = fn.scaled_dot_product_attention(qkv[:, 0], k, v).reshape(batch, h)
                x2 = torch.addmm(x["bo"], a, wo) + xs
                f = fn.gelu(torch.addmm(x["b1"], fn.layer_norm(x2, (h,), x["ln2_gamma"], x["ln2_beta"], eps), w1),
                            approximate="tanh")
                holder["y"] = torch.addmm(x["b2"], f, w2) + x2
        return call, (lambda: holder["y"].numpy())
    raise ValueError("torch has no twin for model." + name)


# The catalog's model/generate: greedy generation by a GPT-2-shaped decoder, layers blocks (model/gpt2-decode's), the
# prompt's first prompt - 1 tokens as one causal pass, then a step a token; every block's cache [heads][capacity][d]
# written where each pass's tokens sit before they attend. The answer: the emitted ids, then the last step's logits.
# phase=prefill: a call is the prefill and step 1; phase=decode: the prefill once, here, and a call the tokens steps
# from the prompt's cache (later positions are overwritten, never read before they are).


def _generate_shape(args):
    return (int(args[n]) for n in ("layers", "prompt", "tokens", "vocab", "hidden", "heads", "ffn"))


def _numpy_generate(np, args, x):
    f32 = np.float32
    layers, prompt, tokens, vocab, h, heads, ffn = _generate_shape(args)
    d, cap, eps = h // heads, prompt + tokens, f32(args["eps"])
    decode = args["phase"] == "decode"
    emitted, pre = (tokens if decode else 1), prompt - 1
    ids = x["prompt"].astype(np.int64)
    wte, wpe, lm = x["wte"].reshape(vocab, h), x["wpe"].reshape(cap, h), x["lm_head"].reshape(h, vocab)
    blocks = []
    for l in range(layers):
        w = {n: x["l%d_%s" % (l, n)] for n in ("wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo", "ln1_gamma",
                                                "ln1_beta", "w1", "b1", "w2", "b2", "ln2_gamma", "ln2_beta")}
        w["wqkv"] = np.ascontiguousarray(np.concatenate([w["wq"].reshape(h, h), w["wk"].reshape(h, h),
                                                         w["wv"].reshape(h, h)], axis=1))
        w["bqkv"] = np.concatenate([w["bq"], w["bk"], w["bv"]])
        w["wo"], w["w1"], w["w2"] = w["wo"].reshape(h, h), w["w1"].reshape(h, ffn), w["w2"].reshape(ffn, h)
        blocks.append(w)
    kc, vc = np.zeros((layers, heads, cap, d), f32), np.zeros((layers, heads, cap, d), f32)
    causal = np.triu(np.full((max(pre, 1), max(pre, 1)), -np.inf, dtype=f32), k=1)
    scale, c = f32(1 / d ** 0.5), f32((2 / 3.141592653589793) ** 0.5)
    out = np.empty(emitted + vocab, dtype=f32)

    def ln(a, g, b):
        m = a - a.mean(axis=-1, keepdims=True)
        return m * (f32(1) / np.sqrt((m * m).mean(axis=-1, keepdims=True) + eps)) * g + b

    def forward(tok, start):
        n, end = len(tok), start + len(tok)
        xs = wte[tok] + wpe[start:end]
        for l, w in enumerate(blocks):
            qkv = ln(xs, w["ln1_gamma"], w["ln1_beta"]) @ w["wqkv"] + w["bqkv"]
            q = qkv[:, :h].reshape(n, heads, d).transpose(1, 0, 2) * scale
            kc[l, :, start:end] = qkv[:, h:2 * h].reshape(n, heads, d).transpose(1, 0, 2)
            vc[l, :, start:end] = qkv[:, 2 * h:].reshape(n, heads, d).transpose(1, 0, 2)
            s = q @ kc[l, :, :end].transpose(0, 2, 1)
            if n > 1:
                s += causal[:n, :end]
            s -= s.max(axis=-1, keepdims=True)
            np.exp(s, out=s)
            s /= s.sum(axis=-1, keepdims=True)
            x2 = (s @ vc[l, :, :end]).transpose(1, 0, 2).reshape(n, h) @ w["wo"] + w["bo"] + xs
            f = ln(x2, w["ln2_gamma"], w["ln2_beta"]) @ w["w1"] + w["b1"]
            f *= f32(0.5) * (f32(1) + np.tanh(c * (f + f32(0.044715) * f * f * f)))
            xs = f @ w["w2"] + w["b2"] + x2
        return xs

    def prefill():
        if pre > 0:
            forward(ids[:pre], 0)

    def steps():
        tok = ids[pre:pre + 1]
        for s in range(emitted):
            logits = ln(forward(tok, pre + s), x["lnf_gamma"], x["lnf_beta"]) @ lm
            tok = np.argmax(logits, axis=-1)
            out[s] = tok[0]
        out[emitted:] = logits[0]

    if decode:
        prefill()
        return steps, (lambda: out)

    def call():
        prefill()
        steps()
    return call, (lambda: out)


def _torch_generate(torch, args, x):
    """The numpy generation's twin in torch: the same passes, F.scaled_dot_product_attention for each block's
    attention (is_causal in the prefill pass, the whole cache so far at a step)."""
    layers, prompt, tokens, vocab, h, heads, ffn = _generate_shape(args)
    d, cap, eps = h // heads, prompt + tokens, float(args["eps"])
    decode = args["phase"] == "decode"
    emitted, pre = (tokens if decode else 1), prompt - 1
    fn = torch.nn.functional
    ids = x["prompt"].to(torch.int64)
    wte, wpe, lm = x["wte"].reshape(vocab, h), x["wpe"].reshape(cap, h), x["lm_head"].reshape(h, vocab)
    blocks = []
    for l in range(layers):
        w = {n: x["l%d_%s" % (l, n)] for n in ("wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo", "ln1_gamma",
                                                "ln1_beta", "w1", "b1", "w2", "b2", "ln2_gamma", "ln2_beta")}
        w["wqkv"] = torch.cat([w["wq"].reshape(h, h), w["wk"].reshape(h, h), w["wv"].reshape(h, h)], 1).contiguous()
        w["bqkv"] = torch.cat([w["bq"], w["bk"], w["bv"]])
        w["wo"], w["w1"], w["w2"] = w["wo"].reshape(h, h), w["w1"].reshape(h, ffn), w["w2"].reshape(ffn, h)
        blocks.append(w)
    kc, vc = torch.zeros(layers, heads, cap, d), torch.zeros(layers, heads, cap, d)
    out = torch.empty(emitted + vocab)

    def forward(tok, start):
        n, end = tok.shape[0], start + tok.shape[0]
        xs = wte[tok] + wpe[start:end]
        for l, w in enumerate(blocks):
            qkv = torch.addmm(w["bqkv"], fn.layer_norm(xs, (h,), w["ln1_gamma"], w["ln1_beta"], eps), w["wqkv"])
            q = qkv[:, :h].reshape(n, heads, d).transpose(0, 1)
            kc[l, :, start:end] = qkv[:, h:2 * h].reshape(n, heads, d).transpose(0, 1)
            vc[l, :, start:end] = qkv[:, 2 * h:].reshape(n, heads, d).transpose(0, 1)
            a = fn.scaled_dot_product_attention(q, kc[l, :, :end], vc[l, :, :end], is_causal=n > 1 and start == 0)
            x2 = torch.addmm(w["bo"], a.transpose(0, 1).reshape(n, h), w["wo"]) + xs
            f = fn.gelu(torch.addmm(w["b1"], fn.layer_norm(x2, (h,), w["ln2_gamma"], w["ln2_beta"], eps), w["w1"]),
                        approximate="tanh")
            xs = torch.addmm(w["b2"], f, w["w2"]) + x2
        return xs

    def prefill():
        if pre > 0:
            forward(ids[:pre], 0)

    def steps():
        tok = ids[pre:pre + 1]
        for s in range(emitted):
            logits = fn.layer_norm(forward(tok, pre + s), (h,), x["lnf_gamma"], x["lnf_beta"], eps) @ lm
            tok = torch.argmax(logits, dim=-1)
            out[s] = tok[0]
        out[emitted:] = logits[0]

    def call():
        with torch.inference_mode():
            if not decode:
                prefill()
            steps()
    if decode:
        with torch.inference_mode():
            prefill()
    return call, (lambda: out.numpy())


# The catalog's optimizer steps (optim/adamw, optim/sgd-momentum): one step in place on the parameters p and the state
# (m and v, or buf), the gradients g read-only; the answer is the state after the step, [p, m, v] or [p, buf]. Every
# setting comes in args from the catalog entry (lr is the cosine schedule's value at args["step"]). A timed call steps
# the state again: the answer checked is the first step's.


def _numpy_optim(np, name, args, x):
    """The natural numpy code: in-place ufuncs on the state and one scratch array made here, a pass per ufunc."""
    p, g = x["p"], x["g"]
    lr, wd = float(args["lr"]), float(args["weight_decay"])
    t = np.empty_like(p)
    if name == "adamw":
        m, v = x["m"], x["v"]
        b1, b2, eps, step = float(args["beta1"]), float(args["beta2"]), float(args["eps"]), int(args["step"])
        step_size = lr / (1 - b1 ** step)
        rsqrt2 = 1 / (1 - b2 ** step) ** 0.5

        def call():  # p *= 1 - lr wd; m = b1 m + (1 - b1) g; v = b2 v + (1 - b2) g^2; p -= step_size m / den
            np.multiply(p, 1 - lr * wd, out=p)
            np.multiply(m, b1, out=m)
            np.multiply(g, 1 - b1, out=t)
            np.add(m, t, out=m)
            np.multiply(v, b2, out=v)
            np.multiply(g, g, out=t)
            np.multiply(t, 1 - b2, out=t)
            np.add(v, t, out=v)
            np.sqrt(v, out=t)
            np.multiply(t, rsqrt2, out=t)
            np.add(t, eps, out=t)
            np.divide(m, t, out=t)
            np.multiply(t, step_size, out=t)
            np.subtract(p, t, out=p)
        return call, (lambda: np.concatenate([p, m, v]))
    if name == "sgd-momentum":
        buf, mu = x["buf"], float(args["momentum"])

        def call():  # buf = mu buf + (g + wd p); p -= lr buf
            np.multiply(p, wd, out=t)
            np.add(t, g, out=t)
            np.multiply(buf, mu, out=buf)
            np.add(buf, t, out=buf)
            np.multiply(buf, lr, out=t)
            np.subtract(p, t, out=p)
        return call, (lambda: np.concatenate([p, buf]))
    raise ValueError("numpy has no twin for optim." + name)


def _torch_optim(torch, name, args, x):
    """torch.optim's own step on one tensor, foreach=False (its single-tensor loop, the default for CPU tensors), the
    state seeded as after step - 1 steps; the learning rate stays the step's (no scheduler steps in the loop)."""
    p, g = x["p"], x["g"]
    p.requires_grad_(True)
    p.grad = g
    lr, wd = float(args["lr"]), float(args["weight_decay"])
    if name == "adamw":
        m, v, step = x["m"], x["v"], int(args["step"])
        opt = torch.optim.AdamW([p], lr=lr, betas=(float(args["beta1"]), float(args["beta2"])),
                                eps=float(args["eps"]), weight_decay=wd, foreach=False)
        opt.state[p] = {"step": torch.tensor(float(step - 1)), "exp_avg": m, "exp_avg_sq": v}
        return opt.step, (lambda: torch.cat([p.detach(), m, v]).numpy())
    if name == "sgd-momentum":
        buf = x["buf"]
        opt = torch.optim.SGD([p], lr=lr, momentum=float(args["momentum"]), weight_decay=wd, foreach=False)
        opt.state[p] = {"momentum_buffer": buf}
        return opt.step, (lambda: torch.cat([p.detach(), buf]).numpy())
    raise ValueError("torch has no twin for optim." + name)


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
        from numpy._core.multiarray import _get_madvise_hugepage
        env["numpy.hugepages"] = "madvise" if _get_madvise_hugepage() else "off"
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
