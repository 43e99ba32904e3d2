"""panbench's driver for rows timed in a Python framework (numpy, tvm_ffi, torch). One process is one fork.

Every message of the conversation is JSON and names the protocol it speaks ("protocol", PROTOCOL below; panbench's
harness/channel). argv[1] names the request: {"protocol", "module": file of the operations, "op": name, "args": {...},
"inputs": {name: {"path": raw little-endian float32 file, "length": n}}, "output": file for an array answer,
"warmupIterations", "warmupNanos", "iterations", "measurementNanos"}. The driver answers with one JSON line per event
on stdout ({"protocol", "event": ...}); panbench's commands come as JSON lines on stdin ({"protocol", "command"}).
A request of another protocol ends with an "error" event that says so.

The module defines prepare(op, args, inputs) -> (call, answer) and environment() -> dict. call is a function of no
arguments, or (statement, namespace): a statement timed as timeit does, compiled into the loop itself, so a call such
as f(1) is timed without a wrapper's frame. After one call, answer() returns the result panbench checks. The driver
writes the answer and prints {"event": "computed", ...}; panbench checks it against the same reference as the Java
rows and answers the command "time" or "stop" on stdin. Timing: the inner loop is sized so one batch lasts at least 100 us,
each iteration runs batches for its time with the garbage collector off (as timeit does), and every iteration's
time per call is printed. A framework that cannot be imported ends with {"event": "skipped", "reason": ...}, as
does an exception prepare raises with the attribute panbench_skip set (a runtime that cannot take a user's model).

Memory, reported with "done" beside the framework's facts: peakMemoryBytes is the process's resident-set high-water
mark during the timed iterations (on Linux the mark is reset by writing 5 to /proc/self/clear_refs when timing
starts and read from VmHWM in /proc/self/status when it ends, as panbench's JMH forks do; elsewhere
resource.getrusage's ru_maxrss, the peak since the process started), ruMaxrssBytes that process-lifetime peak, and
tracemallocPeakBytes the peak of Python's traced allocations during one call made after the timed iterations, so
tracing never slows them.

Turns: where the environment names a turn table (PANBENCH_TURNS=HOST:PORT/NAME, a paired gate's), the driver takes a
turn before each iteration and gives it back after, and takes a last turn when its iterations are over, as panbench's
JMH forks do (harness/run/link/Turns), so the two sides of a pair run their iterations one at a time, each next to the
other's same iteration. Without it, or when the table cannot be reached, iterations run freely.
"""
import gc
import json
import os
import socket
import sys
import time
import importlib.util
import tracemalloc

PROTOCOL = 1
TIMER = "python time.perf_counter_ns"
MIN_BATCH_NS = 100_000


def emit(event, **fields):
    fields["protocol"] = PROTOCOL
    fields["event"] = event
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


def command():
    """The next command panbench sends on stdin, or None when it sent none (or one of another protocol)."""
    line = sys.stdin.readline()
    try:
        msg = json.loads(line)
    except ValueError:
        return None
    if not isinstance(msg, dict) or msg.get("protocol") != PROTOCOL:
        return None
    return msg.get("command")


