"""A user's ONNX model in a Python runtime, for panbench's driver (harness/driver/panbench_driver.py).

op "python": PyPI's onnxruntime, CPUExecutionProvider, the session configured as the Java rows' (every graph
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
    if op == "python":
        call = _onnxruntime(args["model"], feeds, names, threads)
    elif op == "openvino":
        call = _openvino(args["model"], feeds, names, threads)
    else:
        raise ValueError("unknown op " + op)
    _env["sessionMillis"] = "%.1f" % ((time.perf_counter_ns() - start) / 1e6)
    start = time.perf_counter_ns()
    call()
    _env["firstInferenceMillis"] = "%.2f" % ((time.perf_counter_ns() - start) / 1e6)

    def answer():
        out = call()
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


def environment():
    return dict(_env)
