"""Tunes one panbench catalog workload at one shape with MetaSchedule for this host's CPU, one core, and keeps the
tuning database where tvm_build.py's one-thread builds look for it.

    python tvm_tune.py --cache DIR --workload gemm/sgemm --shape size=1024,dtype=f32 --trials 64

The TIR function is the one tvm_build.py compiles (imported from it beside this file), the target its target with
num-cores 1, and the search space MetaSchedule's LLVM rules without parallel loops (a one-thread module has none, as
tvm_build.py's own schedules). The database is MetaSchedule's JSON database (database_workload.json and
database_tuning_record.json) in DIR/tuning/<tvm version>/<target hash>/<workload>/<shape>/, with MetaSchedule's logs
beside it; a second tuning adds its trials to the same database. Candidates are built and timed one at a time
(TVM_NUM_THREADS=1). The cost model is XGBoost where the xgboost package is importable, else random.

After the search, the database's best schedule and the workload's own (tvm_build.py's hand-written tile or dlight
rule) are compiled and timed back to back in turns; tvm_build.py keeps the workload's own where it was the faster
(the times are kept in panbench_comparison.json beside the database).

prints one JSON line: {"workload", "shape", "database": the directory, "trials": this tuning's, "records": the
database's, "best_us": its best record's mean time during the search, "own", "own_us", "tuned_us": the back-to-back
times, "wall_s", "cost_model", "target"}, or {"skipped": why} where MetaSchedule cannot run with this Python, or
{"error": why} with exit code 1.
"""
import argparse
import json
import os
import subprocess
import sys
import time

