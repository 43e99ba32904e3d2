"""Compares what each consumer kept of panbench's exports with what panbench wrote: rows kept of rows written, names
mapped back to result ids, and values equal to the exported ones. Prints one line per consumer and file; exits 1 when
any consumer refused a file, dropped a row or read a different value.
usage: compare.py EXPORT_DIR CONSUMER_DIR"""
import json
import re
import sys

out_dir, seen_dir = sys.argv[1], sys.argv[2]
NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def load(path):
    with open(path) as f:
        return json.load(f)


def bencher_txt(path):
    rows = {}
    for line in open(path):
        m = re.match(r"test (\S+) \.\.\. bench:\s+([\d,.]+) ns/iter", line)
        if m:
            rows[m.group(1)] = float(m.group(2).replace(",", ""))
    return rows


def jmh_ns(entry):
    pm = entry["primaryMetric"]
    unit = pm["scoreUnit"]
    if unit.endswith("/op"):
        return pm["score"] * NS[unit[:-3]], "latency"
    return pm["score"] * (1 / NS[unit[4:]]) * 1e9, "throughput"  # ops per second


written = {
    "jmh-result.json": {e["benchmark"]: e for e in load(f"{out_dir}/jmh-result.json")},
    "gh-bench.json": {e["name"]: e["value"] for e in load(f"{out_dir}/gh-bench.json")},
    "bencher.txt": bencher_txt(f"{out_dir}/bencher.txt"),
    "bmf.json": {k: v["latency"]["value"] for k, v in load(f"{out_dir}/bmf.json").items()},
}
expected = {
    "jmh-result.json": {k: e["primaryMetric"]["score"] for k, e in written["jmh-result.json"].items()},
    "gh-bench.json": written["gh-bench.json"],
    "bencher.txt": written["bencher.txt"],
    "bmf.json": written["bmf.json"],
}
bencher_expected = {k: jmh_ns(e) for k, e in written["jmh-result.json"].items()}

checks = [
    ("github-action-benchmark", "jmh", "jmh-result.json"),
    ("github-action-benchmark", "customSmallerIsBetter", "gh-bench.json"),
    ("github-action-benchmark", "cargo", "bencher.txt"),
    ("bencher", "java_jmh", "jmh-result.json"),
    ("bencher", "json", "bmf.json"),
    ("bencher", "rust_bench", "bencher.txt"),
]
bad = 0
for consumer, tool, name in checks:
    rows = len(written[name])
    got = load(f"{seen_dir}/{consumer}-{tool}.json")
    if got is None:
        print(f"{consumer:24} {tool:22} {name:16} refused the file (0 of {rows} rows)")
        bad += 1
        continue
    if consumer == "github-action-benchmark":
        kept = {b["name"]: b["value"] for b in got}
        want = expected[name]
        unequal = [k for k, v in kept.items() if k not in want or abs(v - want[k]) > 1e-9 * abs(want[k])]
    else:
        kept = {}
        for bench, measures in got.items():
            measure = "latency" if "latency" in measures else next(iter(measures))
            kept[bench] = (measures[measure]["value"], measure)
        unequal = []
        for k, (v, measure) in kept.items():
            if name == "jmh-result.json":
                w, w_measure = bencher_expected.get(k, (None, None))
                w = w if w_measure == measure else None
            else:
                w = expected[name].get(k)
            if w is None or abs(v - w) > 1e-9 * abs(w):
                unequal.append(k)
    missing = [k for k in written[name] if k not in kept]
    status = "ok" if not missing and not unequal and len(kept) == rows else "LOST"
    bad += status != "ok"
    print(f"{consumer:24} {tool:22} {name:16} kept {len(kept)} of {rows} rows, {len(kept) - len(unequal)} values"
          f" equal to ours: {status}")
    for k in (missing + unequal)[:3]:
        print(f"    {'missing' if k in missing else 'different value'}: {k}")
sys.exit(1 if bad else 0)
