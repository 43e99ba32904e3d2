"""Compiles one panbench catalog workload at one shape into a TVM module (.so) for this host's CPU, cached.

    python tvm_build.py --cache DIR --workload gemm/sgemm --shape size=1024,dtype=f32 --threads 1

prints one JSON line: {"library": the .so, "sidecar": its JSON, "function": "main", "schedule" (what was done),
"schedule_label" (the same in a few words: "tuned 64 trials", "dlight", "hand-written 4x16 tile"), "untuned" (why
a module that MetaSchedule could tune runs a generic schedule; absent when tuned), "target", "tvm", "runtime":
libtvm_runtime.so, "degraded": why the module runs unscheduled (absent when it does not), "cached": whether it was
there already}, or {"skipped": why} when apache-tvm cannot be imported, or {"error": why} with exit code 1.

A one-thread build uses MetaSchedule's tuning database of its workload and shape where `tvm_tune.py` (panbench tune)
wrote one: DIR/tuning/<tvm version>/<target hash>/<workload>/<shape>/database_{workload,tuning_record}.json. The
best record's trace is applied to the same TIR (matched by structural hash) and the module's cache key carries the
database's content hash, so a new tuning rebuilds it. The database is read as the JSON lines MetaSchedule writes,
without deserializing its IR: only the traces are applied.

The module is a TIR PrimFunc in destination-passing style: main(inputs..., output), float32, row-major, every
tensor 64-byte aligned (the kernels assume it and do not check); a model (model/bert-layer) is a Relax executable
whose VM's main(inputs...) returns the output ("calling": "relax-vm" in the sidecar); "prepare": {input index: VM
function} names inputs (the BERT layer's weights) that the caller passes once through that function of the VM,
before the first call, and then gives main in their place. Cache layout:
DIR/<tvm version>/<mtriple>-<mcpu>/<script hash>/<workload>/<shape>-<serial|parallel>.so with its .json beside
it. A module for one thread is built without parallel loops: TVM's parallel launch costs microseconds per call
even at one thread, which would swamp the small rows. The script's
own hash is in the key, so a changed schedule never reuses an old module. A cache hit needs no TVM import: the
target chosen for this CPU is kept in DIR/<tvm version>/hosts/<cpu fingerprint>.json. Writers write a temporary
file and rename it, so concurrent builds never leave a half-written module.
"""
import argparse
import contextlib
import hashlib
import json
import os
import sys
import tempfile

SCRIPT_HASH = hashlib.sha256(open(__file__, "rb").read()).hexdigest()[:12]


def emit(**fields):
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


def write_atomic(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-", suffix=os.path.basename(path))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def tvm_version():
    from importlib import metadata
    return metadata.version("apache-tvm")


def cpu_fingerprint():
    """The CPU model and flags, hashed: what decides the target, readable without importing TVM."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        text = ""
    model = flags = ""
    for line in text.splitlines():
        if line.startswith("model name") and not model:
            model = line.split(":", 1)[1].strip()
        if line.startswith("flags") and not flags:
            flags = " ".join(sorted(line.split(":", 1)[1].split()))
    return hashlib.sha256((os.uname().machine + "|" + model + "|" + flags).encode()).hexdigest()[:16]


def host_target(cache, version):
    """{"kind": "llvm", "mtriple", "mcpu"} for this CPU: LLVM's own host CPU name under a plain triple (mcpu
    'native' would fall back to 'generic' under the wheel's conda triple). PANBENCH_TVM_MCPU (panbench's
    -Dpanbench.tvm.mcpu) names another CPU to build for, as another kind of machine would."""
    import platform
    forced = os.environ.get("PANBENCH_TVM_MCPU")
    if forced:
        return {"kind": "llvm", "mtriple": platform.machine() + "-unknown-linux-gnu", "mcpu": forced}
    path = os.path.join(cache, version, "hosts", cpu_fingerprint() + ".json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    from tvm.target import codegen
    triple = platform.machine() + "-unknown-linux-gnu"
    target = {"kind": "llvm", "mtriple": triple, "mcpu": codegen.llvm_get_system_cpu()}
    write_atomic(path, json.dumps(target, indent=1).encode())
    return target


def parse_shape(text):
    shape = {}
    for part in text.split(","):
        if part:
            k, v = part.split("=", 1)
            shape[k] = v
    return shape


def sgemm_dims(size):
    p = [int(x) for x in size.split("x")]
    return (p[0], p[0], p[0]) if len(p) == 1 else tuple(p)  # m, n, k


def rows_cols(shape):
    r, c = (int(x) for x in shape.split("x"))
    return r, c


def shape_key(shape):
    return "-".join("%s=%s" % kv for kv in shape.items())


# --- MetaSchedule's tuning database -----------------------------------------------------------------------------

TUNING = "tuning"
DATABASE_FILES = ("database_workload.json", "database_tuning_record.json")
# tvm_tune.py's timing of the database's best schedule against the workload's own, back to back, after each tuning
COMPARISON_FILE = "panbench_comparison.json"
FAILED_SECONDS = 1e9  # MetaSchedule records a candidate that did not build or run as 1e10 s


def tuning_target(target):
    """The build's target with the one core a one-thread module runs on: what MetaSchedule tunes for."""
    t = dict(target)
    t["num-cores"] = 1
    return t


def target_hash(target):
    return hashlib.sha256(json.dumps(target, sort_keys=True).encode()).hexdigest()[:12]


def tuning_dir(cache, version, target, workload, shape):
    return os.path.join(cache, TUNING, version, target_hash(tuning_target(target)), workload.replace("/", "-"),
                        shape_key(shape))