os.environ["TVM_NUM_THREADS"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tvm_build  # noqa: E402  (the workloads and the database layout the builds read)

BUILD_TIMEOUT_S = 120  # a loaded two-core machine compiles one candidate in seconds; MetaSchedule's 30 s is too tight
RUN_TIMEOUT_S = 120
TRIALS_PER_ROUND = 16


def serialization_problem():
    """Why this Python's apache-tvm cannot serialize its IR (MetaSchedule sends every candidate to its builder and
    runner processes serialized, and keeps the workload so), or None. Asked in a child: the failure is a crash."""
    probe = "import tvm; from tvm import tirx; tvm.ir.save_json(tirx.const(1, 'int32'))"
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    from importlib import metadata
    ffi = metadata.version("apache-tvm-ffi")
    return ("apache-tvm %s cannot serialize its IR with apache-tvm-ffi %s in %s (exit code %d): MetaSchedule "
            "needs the apache-tvm-ffi apache-tvm was built against; run scripts/setup.sh tune (it makes .venv-tune "
            "with it) or set PANBENCH_TVM_TUNE_PYTHON" % (tvm_build.tvm_version(), ffi, sys.executable, r.returncode))


def missing_packages():
    """The packages MetaSchedule's local builder and runner (a pool of worker processes) import, where absent."""
    missing = []
    for name in ("psutil", "cloudpickle"):
        try:
            __import__(name)
        except ImportError:
            missing.append(name)
    return missing


def cost_model():
    try:
        import xgboost  # noqa: F401
        return "xgb"
    except ImportError:
        return "random"


def serial_space():
    """MetaSchedule's LLVM search space, its parallelize-vectorize-unroll rule without parallel loops."""
    from tvm.s_tir import meta_schedule as ms
    from tvm.s_tir.meta_schedule.schedule_rule import ParallelizeVectorizeUnroll
    rules = []
    for rule in ms.ScheduleRule.create("llvm"):
        if isinstance(rule, ParallelizeVectorizeUnroll):
            rule = ParallelizeVectorizeUnroll(max_jobs_per_core=-1, max_vectorize_extent=64,
                                              unroll_max_steps=[0, 16, 64, 512], unroll_explicit=True)
        rules.append(rule)
    return ms.space_generator.PostOrderApply(sch_rules=rules)


def build_candidate(mod, target, _params):
    """MetaSchedule's default build of a candidate (tvm.s_tir.meta_schedule.builder.local_builder.default_build)
    without its import of every target's tensor intrinsics, which no float32 schedule of the LLVM search space uses and
    which takes two minutes on a loaded two-core machine: inside a build it counted against the build's timeout, so
    every candidate of a fresh builder worker timed out."""
    from tvm.driver import build as tvm_build
    from tvm.s_tir.transform import RemoveWeightLayoutRewriteBlock
    return tvm_build(RemoveWeightLayoutRewriteBlock(skip_tensor_rewrite=True)(mod), target=target)


def local_builder():
    """MetaSchedule's builder with one worker building by build_candidate. The function reaches the worker by value
    (cloudpickle), so the worker needs no import of this file, whether it runs as the script or as a module of
    tvm_model.py."""
    import cloudpickle
    from tvm.s_tir import meta_schedule as ms
    if __name__ != "__main__":
        cloudpickle.register_pickle_by_value(sys.modules[__name__])
    return ms.builder.LocalBuilder(max_workers=1, timeout_sec=BUILD_TIMEOUT_S, f_build=build_candidate)


def tune(workload, shape, target, directory, trials, model):
    import tvm
    from tvm.s_tir import meta_schedule as ms
    define, _ = tvm_build.WORKLOADS[workload]
    os.makedirs(directory, exist_ok=True)
    ms.tir_integration.tune_tir(
        define(shape), tvm.target.Target(target), directory, max_trials_global=trials,
        max_trials_per_task=trials, num_trials_per_iter=min(TRIALS_PER_ROUND, trials),
        builder=local_builder(),
        runner=ms.runner.LocalRunner(timeout_sec=RUN_TIMEOUT_S,
                                     evaluator_config=ms.runner.EvaluatorConfig(number=3, repeat=1,
                                                                                min_repeat_ms=50)),
        cost_model=model, space=serial_space(), num_tuning_cores=1, seed=0)


def compare(workload, shape, target, db, rounds=5):
    """(own us, tuned us): the workload's own one-thread schedule and the database's best, compiled here and timed
    back to back in turns (the median of each), so a tuning that found nothing faster leaves the module as it was."""
    import statistics
    import numpy as np
    import tvm
    define, schedule = tvm_build.WORKLOADS[workload]
    func = define(shape)
    tgt = tvm.target.Target(target)
    with tvm_build.serial_loops(True):
        own, _ = schedule(func, tgt)
    best = tvm_build.tuned(workload, func, db)[0]
    mods = [tvm.compile(m, target=tgt).jit() for m in (own, best)]
    rng = np.random.default_rng(0)
    args = [tvm.runtime.tensor(rng.random([int(d) for d in p.shape], dtype=np.float32)) for p in func.params]
    times = ([], [])
    for _ in range(rounds):
        for m, into in zip(mods, times):
            into.append(m.time_evaluator("main", tvm.cpu(), number=3, repeat=1, min_repeat_ms=50)(*args).mean)
    return statistics.median(times[0]) * 1e6, statistics.median(times[1]) * 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", required=True)
    ap.add_argument("--workload", required=True)
    ap.add_argument("--shape", required=True)
    ap.add_argument("--trials", type=int, default=64)
    args = ap.parse_args()
    if args.workload not in tvm_build.TUNABLE:
        tvm_build.emit(skipped="%s is not tuned: MetaSchedule tunes %s" % (args.workload,
                                                                            ", ".join(sorted(tvm_build.TUNABLE))))
        return 0
    shape = tvm_build.parse_shape(args.shape)
    try:
        version = tvm_build.tvm_version()
    except Exception as e:
        tvm_build.emit(skipped="apache-tvm is not installed in %s (%s); run scripts/setup.sh" % (sys.executable, e))
        return 0
    problem = serialization_problem()
    missing = missing_packages()
    if problem is None and missing:
        problem = ("MetaSchedule's builder and runner need %s, not installed in %s; run scripts/setup.sh tune "
                   "(it makes .venv-tune)" % (" and ".join(missing), sys.executable))
    if problem is not None:
        tvm_build.emit(skipped=problem)
        return 0
    cache = os.path.abspath(args.cache)
    target = tvm_build.host_target(cache, version)
    directory = tvm_build.tuning_dir(cache, version, target, args.workload, shape)
    model = cost_model()
    started = time.monotonic()
    tune(args.workload, shape, tvm_build.tuning_target(target), directory, args.trials, model)
    wall = time.monotonic() - started
    db = tvm_build.tuning_database(directory)
    if db is None:
        tvm_build.emit(error="none of %d candidates of %s[%s] built and ran (see %s)"
                       % (args.trials, args.workload, args.shape, os.path.join(directory, "logs")))
        return 1
    own_us, tuned_us = compare(args.workload, shape, tvm_build.tuning_target(target), db)
    records = sum(db["trials"].values())
    tvm_build.write_atomic(os.path.join(directory, tvm_build.COMPARISON_FILE), json.dumps(
        {"records": records, "own": tvm_build.LABELS[args.workload], "own_us": own_us, "tuned_us": tuned_us},
        indent=1).encode())
    db = tvm_build.tuning_database(directory)
    seconds = min(best[0] for best in db["best"].values())
    tvm_build.emit(workload=args.workload, shape=shape, database=directory, trials=args.trials,
                   records=records, best_us=seconds * 1e6, wall_s=wall, cost_model=model,
                   target=tvm_build.tuning_target(target), tvm=version, id=db["id"],
                   own=tvm_build.LABELS[args.workload], own_us=own_us, tuned_us=tuned_us)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:
        import traceback
        traceback.print_exc(file=sys.stderr)
        tvm_build.emit(error="%s: %s" % (type(e).__name__, str(e).strip().splitlines()[-1] if str(e).strip() else ""))
        sys.exit(1)
