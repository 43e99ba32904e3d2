"""A user's ONNX model in a Python runtime, for panbench's driver (harness/driver/panbench_driver.py).

op "tvm": TVM's Relax ONNX frontend, built for this CPU and cached (see _tvm). op "python": PyPI's onnxruntime, CPUExecutionProvider, the session configured as the Java rows' (every graph
optimisation, intra-op threads = args["threads"], inter-op 1, sequential, no spinning). op "openvino": PyPI's
openvino, CPU plugin, latency hint, args["threads"] inference threads, float32 inference precision (the CPU plugin
otherwise computes in bfloat16 where the CPU has it, which no float32 reference matches), the inputs' shapes fixed
before compiling. Inputs come from args["inputs"] (.npz, the file every row reads); answer() writes every output to
args["outputs"] (.npz) under the ONNX output names. A model the runtime cannot read or compile raises an error
marked panbench_skip, so the row is skipped with its first line.
"""
import time

import numpy as np

_env = {}


class Unsupported(Exception):
    panbench_skip = True


def _first_line(e):
    """The line of an error that says what failed: OpenVINO's summary of unconverted operators where it gives one,
    else the first line that is not a source location."""
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    for line in lines:
        if line.startswith("-- Conversion is failed for"):
            return line.lstrip("- ")
    for line in lines:
        if not line.startswith(("Exception from ", "Check '")):
            return line
    return lines[0] if lines else type(e).__name__


def prepare(op, args, inputs):
    with np.load(args["inputs"]) as f:
        feeds = {name: f[name] for name in f.files}
    threads = int(args["threads"])
    names = list(args["outputNames"])
    start = time.perf_counter_ns()
    collect = None
    if op == "python":
        call = _onnxruntime(args["model"], feeds, names, threads)
    elif op == "openvino":
        call = _openvino(args["model"], feeds, names, threads)
    elif op == "tvm":
        call, collect = _tvm(args["model"], feeds, names, args["cache"])
    else:
        raise ValueError("unknown op " + op)
    _env["sessionMillis"] = "%.1f" % ((time.perf_counter_ns() - start) / 1e6)
    start = time.perf_counter_ns()
    call()
    _env["firstInferenceMillis"] = "%.2f" % ((time.perf_counter_ns() - start) / 1e6)

    def answer():
        out = call() if collect is None else collect(call())
        np.savez(args["outputs"], **{n: np.asarray(out[n]) for n in names})
        return len(names)

    return call, answer


def _onnxruntime(model, feeds, names, threads):
    import onnxruntime as ort
    _env["onnxruntime.version"] = ort.__version__
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    so.add_session_config_entry("session.intra_op.allow_spinning", "0")
    so.add_session_config_entry("session.inter_op.allow_spinning", "0")
    try:
        sess = ort.InferenceSession(model, so, providers=["CPUExecutionProvider"])
    except Exception as e:  # noqa: BLE001 - any load failure skips the row with its reason
        raise Unsupported("onnxruntime cannot load the model: " + _first_line(e)) from e
    run = sess.run

    def call():
        return dict(zip(names, run(names, feeds)))
    return call


def _openvino(model, feeds, names, threads):
    import openvino as ov
    _env["openvino.version"] = ov.get_version()
    core = ov.Core()
    try:
        m = core.read_model(model)
        m.reshape({port.get_any_name(): ov.PartialShape(list(feeds[port.get_any_name()].shape))
                   for port in m.inputs if port.get_any_name() in feeds})
        compiled = core.compile_model(m, "CPU", {
            "PERFORMANCE_HINT": "LATENCY",
            "INFERENCE_NUM_THREADS": threads,
            "NUM_STREAMS": 1,
            "INFERENCE_PRECISION_HINT": "f32",
        })
    except Exception as e:  # noqa: BLE001 - any read or compile failure skips the row with its reason
        raise Unsupported("openvino cannot compile the model: " + _first_line(e)) from e
    _env["openvino.device"] = core.get_property("CPU", "FULL_DEVICE_NAME")
    _env["openvino.precision"] = str(compiled.get_property("INFERENCE_PRECISION_HINT"))
    _env["openvino.threads"] = str(compiled.get_property("INFERENCE_NUM_THREADS"))
    request = compiled.create_infer_request()
    ports = []
    for n in names:
        port = next((p for p in compiled.outputs if n in p.get_names()), None)
        if port is None:
            raise Unsupported("openvino's compiled model has no output named " + n)
        ports.append(port)
    by_port = {p.get_any_name(): feeds[p.get_any_name()] for p in compiled.inputs}

    def call():
        request.infer(by_port)
        return {n: request.get_tensor(p).data for n, p in zip(names, ports)}
    return call


def _tvm(model, feeds, names, cache):
    """Relax's ONNX frontend at the inputs' shapes, compiled by tvm.compile's default pipeline for this CPU (LLVM's
    name for it), untuned; the library is kept in cache/tvm-<version>/<mcpu>-<key>.so, key the shapes, dtypes and
    target, and loaded from there by the next run."""
    import hashlib
    import json
    import os
    import platform
    import tvm
    from tvm import relax
    from tvm.target import codegen
    target = {"kind": "llvm", "mtriple": platform.machine() + "-unknown-linux-gnu",
              "mcpu": codegen.llvm_get_system_cpu()}
    key = hashlib.sha256(json.dumps([[(k, list(v.shape), str(v.dtype)) for k, v in feeds.items()], target])
                         .encode()).hexdigest()[:12]
    lib = os.path.join(cache, "tvm-" + tvm.__version__, target["mcpu"] + "-" + key + ".so")
    _env["tvm.version"] = tvm.__version__
    _env["tvm.target"] = json.dumps(target)
    _env["tvm.schedule"] = "untuned (tvm.compile's default Relax pipeline)"
    _env["tvm.library"] = lib
    if os.path.exists(lib):
        _env["tvm.build"] = "cached"
    else:
        import onnx
        from tvm.relax.frontend.onnx import from_onnx
        try:
            mod = from_onnx(onnx.load(model), shape_dict={k: list(v.shape) for k, v in feeds.items()},
                            dtype_dict={k: str(v.dtype) for k, v in feeds.items()}, keep_params_in_input=False)
            executable = tvm.compile(mod, target=tvm.target.Target(target))
        except Exception as e:  # noqa: BLE001 - any import or build failure skips the row with its reason
            raise Unsupported("tvm cannot build the model: " + _first_line(e)) from e
        os.makedirs(os.path.dirname(lib), exist_ok=True)
        tmp = lib + ".%d.tmp.so" % os.getpid()
        executable.export_library(tmp)
        os.replace(tmp, lib)
        _env["tvm.build"] = "built"
    vm = relax.VirtualMachine(tvm.runtime.load_module(lib), tvm.cpu())
    main = vm["main"]
    tensors = [tvm.runtime.tensor(np.ascontiguousarray(v)) for v in feeds.values()]

    def call():
        return main(*tensors)

    def collect(out):
        outs = [out] if hasattr(out, "numpy") else list(out)
        return {n: o.numpy() for n, o in zip(names, outs)}
    return call, collect


def environment():
    return dict(_env)
