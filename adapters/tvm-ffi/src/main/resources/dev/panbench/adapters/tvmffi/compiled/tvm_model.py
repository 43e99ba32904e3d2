"""A user's ONNX model as a TVM Relax module for this host's CPU: built, tuned, and its reference outputs.

    python tvm_model.py build --model M.onnx --inputs I.npz --dir DIR --tvm-cache DIR
    python tvm_model.py tune --model M.onnx --inputs I.npz --dir DIR --tvm-cache DIR --trials N
    python tvm_model.py reference --model M.onnx --inputs I.npz

build (in the project's .venv): Relax's ONNX frontend at the inputs' shapes and dtypes (weights as constants), then
the passes MetaSchedule tunes after (decomposed for inference, legalized, fused: relax's zero pipeline), then
tvm.compile for {"kind": "llvm", "mtriple", "mcpu": LLVM's name for this CPU} (tvm_build.py's host target). Where
`tune` wrote a tuning database for these shapes, each fused function it holds a record of runs its best schedule
(the trace applied to the same TIR, matched by structural hash, as tvm_build.py does for the catalog's kernels) and
the module's key carries the database's content hash; the rest run tvm.compile's default schedule. Prints one JSON
line: {"library", "runtime": libtvm_runtime.so, "tvm", "target", "schedule", "schedule_label" ("untuned" or "tuned
(N trials)"), "untuned": why (absent when tuned), "outputs": the output count, "cached", "buildMillis"}; or
{"skipped": why} where apache-tvm is missing or the frontend or the build cannot take the model (the error's first
line). Layout: DIR/tvm-<version>/<mtriple>-<mcpu>/<inputs key>/{untuned,tuned-<db id>}-<script hash>.so and .json,
and the tuning database in DIR/tvm-<version>/<mtriple>-<mcpu>/<inputs key>/tuning/.

tune (in .venv-tune, where MetaSchedule runs: see tvm_tune.py): the same module, its fused functions tuned by
MetaSchedule for one core (tvm_tune.py's serial search space and cost model) with N new trials over the heaviest
N / 4 of them (FLOPs times calls);
prints {"database", "trials", "records", "tasks", "wall_s", "cost_model", "target", "tvm", "id"} or {"skipped": why}.

reference (in .venv): PyPI's onnxruntime with every graph optimisation off, one thread: the outputs every row of a
model without test data is checked against, kept beside the inputs as reference-<inputs>-ort<version>.npz (the name
of the onnxruntime adapter's reference, computed the same way by the same version); prints {"reference": the file,
"onnxruntime": its version} or {"skipped": why}.
"""
import argparse
import hashlib
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tvm_build  # noqa: E402  (the host target, atomic writes, the tuning database's reader)

SCRIPT_HASH = hashlib.sha256(open(__file__, "rb").read()).hexdigest()[:12]


def first_line(e):
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    for line in lines:
        if not line.startswith(("Traceback", "File ", "File \"")) and not line.startswith("  "):
            return "%s: %s" % (type(e).__name__, line[:300])
    return type(e).__name__


def read_inputs(path):
    import numpy as np
    with np.load(path) as f:
        return {name: f[name] for name in f.files}


def inputs_key(feeds):
    return hashlib.sha256(json.dumps([(k, list(v.shape), str(v.dtype)) for k, v in feeds.items()]).encode()) \
        .hexdigest()[:12]


def home(args, version, target):
    return os.path.join(os.path.abspath(args.dir), "tvm-" + version, "%s-%s" % (target["mtriple"], target["mcpu"]),
                        inputs_key(read_inputs(args.inputs)))


def relax_module(model, feeds):
    """The model through Relax's ONNX frontend, decomposed, legalized and fused: what MetaSchedule tunes."""
    import onnx
    import tvm
    from tvm import relax
    from tvm.relax.frontend.onnx import from_onnx
    mod = from_onnx(onnx.load(model), shape_dict={k: list(v.shape) for k, v in feeds.items()},
                    dtype_dict={k: str(v.dtype) for k, v in feeds.items()}, keep_params_in_input=False)
    return tvm.transform.Sequential([relax.transform.DecomposeOpsForInference(),
                                     relax.transform.CanonicalizeBindings(),
                                     relax.get_pipeline("zero")])(mod)