def load_module(path):
    spec = importlib.util.spec_from_file_location("panbench_ops", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_inputs(inputs):
    if not inputs:
        return {}
    import numpy as np
    return {name: np.fromfile(d["path"], dtype="<f4", count=d["length"]) for name, d in inputs.items()}


def write_answer(answer, output):
    if answer is None or isinstance(answer, (bool, int, float, str)):
        return {"kind": "scalar", "value": answer}
    import numpy as np
    array = np.ascontiguousarray(np.asarray(answer), dtype="<f4").ravel()
    array.tofile(output)
    return {"kind": "array", "length": int(array.size)}


def batch_function(call):
    """batch(n) -> nanoseconds of n calls, the loop compiled around a statement where one is given."""
    if isinstance(call, tuple):
        statement, namespace = call
        src = ("def _panbench_batch(_n, _clock):\n    _t0 = _clock()\n    for _ in range(_n):\n        "
               + statement + "\n    return _clock() - _t0\n")
        ns = dict(namespace)
        exec(compile(src, "<panbench batch>", "exec"), ns)
        timed = ns["_panbench_batch"]
        return lambda n: timed(n, time.perf_counter_ns)

    def batch(n, clock=time.perf_counter_ns):
        start = clock()
        for _ in range(n):
            call()
        return clock() - start
    return batch


def inner_loop(batch_nanos):
    n = 1
    while True:
        t = batch_nanos(n)
        if t >= MIN_BATCH_NS or n >= 1 << 30:
            return n
        n = n * 2 if t <= 0 else max(n * 2, min(n * 100, int(n * MIN_BATCH_NS * 1.2 / t) + 1))


class Turns:
    """The driver's side of a turn table: ready/go before an iteration, done after it, last/go at the end."""

    def __init__(self, spec):
        self.sock = None
        if not spec or "/" not in spec or ":" not in spec.split("/", 1)[0]:
            return
        address, name = spec.split("/", 1)
        host, port = address.rsplit(":", 1)
        try:
            self.sock = socket.create_connection((host, int(port)), timeout=10)
            self.sock.settimeout(None)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.reader = self.sock.makefile("r", encoding="ascii")
            self.say("hello " + name)
        except (OSError, ValueError) as e:
            print(f"panbench: no turn table at {address} ({e}): iterations run freely", file=sys.stderr)
            self.sock = None

    def say(self, line):
        self.sock.sendall((line + "\n").encode("ascii"))

    def take(self, what="ready"):
        if self.sock is None:
            return
        try:
            self.say(what)
            if self.reader.readline().strip() != "go":
                self.sock = None
        except OSError:
            self.sock = None

    def give(self):
        if self.sock is None:
            return
        try:
            self.say("done")
        except OSError:
            self.sock = None


def iteration(batch_nanos, n, nanos):
    ops = 0
    elapsed = 0
    gc.collect()
    gc.disable()
    try:
        while ops == 0 or elapsed < nanos:
            elapsed += batch_nanos(n)
            ops += n
    finally:
        gc.enable()
    return elapsed / ops, ops


def empty_loop_nanos(n):
    start = time.perf_counter_ns()
    for _ in range(n):
        pass
    return (time.perf_counter_ns() - start) / n


def reset_peak_rss():
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def vm_hwm_bytes():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def ru_maxrss_bytes():
    try:
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except (ImportError, OSError):
        return None
    return peak if sys.platform == "darwin" else peak * 1024  # bytes on macOS, KiB on Linux


def traced_peak_bytes(batch):
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        batch(1)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        req = json.load(f)
    if req.get("protocol") != PROTOCOL:
        emit("error", message=f"asked for driver protocol {req.get('protocol')}, this driver speaks {PROTOCOL}")
        return 1
    try:
        module = load_module(req["module"])
        call, answer = module.prepare(req["op"], req.get("args", {}), read_inputs(req.get("inputs")))
    except ModuleNotFoundError as e:
        emit("skipped", reason=f"{e.name} is not importable in {sys.executable}: {e}")
        return 0
    except Exception as e:  # noqa: BLE001 - a module marks what it cannot run here; anything else is an error
        if getattr(e, "panbench_skip", False):
            emit("skipped", reason=str(e))
            return 0
        raise
    env = {"python": sys.version.split()[0], "executable": sys.executable}
    env.update({k: str(v) for k, v in getattr(module, "environment", dict)().items()})
    batch = batch_function(call)
    batch(1)
    emit("computed", **write_answer(answer(), req["output"]))
    if command() != "time":
        return 0
    n = inner_loop(batch)
    turns = Turns(os.environ.get("PANBENCH_TURNS"))
    reset = reset_peak_rss()
    samples = []
    for i in range(req["warmupIterations"] + req["iterations"]):
        warm = i < req["warmupIterations"]
        turns.take()
        ns, ops = iteration(batch, n, req["warmupNanos"] if warm else req["measurementNanos"])
        turns.give()
        emit("iteration", warmup=warm, ns=ns, ops=ops)
        if not warm:
            samples.append(ns)
    turns.take("last")
    peak = vm_hwm_bytes() if reset else None
    maxrss = ru_maxrss_bytes()
    peak = peak if peak is not None else maxrss
    if peak is not None:
        env["peakMemoryBytes"] = str(peak)
    if maxrss is not None:
        env["ruMaxrssBytes"] = str(maxrss)
    env["tracemallocPeakBytes"] = str(traced_peak_bytes(batch))
    env["innerLoop"] = str(n)
    env["emptyLoopNs"] = "%.2f" % empty_loop_nanos(max(n, 100_000))
    emit("done", samples=samples, timer=TIMER, environment=env)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:  # one line for the result's error; the trace goes to the fork's log
        import traceback
        traceback.print_exc(file=sys.stderr)
        emit("error", message=f"{type(e).__name__}: {e}")
        sys.exit(1)