def tuning_database(directory):
    """The JSON database in directory as {"id": its content hash, "trials": {workload hash: records},
    "best": {workload hash: (mean seconds, trace JSON)}, "comparison": tvm_tune.py's timing of the best schedule
    against the workload's own where it was made after the last trial (else None)}, or None where none was written
    (or none ran)."""
    paths = [os.path.join(directory, f) for f in DATABASE_FILES]
    if not all(os.path.exists(p) for p in paths):
        return None
    digest = hashlib.sha256()
    for p in paths + [os.path.join(directory, COMPARISON_FILE)]:
        if os.path.exists(p):
            with open(p, "rb") as f:
                digest.update(f.read())
    with open(paths[0], encoding="utf-8") as f:
        workloads = [json.loads(line)[0] for line in f if line.strip()]
    trials, best = {}, {}
    with open(paths[1], encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            index, record = json.loads(line)
            key = str(workloads[index])
            trials[key] = trials.get(key, 0) + 1
            seconds = record[1] or []
            mean = sum(seconds) / len(seconds) if seconds else FAILED_SECONDS
            if mean < FAILED_SECONDS and (key not in best or mean < best[key][0]):
                best[key] = (mean, record[0])
    if not best:
        return None
    comparison = None
    path = os.path.join(directory, COMPARISON_FILE)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            comparison = json.load(f)
        if comparison.get("records") != sum(trials.values()):
            comparison = None  # made before the last tuning
    return {"id": digest.hexdigest()[:12], "trials": trials, "best": best, "directory": directory,
            "comparison": comparison}


def workload_key(mod):
    """The structural hash MetaSchedule's database files a TIR module under ("structural" module equality)."""
    from tvm_ffi.structural import structural_hash
    return str(structural_hash(mod))


def apply_best(mod, db):
    """The module with its best record's trace applied, or None when the database has no record of it."""
    from tvm import s_tir
    from tvm.s_tir.schedule import Trace
    key = workload_key(mod)
    if key not in db["best"]:
        return None
    sch = s_tir.Schedule(mod)
    Trace.apply_json_to_schedule(db["best"][key][1], sch)
    return sch.mod


# --- workloads: TE definitions and their schedules ---------------------------------------------------------------

MR, NR = 4, 16  # the sgemm register tile: 4 rows x 16 columns (two 8-lane AVX2 vectors), 8 accumulators


def sgemm(shape):
    from tvm import te, tirx
    m, n, k = sgemm_dims(shape["size"])
    a = te.placeholder((m, k), "float32", name="a")
    b = te.placeholder((k, n), "float32", name="b")
    panels = (n + NR - 1) // NR
    packed = te.compute((panels, k, NR), lambda x, p, y: te.if_then_else(
        x * NR + y < n, b[p, x * NR + y], tirx.const(0, "float32")), name="b_packed")
    r = te.reduce_axis((0, k), name="k")
    c = te.compute((m, n), lambda i, j: te.sum(a[i, r] * packed[j // NR, r, j % NR], axis=r), name="c")
    return te.create_prim_func([a, b, c])


def sgemm_schedule(func, target):
    """B packed into 16-column panels (contiguous per k), C computed in 4x16 register tiles held in a local
    accumulator, rows unrolled, columns vectorized, column panels (and the packing) as the parallel loops."""
    from tvm import s_tir
    sch = s_tir.Schedule(func)
    blk = sch.get_sblock("c")
    i, j, r = sch.get_loops(blk)
    jo, ji = sch.split(j, [None, NR])
    io, ii = sch.split(i, [None, MR])
    sch.reorder(jo, io, r, ii, ji)
    acc = sch.cache_write(blk, 0, "local")
    sch.reverse_compute_at(acc, io)
    sch.unroll(ii)
    sch.vectorize(ji)
    sch.vectorize(sch.get_loops(acc)[-1])
    sch.parallel(jo)
    sch.decompose_reduction(blk, r)
    pack = sch.get_sblock("b_packed")
    loops = sch.get_loops(pack)
    sch.vectorize(loops[-1])
    sch.parallel(loops[0])
    return sch.mod, ("packed-%dx%d (B packed in %d-column panels, %dx%d register tiles in a local accumulator, "
                     "%d-lane vectorized columns)" % (MR, NR, NR, MR, NR, NR))


def _f32(v):
    from tvm import tirx
    return tirx.const(v, "float32")


def _exp(v):
    """e^v as Cephes' expf computes it: v = n ln2 + r, |r| <= ln2 / 2 (ln2 in two parts), e^r by a degree-7
    polynomial, 2^n put into the exponent bits (within 2 ulp for v in [-88, 88], clamped there). TVM's exp is a call
    to libm's expf per element, which LLVM cannot vectorize; this is plain arithmetic, vectorized with its loop. (A
    shared subexpression, not a Let: MetaSchedule's FLOP count refuses Let; the lowering computes it once.)"""
    from tvm import te, tirx
    x = te.max(te.min(v, _f32(88.3762626647950)), _f32(-88.3762626647949))
    n = te.floor(x * _f32(1.44269504088896341) + _f32(0.5))
    r = x - n * _f32(0.693359375) - n * _f32(-2.12194440e-4)
    p = _f32(1.9875691500e-4)
    for c in (1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1):
        p = p * r + _f32(c)
    return (p * r * r + r + _f32(1.0)) * tirx.reinterpret("float32", (n.astype("int32") + 127) << 23)


def _erf(v):
    """erf(v) by the rational approximation of Eigen's and TVM's fast_erf (v clamped to [-4, 4], an odd degree-13
    numerator over an even degree-8 denominator; within a few 1e-7 of erf): vectorized with its loop, where TVM's erf
    is a call to libm's erff per element."""
    from tvm import te
    x = te.max(te.min(v, _f32(4.0)), _f32(-4.0))
    x2 = x * x
    p = _f32(-2.72614225801306e-10)
    for c in (2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05, -7.34990630326855e-04,
              -2.95459980854025e-03, -1.60960333262415e-02):
        p = p * x2 + _f32(c)
    q = _f32(-1.45660718464996e-05)
    for c in (-2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03, -1.42647390514189e-02):
        q = q * x2 + _f32(c)
    return x * p / q


def _tanh(v):
    """tanh(v) = 1 - 2 / (e^2v + 1) with _exp (within a few 1e-7 of tanh, absolutely; -1 and 1 where e^2v leaves
    float range): vectorized with its loop, where TVM's tanh is a call to libm's tanhf per element."""
    return _f32(1.0) - _f32(2.0) / (_exp(v * _f32(2.0)) + _f32(1.0))


LANES = 16  # the softmax's row reductions: 16 partial maxima and sums (one AVX-512 vector, two AVX2 ones)


def _padded_row(t, idx, k, cols, pad):
    """t[idx..., k] over a row padded to a multiple of LANES: pad where k is past the row's cols."""
    from tvm import te
    padded = (cols + LANES - 1) // LANES * LANES
    return t[(*idx, k)] if padded == cols else te.if_then_else(k < cols, t[(*idx, k)], _f32(pad))


def _row_axis(cols, name):
    from tvm import te
    return te.reduce_axis((0, (cols + LANES - 1) // LANES * LANES), name=name)


def _softmax_last(x):
    """The softmax along x's last axis: the row's maximum, e^(x - max) by _exp, their sum, each times 1/sum. The two
    reductions run over the row padded to a multiple of LANES (the padding is -inf for the maximum, 0 for the sum)
    so the schedule splits them into LANES partial results without a remainder."""
    from tvm import te
    cols = int(x.shape[-1])
    lead = x.shape[:-1]
    k = _row_axis(cols, "k")
    row_max = te.compute(lead, lambda *i: te.max(_padded_row(x, i, k, cols, -3.4028234663852886e38), axis=k),
                         name="row_max")
    e = te.compute(x.shape, lambda *i: _exp(x[i] - row_max[i[:-1]]), name="exp")
    k2 = _row_axis(cols, "k2")
    exp_sum = te.compute(lead, lambda *i: te.sum(_padded_row(e, i, k2, cols, 0.0), axis=k2), name="exp_sum")
    return te.compute(x.shape, lambda *i: e[i] * (_f32(1.0) / exp_sum[i[:-1]]), name="softmax")


def _layer_norm_last(x, gamma, beta, epsilon, residual=None):
    """The layer norm along x's last axis (of x + residual where given, the "residual" stage): the row's mean, the
    sum of squared differences from it, then (x - mean) / sqrt(that / cols + epsilon) gamma + beta. The reductions
    run over the padded row, as _softmax_last's."""
    from tvm import te, tirx
    cols = int(x.shape[-1])
    lead = x.shape[:-1]
    if residual is not None:
        x = te.compute(x.shape, lambda *i: x[i] + residual[i], name="residual")
    k = _row_axis(cols, "k")
    row_sum = te.compute(lead, lambda *i: te.sum(_padded_row(x, i, k, cols, 0.0), axis=k), name="row_sum")
    mean = lambda i: row_sum[i[:-1]] * _f32(1.0 / cols)
    centred = te.compute(x.shape, lambda *i: (x[i] - mean(i)) * (x[i] - mean(i)), name="centred")
    k2 = _row_axis(cols, "k2")
    var_sum = te.compute(lead, lambda *i: te.sum(_padded_row(centred, i, k2, cols, 0.0), axis=k2), name="var_sum")
    return te.compute(x.shape, lambda *i: (x[i] - mean(i)) * tirx.rsqrt(
        var_sum[i[:-1]] * _f32(1.0 / cols) + _f32(epsilon)) * gamma[i[-1]] + beta[i[-1]], name="layer_norm")


def softmax(shape):
    from tvm import te
    rows, cols = rows_cols(shape["shape"])
    x = te.placeholder((rows, cols), "float32", name="x")
    return te.create_prim_func([x, _softmax_last(x)])


def _rows(func, out, reductions, inlined, row_stages):
    """A row-wise computation under one loop of rows (the parallel one): each reduction into LANES partial results
    (rfactor), updated a vector at a time along the row and folded once at its end; the inlined stages computed where
    they are read; the row stages (a row-sized buffer each, read again from L1) and the output vectorized by
    LANES."""
    from tvm import s_tir
    sch = s_tir.Schedule(func)
    for name in inlined:
        sch.compute_inline(sch.get_sblock(name))
    partial = []
    for name in reductions:
        *lead, k = sch.get_loops(sch.get_sblock(name))
        _, lane = sch.split(k, [None, LANES])
        partial.append(sch.rfactor(lane, len(lead)))
    *lead, _ = sch.get_loops(sch.get_sblock(out))
    row = sch.fuse(*lead) if len(lead) > 1 else lead[0]
    sch.parallel(row)  # before the stages join it: parallel() refuses a loop over the reductions' update blocks
    producers = [b for r in reductions for b in (r + "_rf", r)] + list(row_stages)
    for name in sorted(producers, key=lambda b: -_stage_order(sch, b)):
        sch.compute_at(sch.get_sblock(name), row)
    for blk in partial:  # row, lane, step -> row, step, lane: a vector of partial results updated per step
        loops = sch.get_loops(blk)
        below = [sch.get(l).same_as(sch.get(row)) for l in loops].index(True) + 1
        inner = loops[below:]  # compute_at leaves out a step loop of one (a row of LANES or fewer)
        if len(inner) == 2:
            sch.reorder(inner[1], inner[0])
        sch.vectorize(inner[0])
        sch.decompose_reduction(blk, inner[-1])
    for name in list(row_stages) + [out]:
        _, lanes = sch.split(sch.get_loops(sch.get_sblock(name))[-1], [None, LANES])
        sch.vectorize(lanes)
    return sch


def _stage_order(sch, name):
    """The position of a stage among the root's blocks (producers before consumers)."""
    blocks = [sch.get(b).name_hint for b in sch.get_child_blocks(sch.get_sblock("root"))]
    return blocks.index(name)


def softmax_schedule(func, target):
    """_softmax_last's stages as _rows lays them out: the maximum and the sum of exponentials as partial results, the
    row of exponentials a row-sized buffer (each row read twice from L1), the exponentials and the scaling
    vectorized."""
    sch = _rows(func, "softmax", ("row_max", "exp_sum"), (), ("exp",))
    return sch.mod, ("hand-written rows (max and sum as %d partial results a vector wide, Cephes' exp polynomial "
                     "vectorized, the row scaled by 1/sum)" % LANES)


def layer_norm_schedule(func, target):
    """_layer_norm_last's stages as _rows lays them out: the sum and the sum of squared differences as partial
    results (the squares computed where they are summed), the residual's row a row-sized buffer."""
    from tvm import s_tir
    sch = s_tir.Schedule(func)
    blocks = [sch.get(b).name_hint for b in sch.get_child_blocks(sch.get_sblock("root"))]
    row_stages = ("residual",) if "residual" in blocks else ()
    return _rows(func, "layer_norm", ("row_sum", "var_sum"), ("centred",), row_stages).mod


def layernorm(shape):
    from tvm import te, topi
    rows, cols = rows_cols(shape["shape"])
    x = te.placeholder((rows, cols), "float32", name="x")
    gamma = te.placeholder((cols,), "float32", name="gamma")
    beta = te.placeholder((cols,), "float32", name="beta")
    return te.create_prim_func([x, gamma, beta, topi.nn.layer_norm(x, gamma, beta, axis=[1], epsilon=1e-5)])


def dlight_reduction(func, target):
    """dlight's CPU reduction rule: every stage under the row loop (the parallel one), element-wise stages
    vectorized, reductions split to vector-length chunks and unrolled."""
    from tvm import s_tir
    from tvm.s_tir import dlight
    sch = dlight.cpu.Reduction().apply(func, target, False)
    if sch is None:
        raise ValueError("dlight.cpu.Reduction does not apply to this function")
    return sch.mod, "dlight.cpu.Reduction (stages fused under the row loop, vectorized element-wise stages, unrolled reductions)"


def binary_add(shape):
    from tvm import te
    n = int(shape["size"])
    a = te.placeholder((n,), "float32", name="a")
    b = te.placeholder((n,), "float32", name="b")
    return te.create_prim_func([a, b, te.compute((n,), lambda i: a[i] + b[i], name="c")])


ADD_LANES, ADD_CHUNK = 8, 4096


def add_schedule(func, target):
    """Chunks of 4096 elements (the parallel loop), each a loop of 8-lane vectors."""
    from tvm import s_tir
    sch = s_tir.Schedule(func)
    blk = sch.get_sblock("c")
    (i,) = sch.get_loops(blk)
    outer, inner, lanes = sch.split(i, [None, ADD_CHUNK // ADD_LANES, ADD_LANES])
    sch.parallel(outer)
    sch.vectorize(lanes)
    return sch.mod, "chunked-vector (4096-element chunks, 8-lane vectors)"


# --- model/bert-layer: a Relax module of TE stages, each scheduled -------------------------------------------------

PACK_ROWS = 32  # a linear layer of this many rows or more takes its weights packed (model/bert-layer's 128 tokens)


def _pack_panels(w):
    """W [k][n] copied into NR-column panels, contiguous along k ([panels][k][NR], zero past n), as sgemm packs B: a
    tile of 16 columns then reads one cache line after the other instead of one line per row of W (a page apart in
    BERT's 3072-wide W1, which ran at a third of the speed). The model's pack functions run it once per weight,
    before the first call, as ONNX Runtime packs a constant weight when its session is created."""
    from tvm import te, tirx
    k, n = w.shape
    panels = (int(n) + NR - 1) // NR
    return te.compute((panels, k, NR), lambda p, q, c: te.if_then_else(
        p * NR + c < n, w[q, p * NR + c], tirx.const(0, "float32")), name="w_packed")


def _tiled_linear(x, w, b, epilogue=None, residual=None):
    """y = x W + b, then exact GELU ("gelu"), GPT-2's tanh GELU ("gelu_tanh") or + residual: an "acc" reduction and
    an "out" epilogue the tile schedule fuses. W is either as the catalog holds it, [in][out] (a decode step's few
    rows read it once, in place), or packed by _pack_panels, [panels][in][NR]."""
    from tvm import te, tirx
    m, k = x.shape
    n = b.shape[0]
    r = te.reduce_axis((0, k), name="k")
    if len(w.shape) == 3:
        acc = te.compute((m, n), lambda i, j: te.sum(x[i, r] * w[j // NR, r, j % NR], axis=r), name="acc")
    else:
        acc = te.compute((m, n), lambda i, j: te.sum(x[i, r] * w[r, j], axis=r), name="acc")
    c = lambda v: tirx.const(v, "float32")

    def body(i, j):
        v = acc[i, j] + b[j]
        if epilogue == "gelu":
            return v * c(0.5) * (c(1.0) + _erf(v * c(0.7071067811865476)))
        if epilogue == "gelu_tanh":
            return c(0.5) * v * (c(1.0) + _tanh(c(0.7978845608028654) * (v + c(0.044715) * v * v * v)))
        if epilogue == "residual":
            return v + residual[i, j]
        return v
    return te.compute((m, n), body, name="out")


BERT_INPUTS = ["x", "wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo", "ln1_gamma", "ln1_beta", "w1", "b1", "w2", "b2",
               "ln2_gamma", "ln2_beta"]
BERT_WEIGHTS = ("wq", "wk", "wv", "wo", "w1", "w2")


def bert_prepare(shape):
    """{input index: the VM function that packs it}, run once on those inputs before the first call of main (which
    takes what they return in their place); empty below PACK_ROWS tokens, where main reads the weights in place."""
    if int(shape["batch"]) * int(shape["seq"]) < PACK_ROWS:
        return {}
    h, f = int(shape["hidden"]), int(shape["ffn"])
    dims = {"wq": (h, h), "wk": (h, h), "wv": (h, h), "wo": (h, h), "w1": (h, f), "w2": (f, h)}
    return {str(BERT_INPUTS.index(w)): "pack_%dx%d" % dims[w] for w in BERT_WEIGHTS}


def bert_layer(shape):
    """The catalog's model/bert-layer: post-LN, exact GELU, no mask; inputs x [batch][seq][hidden] and the weights
    in the catalog's order; the output is the VM's result tensor [batch][seq][hidden]."""
    import numpy as np
    from tvm import relax, te, tirx
    bsz, seq, hidden = int(shape["batch"]), int(shape["seq"]), int(shape["hidden"])
    heads, ffn = int(shape["heads"]), int(shape["ffn"])
    d, tokens = hidden // heads, bsz * seq

    def scores(q, k):
        r = te.reduce_axis((0, d), name="c")
        kt = te.compute((bsz, heads, d, seq), lambda b, h, c, j: k[b * seq + j, h * d + c], name="kt")
        acc = te.compute((bsz, heads, seq, seq), lambda b, h, i, j: te.sum(
            q[b * seq + i, h * d + r] * kt[b, h, r, j], axis=r), name="acc")
        scale = tirx.const(1.0 / np.sqrt(d), "float32")
        return te.compute(acc.shape, lambda b, h, i, j: acc[b, h, i, j] * scale, name="out")

    def context(p, v):
        r = te.reduce_axis((0, seq), name="j")
        acc = te.compute((bsz, heads, seq, d), lambda b, h, i, c: te.sum(
            p[b, h, i, r] * v[b * seq + r, h * d + c], axis=r), name="acc")
        return te.compute((tokens, hidden), lambda t, e: acc[t // seq, e // d, t % seq, e % d], name="out")

    def add_layer_norm(a, res, gamma, beta):
        return _layer_norm_last(a, gamma, beta, 1e-12, residual=res)

    names = BERT_INPUTS
    h, f = hidden, ffn
    dims = [(bsz, seq, h), (h, h), (h,), (h, h), (h,), (h, h), (h,), (h, h), (h,), (h,), (h,), (h, f), (f,),
            (f, h), (h,), (h,), (h,)]
    prepare = bert_prepare(shape)
    weight_shapes = sorted({dims[int(i)] for i in prepare})
    packed = lambda kn: ((kn[1] + NR - 1) // NR, kn[0], NR)
    dims = [packed(s) if str(i) in prepare else s for i, s in enumerate(dims)]
    params = [relax.Var(n, relax.TensorType(shape=s, dtype="float32")) for n, s in zip(names, dims)]
    p = dict(zip(names, params))
    bb = relax.BlockBuilder()
    for kn in weight_shapes:
        w = relax.Var("w", relax.TensorType(shape=kn, dtype="float32"))
        with bb.function("pack_%dx%d" % kn, [w]):
            with bb.dataflow():
                packed_w = bb.emit_output(bb.emit_te(_pack_panels, w, primfunc_name_hint="pack"))
            bb.emit_func_output(packed_w)
    with bb.function("main", params):
        with bb.dataflow():
            x = bb.emit(relax.op.reshape(p["x"], (tokens, h)))
            q = bb.emit_te(_tiled_linear, x, p["wq"], p["bq"], primfunc_name_hint="linear")
            k = bb.emit_te(_tiled_linear, x, p["wk"], p["bk"], primfunc_name_hint="linear")
            v = bb.emit_te(_tiled_linear, x, p["wv"], p["bv"], primfunc_name_hint="linear")
            s = bb.emit_te(scores, q, k, primfunc_name_hint="scores")
            pr = bb.emit_te(_softmax_last, s, primfunc_name_hint="softmax")
            c = bb.emit_te(context, pr, v, primfunc_name_hint="context")
            a = bb.emit_te(_tiled_linear, c, p["wo"], p["bo"], primfunc_name_hint="linear")
            h1 = bb.emit_te(add_layer_norm, a, x, p["ln1_gamma"], p["ln1_beta"], primfunc_name_hint="add_layer_norm")
            g = bb.emit_te(_tiled_linear, h1, p["w1"], p["b1"], "gelu", primfunc_name_hint="linear_gelu")
            o = bb.emit_te(_tiled_linear, g, p["w2"], p["b2"], primfunc_name_hint="linear")
            y = bb.emit_te(add_layer_norm, o, h1, p["ln2_gamma"], p["ln2_beta"], primfunc_name_hint="add_layer_norm")
            out = bb.emit_output(relax.op.reshape(y, (bsz, seq, h)))
        bb.emit_func_output(out)
    return bb.get()


def gpt2_decode(shape):
    """The catalog's model/gpt2-decode: pre-LN, tanh GELU, one new token attending to the KV cache and itself;
    inputs x [batch][1][hidden], k_cache and v_cache [batch][heads][ctx][d], then the weights in the catalog's
    order; the output is the VM's result tensor [batch][1][hidden] (the new K and V rows are computed, not kept)."""
    import numpy as np
    from tvm import relax, te, tirx
    bsz, ctx, hidden = int(shape["batch"]), int(shape["ctx"]), int(shape["hidden"])
    heads, ffn = int(shape["heads"]), int(shape["ffn"])
    d = hidden // heads

    def scores(q, k, kc):
        r = te.reduce_axis((0, d), name="c")
        acc = te.compute((bsz, heads, ctx + 1), lambda b, h, t: te.sum(q[b, h * d + r] * te.if_then_else(
            t < ctx, kc[b, h, te.min(t, ctx - 1), r], k[b, h * d + r]), axis=r), name="acc")
        scale = tirx.const(1.0 / np.sqrt(d), "float32")
        return te.compute(acc.shape, lambda b, h, t: acc[b, h, t] * scale, name="out")

    def context(p, v, vc):
        r = te.reduce_axis((0, ctx + 1), name="t")
        # heads are batch loops and the token a row of one, as in BERT's context: a tile then covers one head's
        # columns, so the fused head-layout epilogue reads only what the tile computed
        acc = te.compute((bsz, heads, 1, d), lambda b, h, i, c: te.sum(p[b, h, r] * te.if_then_else(
            r < ctx, vc[b, h, te.min(r, ctx - 1), c], v[b, h * d + c]), axis=r), name="acc")
        return te.compute((bsz, hidden), lambda b, e: acc[b, e // d, 0, e % d], name="out")

    def layer_norm(t, gamma, beta):
        return _layer_norm_last(t, gamma, beta, 1e-5)

    names = ["x", "k_cache", "v_cache", "wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo", "ln1_gamma", "ln1_beta",
             "w1", "b1", "w2", "b2", "ln2_gamma", "ln2_beta"]
    h, f = hidden, ffn
    dims = [(bsz, 1, h), (bsz, heads, ctx, d), (bsz, heads, ctx, d), (h, h), (h,), (h, h), (h,), (h, h), (h,),
            (h, h), (h,), (h,), (h,), (h, f), (f,), (f, h), (h,), (h,), (h,)]
    params = [relax.Var(n, relax.TensorType(shape=s, dtype="float32")) for n, s in zip(names, dims)]
    p = dict(zip(names, params))
    bb = relax.BlockBuilder()
    with bb.function("main", params):
        with bb.dataflow():
            x = bb.emit(relax.op.reshape(p["x"], (bsz, h)))
            u = bb.emit_te(layer_norm, x, p["ln1_gamma"], p["ln1_beta"], primfunc_name_hint="layer_norm")
            q = bb.emit_te(_tiled_linear, u, p["wq"], p["bq"], primfunc_name_hint="linear")
            k = bb.emit_te(_tiled_linear, u, p["wk"], p["bk"], primfunc_name_hint="linear")
            v = bb.emit_te(_tiled_linear, u, p["wv"], p["bv"], primfunc_name_hint="linear")
            s = bb.emit_te(scores, q, k, p["k_cache"], primfunc_name_hint="scores")
            pr = bb.emit_te(_softmax_last, s, primfunc_name_hint="softmax")
            c = bb.emit_te(context, pr, v, p["v_cache"], primfunc_name_hint="context")
            x2 = bb.emit_te(_tiled_linear, c, p["wo"], p["bo"], "residual", x, primfunc_name_hint="linear_residual")
            u2 = bb.emit_te(layer_norm, x2, p["ln2_gamma"], p["ln2_beta"], primfunc_name_hint="layer_norm")
            g = bb.emit_te(_tiled_linear, u2, p["w1"], p["b1"], "gelu_tanh", primfunc_name_hint="linear_gelu")
            y = bb.emit_te(_tiled_linear, g, p["w2"], p["b2"], "residual", x2, primfunc_name_hint="linear_residual")
            out = bb.emit_output(relax.op.reshape(y, (bsz, 1, h)))
        bb.emit_func_output(out)
    return bb.get()


def _tile(func, target):
    """The 4x16 register tile of sgemm (over the packed weights where the layer takes them packed, else over the
    weights as the catalog holds them): batch loops outermost, column tiles, row tiles, the reduction, 4 unrolled rows
    x 16 vectorized columns in a local accumulator, the epilogue (bias, GELU, scale, head layout) fused at the row
    tile. With fewer than 4 rows (a decode step's tokens) the tile is as wide as 8 vector registers hold (128 columns
    at 512 bits, 64 at 256, for one row; capped at the columns there are): each row of the unpacked weights then gives
    it 512 contiguous bytes, not one cache line a page apart (GPT-2's 768x3072 W1 read 3.6x faster on Zen 4)."""
    from tvm import s_tir
    from tvm.target import codegen
    sch = s_tir.Schedule(func)
    acc = sch.get_sblock("acc")
    *batch, i, j, r = sch.get_loops(acc)
    rows = sch.get(i).extent
    rows = int(rows) if hasattr(rows, "__int__") else MR
    tile_rows = min(MR, rows)  # one row at a time for a decode step's single token
    width = NR
    if tile_rows < MR:
        lanes = 16 if codegen.target_has_features("avx512f", target) else 8
        cols = int(sch.get(j).extent)
        width = max(NR, min((8 // tile_rows) * lanes, (cols + lanes - 1) // lanes * lanes))
    jo, ji = sch.split(j, [None, width])
    io, ii = sch.split(i, [None, tile_rows])
    sch.reorder(*batch, jo, io, r, ii, ji)
    out = sch.get_sblock("out")
    sch.reverse_compute_at(out, io)
    sch.set_scope(acc, 0, "local")
    sch.unroll(ii)
    sch.vectorize(ji)
    sch.vectorize(sch.get_loops(out)[-1])
    outer = batch[0] if batch else jo
    sch.parallel(outer)
    sch.decompose_reduction(acc, r)
    return sch.mod["main"]


def _pack_schedule(func):
    """A weight's panels, panel by panel in parallel, 16 columns a vector."""
    from tvm import s_tir
    sch = s_tir.Schedule(func)
    loops = sch.get_loops(sch.get_sblock("w_packed"))
    sch.vectorize(loops[-1])
    sch.parallel(loops[0])
    return sch.mod["main"]


def model_schedule(mod, target):
    """Every stage of the Relax module scheduled by hand: matrix products by the 4x16 tile, softmax and the layer norms
    as rows (dlight's CPU reduction rule took a single row's 768 columns for its rows and summed the row again for
    each, 1 ms a GPT-2 layer norm); a stage none applies to stays on TVM's default pipeline."""
    import tvm
    from tvm import tirx
    out = {}
    for gv, fn in mod.functions.items():
        name = gv.name_hint
        if isinstance(fn, tirx.PrimFunc) and name.startswith(("linear", "scores", "context")):
            fn = _tile(fn, target)
        elif isinstance(fn, tirx.PrimFunc) and name.startswith("pack"):
            fn = _pack_schedule(fn)
        elif isinstance(fn, tirx.PrimFunc) and name.startswith("softmax"):
            fn = softmax_schedule(fn, target)[0]["main"]
        elif isinstance(fn, tirx.PrimFunc) and name.startswith(("add_layer_norm", "layer_norm")):
            fn = layer_norm_schedule(fn, target)["main"]
        out[gv] = fn
    return tvm.IRModule(out), ("tiled-4x16 matrix products (weights packed into %d-column panels once, before the "
                               "first call, at %d rows or more, read in place below; below 4 rows, tiles of 1 to 3 rows as wide as 8 "
                               "vector registers; bias, GELU (erf by a rational polynomial, tanh by Cephes' exp), "
                               "residual, attention scale and head layout fused into the tile's epilogue), hand-written "
                               "softmax and layer norm rows (%d-lane partial max and sums, Cephes' exp polynomial)"
                               % (NR, PACK_ROWS, LANES))


WORKLOADS = {
    "gemm/sgemm": (sgemm, sgemm_schedule),
    "softmax/rows": (softmax, softmax_schedule),
    "layernorm/rows": (layernorm, dlight_reduction),
    "binary/add": (binary_add, add_schedule),
    "model/bert-layer": (bert_layer, model_schedule),
    "model/gpt2-decode": (gpt2_decode, model_schedule),
}
# the Relax models: every stage of them has its schedule written and its arithmetic vectorized (no libm call per
# element); panbench tune does not tune them, and they are not marked untuned
RELAX = {"model/bert-layer", "model/gpt2-decode"}
# each workload's own schedule in a few words, as a report's cell says it
LABELS = {
    "gemm/sgemm": "hand-written 4x16 tile",
    "softmax/rows": "hand-written 16-lane rows, polynomial exp",
    "layernorm/rows": "dlight",
    "binary/add": "hand-written chunked vectors",
    "model/bert-layer": "hand-written matmul tiles over weights packed once, softmax and layer norms",
    "model/gpt2-decode": "hand-written matmul tiles, softmax and layer norms",
}
# the Relax models' inputs that a VM function of the module packs once, before the first call (as ONNX Runtime packs
# a constant weight when its session is created): {input index: function}, by shape; main takes them packed
PREPARE = {"model/bert-layer": bert_prepare}
# what tvm_tune.py tunes with MetaSchedule: one-thread builds of these workloads use their database where there is one
TUNABLE = {"gemm/sgemm", "softmax/rows", "layernorm/rows", "binary/add"}


@contextlib.contextmanager
def serial_loops(serial):
    """While active (serial builds), the schedule primitive parallel() does nothing, in the written schedules and
    in dlight's alike."""
    from tvm import s_tir
    original = s_tir.Schedule.parallel
    if serial:
        s_tir.Schedule.parallel = lambda self, loop: None
    try:
        yield
    finally:
        s_tir.Schedule.parallel = original


def tuned(workload, func, db):
    """(module, trials, best seconds) with the database's best schedule applied, or None where it has no record of
    this function (tuned before its definition changed)."""
    from tvm.s_tir.meta_schedule.tune_context import _normalize_mod
    mod = _normalize_mod(func)
    key = workload_key(mod)
    applied = apply_best(mod, db)
    return None if applied is None else (applied, db["trials"][key], db["best"][key][0])


def untuned_reason(workload, label, db):
    if db is not None:
        return ("%s: the tuning database %s has no record of this function (tuned before its definition changed); "
                "panbench tune --adapter tvm-ffi --filter %s tunes it again" % (label, db["directory"], workload))
    return "%s, not tuned for this CPU (panbench tune --adapter tvm-ffi --filter %s tunes it)" % (label, workload)


def build(workload, shape, target, parallel, so_path, db=None):
    """Compiles with the best schedule of the tuning database db where it has one, else the workload's own schedule;
    a schedule that fails at this shape falls back to TVM's default pipeline (naive loops), and the module says so in
    'degraded'."""
    import tvm
    define, schedule = WORKLOADS[workload]
    func = define(shape)
    tgt = tvm.target.Target(target)
    facts = {}
    try:
        best = tuned(workload, func, db) if db is not None else None
        kept = db is not None and best is not None and db["comparison"] is not None \
            and db["comparison"]["own_us"] <= db["comparison"]["tuned_us"]
        if kept:  # the workload's own schedule ran faster than the best MetaSchedule found
            c = db["comparison"]
            with serial_loops(not parallel):
                mod, name = schedule(func, tgt)
            label = "%s, kept over %d tuned trial%s" % (LABELS[workload], best[1], "" if best[1] == 1 else "s")
            name += ("; kept: MetaSchedule's best of %d trials ran %.1f us against its %.1f us, timed back to back "
                     "(database %s)" % (best[1], c["tuned_us"], c["own_us"], db["id"]))
        elif best is not None:
            mod, trials, seconds = best
            label = "tuned %d trial%s" % (trials, "" if trials == 1 else "s")
            name = ("%s (MetaSchedule for %s, one core; the best record measured %.1f us; database %s)"
                    % (label, target["mcpu"], seconds * 1e6, db["id"]))
        else:
            with serial_loops(not parallel):
                mod, name = schedule(func, tgt)
            label = LABELS[workload]
            if workload in TUNABLE and not parallel:
                facts["untuned"] = untuned_reason(workload, label, db)
        name += "; parallel loops" if parallel else "; serial (one thread: parallel loops left out)"
        lib = tvm.compile(mod, target=tgt)
    except Exception as e:  # the schedule cannot express this shape
        facts["degraded"] = ("the %s schedule failed at %s (%s: %s); the module runs TVM's default CPU pipeline, "
                             "unscheduled loops" % (workload, render(shape), type(e).__name__,
                                                    str(e).strip().splitlines()[-1][:200]))
        facts.pop("untuned", None)
        name = "none (default pipeline, unscheduled)"
        label = "default pipeline, unscheduled"
        lib = tvm.compile(func if workload in RELAX else tvm.IRModule({"main": func}), target=tgt)
    facts["schedule"] = name
    facts["schedule_label"] = label
    facts["calling"] = "relax-vm" if workload in RELAX else "destination-passing"
    prepare = PREPARE[workload](shape) if workload in PREPARE else {}
    if prepare:
        facts["prepare"] = prepare
    export_atomic(lib, so_path)
    return facts


def export_atomic(lib, so_path):
    """The compiled library exported to so_path through a temporary file and a rename."""
    os.makedirs(os.path.dirname(so_path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(so_path), prefix=".tmp-", suffix=".so")
    os.close(fd)
    try:
        lib.export_library(tmp)
        os.chmod(tmp, 0o755)
        os.replace(tmp, so_path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def render(shape):
    return ",".join("%s=%s" % kv for kv in shape.items())


def runtime_library():
    """libtvm_runtime.so of the installed tvm package, found without importing it."""
    import importlib.util
    spec = importlib.util.find_spec("tvm")
    if spec is None or not spec.submodule_search_locations:
        return None
    for base in spec.submodule_search_locations:
        for sub in ("lib", "lib64", ""):
            p = os.path.join(base, sub, "libtvm_runtime.so")
            if os.path.exists(p):
                return p
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", required=True)
    ap.add_argument("--workload", required=True, choices=sorted(WORKLOADS))
    ap.add_argument("--shape", required=True)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    shape = parse_shape(args.shape)
    if shape.get("dtype", "f32") != "f32":
        emit(error="dtype=%s: the TVM modules are built for f32 only" % shape["dtype"])
        return 1
    try:
        version = tvm_version()
    except Exception as e:
        emit(skipped="apache-tvm is not installed in %s (%s); run scripts/setup.sh" % (sys.executable, e))
        return 0
    runtime = runtime_library()
    if runtime is None:
        emit(skipped="libtvm_runtime.so not found in the tvm package of %s; run scripts/setup.sh" % sys.executable)
        return 0
    cache = os.path.abspath(args.cache)
    try:
        target = host_target(cache, version)
    except ImportError as e:
        emit(skipped="apache-tvm is not importable in %s (%s); run scripts/setup.sh" % (sys.executable, e))
        return 0
    key = "%s-%s" % (target["mtriple"], target["mcpu"])
    parallel = args.threads > 1
    db = None
    if not parallel and args.workload in TUNABLE:
        db = tuning_database(tuning_dir(cache, version, target, args.workload, shape))
    base = os.path.join(cache, version, key, SCRIPT_HASH, args.workload.replace("/", "-"),
                        shape_key(shape) + ("-parallel" if parallel else "-serial")
                        + ("-tuned-" + db["id"] if db is not None else ""))
    so_path, sidecar = base + ".so", base + ".json"
    cached = os.path.exists(so_path) and os.path.exists(sidecar)
    if cached:
        with open(sidecar, encoding="utf-8") as f:
            facts = json.load(f)
    else:
        try:
            import tvm  # noqa: F401
        except ImportError as e:
            emit(skipped="apache-tvm is not importable in %s (%s); run scripts/setup.sh" % (sys.executable, e))
            return 0
        facts = build(args.workload, shape, target, parallel, so_path, db)
        facts.update({"workload": args.workload, "shape": shape, "threads": args.threads, "target": target,
                      "tvm": version,
                      "function": "main", "library": so_path, "builder": "tvm_build.py@" + SCRIPT_HASH})
        write_atomic(sidecar, (json.dumps(facts, indent=1) + "\n").encode())
    facts = dict(facts)
    facts.update({"library": so_path, "sidecar": sidecar, "runtime": runtime, "cached": cached})
    emit(**facts)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:
        import traceback
        traceback.print_exc(file=sys.stderr)
        emit(error="%s: %s" % (type(e).__name__, str(e).strip().splitlines()[-1] if str(e).strip() else ""))
        sys.exit(1)