def apply_database(mod, db):
    """Each fused TIR function the database has a record of, with its best trace applied and marked scheduled (as
    MetaScheduleApplyDatabase does, without deserializing the database's IR); returns (module, functions tuned)."""
    import tvm
    from tvm import tirx
    from tvm.s_tir.meta_schedule.tune_context import _normalize_mod
    tuned = 0
    for gv, fn in list(mod.functions.items()):
        if not isinstance(fn, tirx.PrimFunc):
            continue
        applied = tvm_build.apply_best(_normalize_mod(fn), db)
        if applied is None:
            continue
        mod[gv] = applied["main"].with_attr("global_symbol", gv.name_hint).with_attr("tirx.is_scheduled", True)
        tuned += 1
    return mod, tuned


def build(args):
    import numpy as np  # noqa: F401
    try:
        version = tvm_build.tvm_version()
    except Exception as e:
        tvm_build.emit(skipped="apache-tvm is not installed in %s (%s); run scripts/setup.sh" % (sys.executable, e))
        return 0
    runtime = tvm_build.runtime_library()
    if runtime is None:
        tvm_build.emit(skipped="libtvm_runtime.so not found in the tvm package of %s; run scripts/setup.sh"
                       % sys.executable)
        return 0
    target = tvm_build.host_target(os.path.abspath(args.tvm_cache), version)
    base = home(args, version, target)
    db = tvm_build.tuning_database(os.path.join(base, "tuning"))
    stem = ("tuned-" + db["id"] if db is not None else "untuned") + "-" + SCRIPT_HASH
    so_path, sidecar = os.path.join(base, stem + ".so"), os.path.join(base, stem + ".json")
    cached = os.path.exists(so_path) and os.path.exists(sidecar)
    if cached:
        with open(sidecar, encoding="utf-8") as f:
            facts = json.load(f)
    else:
        facts = compile_model(args, target, db, so_path)
        if "skipped" in facts:
            tvm_build.emit(**facts)
            return 0
        facts.update({"tvm": version, "target": target, "builder": "tvm_model.py@" + SCRIPT_HASH})
        tvm_build.write_atomic(sidecar, (json.dumps(facts, indent=1) + "\n").encode())
    facts = dict(facts)
    facts.update({"library": so_path, "runtime": runtime, "cached": cached})
    tvm_build.emit(**facts)
    return 0


def compile_model(args, target, db, so_path):
    try:
        import onnx  # noqa: F401
        import tvm
    except ImportError as e:
        return {"skipped": "tvm cannot build the model: %s is not importable in %s; run scripts/setup.sh"
                % (e.name, sys.executable)}
    feeds = read_inputs(args.inputs)
    started = time.perf_counter()
    try:
        mod = relax_module(args.model, feeds)
        tuned = 0
        if db is not None:
            mod, tuned = apply_database(mod, db)
        executable = tvm.compile(mod, target=tvm.target.Target(target))
    except Exception as e:  # noqa: BLE001 - any import or build failure skips the rows with its reason
        return {"skipped": "tvm cannot build the model: " + first_line(e)}
    functions = sum(1 for fn in mod.functions.values() if isinstance(fn, tvm.tirx.PrimFunc))
    facts = {"buildMillis": round((time.perf_counter() - started) * 1e3, 1)}
    if db is not None:
        trials = sum(db["trials"].values())
        facts["schedule_label"] = "tuned (%d trial%s)" % (trials, "" if trials == 1 else "s")
        facts["schedule"] = ("MetaSchedule for %s, one core: the best of %d trials for %d of %d fused functions, "
                             "tvm.compile's default for the rest (database %s)"
                             % (target["mcpu"], trials, tuned, functions, db["id"]))
    else:
        facts["schedule_label"] = "untuned"
        facts["schedule"] = "untuned: tvm.compile's default Relax pipeline for %s" % target["mcpu"]
        facts["untuned"] = "not tuned for this CPU (panbench tune --model %s tunes it)" % args.model
    tvm_build.export_atomic(executable, so_path)
    return facts


def tune(args):
    import tvm_tune
    try:
        version = tvm_build.tvm_version()
    except Exception as e:
        tvm_build.emit(skipped="apache-tvm is not installed in %s (%s); run scripts/setup.sh tune" % (sys.executable, e))
        return 0
    problem = tvm_tune.serialization_problem()
    missing = tvm_tune.missing_packages()
    try:
        import onnx  # noqa: F401
    except ImportError:
        missing.append("onnx")
    if problem is None and missing:
        problem = ("tuning a model needs %s, not installed in %s; run scripts/setup.sh tune (it makes .venv-tune)"
                   % (" and ".join(missing), sys.executable))
    if problem is not None:
        tvm_build.emit(skipped=problem)
        return 0
    import tvm
    from tvm.s_tir import meta_schedule as ms
    target = tvm_build.host_target(os.path.abspath(args.tvm_cache), version)
    directory = os.path.join(home(args, version, target), "tuning")
    started = time.monotonic()
    try:
        mod = relax_module(args.model, read_inputs(args.inputs))
    except Exception as e:  # noqa: BLE001 - a model the frontend cannot take is not tuned
        tvm_build.emit(skipped="tvm cannot build the model: " + first_line(e))
        return 0
    os.makedirs(directory, exist_ok=True)
    model = tvm_tune.cost_model()
    tgt = tvm.target.Target(tvm_build.tuning_target(target))
    tasks = ms.relax_integration.extract_tasks(mod, tgt)
    chosen = heaviest(tasks, args.trials)
    contexts, weights = ms.relax_integration.extracted_tasks_to_tune_contexts(
        chosen, directory, space=tvm_tune.serial_space(), seed=0)
    ms.tune.tune_tasks(
        tasks=contexts, task_weights=weights, work_dir=directory, max_trials_global=args.trials,
        num_trials_per_iter=max(1, min(tvm_tune.TRIALS_PER_ROUND, args.trials // len(chosen))),
        builder=tvm_tune.local_builder(),
        runner=ms.runner.LocalRunner(timeout_sec=tvm_tune.RUN_TIMEOUT_S,
                                     evaluator_config=ms.runner.EvaluatorConfig(number=3, repeat=1,
                                                                                min_repeat_ms=50)),
        cost_model=model)
    wall = time.monotonic() - started
    db = tvm_build.tuning_database(directory)
    if db is None:
        tvm_build.emit(error="none of %d candidates built and ran (see %s)"
                       % (args.trials, os.path.join(directory, "logs")))
        return 1
    tvm_build.emit(database=directory, trials=args.trials, records=sum(db["trials"].values()), tasks=len(tasks),
                   chosen=len(chosen),
                   tuned_tasks=len(db["best"]), wall_s=wall, cost_model=model,
                   target=tvm_build.tuning_target(target), tvm=version, id=db["id"])
    return 0


TRIALS_PER_TASK = 4  # the fewest candidates a task is given: the budget goes to the heaviest tasks first


def heaviest(tasks, trials):
    """The tasks the budget reaches, heaviest first (FLOPs times the times the model calls it): trials / 4 of them,
    so each gets a few candidates (MetaSchedule's gradient scheduler gives every task a round before it chooses, and
    the light ones, reshapes and pools, would take a budget of tens)."""
    from tvm.s_tir.analysis import estimate_tir_flops

    def work(task):
        try:
            return estimate_tir_flops(task.dispatched[0]) * task.weight
        except Exception:  # noqa: BLE001 - a function the estimate cannot read counts as light
            return 0.0
    return sorted(tasks, key=work, reverse=True)[:max(1, trials // TRIALS_PER_TASK)]


def reference(args):
    """The unoptimised one-thread onnxruntime outputs, written once beside the inputs (temp file + rename)."""
    import io
    import numpy as np
    try:
        import onnxruntime as ort
    except ImportError as e:
        tvm_build.emit(skipped="no reference outputs: onnxruntime is not importable in %s (%s); run scripts/setup.sh"
                       % (sys.executable, e))
        return 0
    inputs = os.path.abspath(args.inputs)
    out = os.path.join(os.path.dirname(inputs), "reference-%s-ort%s.npz"
                       % (os.path.basename(inputs)[:-len(".npz")], ort.__version__))
    if os.path.exists(out):
        tvm_build.emit(reference=out, onnxruntime=ort.__version__)
        return 0
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    try:
        sess = ort.InferenceSession(args.model, so, providers=["CPUExecutionProvider"])
        names = [o.name for o in sess.get_outputs()]
        values = sess.run(names, read_inputs(args.inputs))
    except Exception as e:  # noqa: BLE001 - the reference runtime cannot take the model
        tvm_build.emit(skipped="no reference outputs: onnxruntime cannot run the model: " + first_line(e))
        return 0
    buf = io.BytesIO()
    np.savez(buf, **dict(zip(names, values)))
    tvm_build.write_atomic(out, buf.getvalue())
    tvm_build.emit(reference=out, onnxruntime=ort.__version__)
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=["build", "tune", "reference"])
    ap.add_argument("--model", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--dir")
    ap.add_argument("--tvm-cache")
    ap.add_argument("--trials", type=int, default=64)
    args = ap.parse_args()
    return {"build": build, "tune": tune, "reference": reference}[args.command](args)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:
        import traceback
        traceback.print_exc(file=sys.stderr)
        tvm_build.emit(error=first_line(e))
        sys.exit(1)
