#!/usr/bin/env bash
# Reads panbench's exports (jmh-result.json, gh-bench.json, bencher.txt, bmf.json) with their consumers' own parsing
# code and reports, per consumer and file, how many rows it kept of those written and whether their values equal ours:
#   github-action-benchmark v1.22.0: dist/src/extract.js (tools jmh, customSmallerIsBetter, cargo), run with node;
#   Bencher v0.6.12: the bencher_adapter crate (adapters java_jmh, json, rust_bench), in a small Rust program
#   (scripts/check-exports/bencher), built with cargo.
# Neither is a registry package at these versions, so the script takes their sources: git clones (or bare mirrors) of
# github.com/benchmark-action/github-action-benchmark and github.com/bencherdev/bencher, named by
#   GHAB_SRC=DIR BENCHER_SRC=DIR scripts/check-exports.sh [RESULTS.json]
# The tagged sources are unpacked under build/consumers/ and Bencher's adapters are built there once (a few minutes
# of cargo; later runs reuse the build). RESULTS defaults to the recorded quick run in baselines/vm-2core-quick.json
# with the first result cut to two samples and the second to one (JMH writes "NaN" for those). Too heavy for the test
# suite (node, cargo, the sources): run by hand after changing an export. Exit 0 when every consumer kept every row.
set -euo pipefail
cd "$(dirname "$0")/.."
GHAB_TAG=v1.22.0
BENCHER_TAG=v0.6.12
work=build/consumers
mkdir -p "$work"
command -v node >/dev/null || { echo "check-exports: node is needed (apt-get install nodejs)" >&2; exit 2; }
command -v cargo >/dev/null || { echo "check-exports: cargo is needed (rustup or apt-get install cargo)" >&2; exit 2; }

# unpack SRC at TAG into DEST once (SRC: a clone or a bare mirror holding the tag)
unpack() {
    local src=$1 tag=$2 dest=$3
    [ -e "$dest/.unpacked" ] && return 0
    [ -n "$src" ] || { echo "check-exports: $dest is missing; set ${4}=a clone of ${5} holding tag $tag" >&2; exit 2; }
    rm -rf "$dest" && mkdir -p "$dest"
    git -C "$src" archive "$tag" | tar -x -C "$dest"
    touch "$dest/.unpacked"
}
unpack "${GHAB_SRC:-}" $GHAB_TAG "$work/github-action-benchmark-$GHAB_TAG" GHAB_SRC \
    github.com/benchmark-action/github-action-benchmark
unpack "${BENCHER_SRC:-}" $BENCHER_TAG "$work/bencher-src" BENCHER_SRC github.com/bencherdev/bencher

# Bencher's adapters, as a path dependency on its source, versions pinned by its own Cargo.lock
mkdir -p "$work/bencher-check"
cp -r scripts/check-exports/bencher/. "$work/bencher-check/"
[ -e "$work/bencher-check/Cargo.lock" ] || cp "$work/bencher-src/Cargo.lock" "$work/bencher-check/"
echo "check-exports: building Bencher $BENCHER_TAG's adapters (cargo; once)" >&2
(cd "$work/bencher-check" && CARGO_TARGET_DIR=../cargo-target cargo build --release -q)
bencher_check=$work/cargo-target/release/bencher-check

# the exports of one run
run=build/check-exports
rm -rf "$run" && mkdir -p "$run/out" "$run/seen"
if [ $# -ge 1 ]; then
    cp "$1" "$run/results.json"
else
    python3 - "$run/results.json" <<'PY'
import json, sys
run = json.load(open("baselines/vm-2core-quick.json"))["runs"][-1]["results"]
for r, n in zip(run["results"], (2, 1)):
    v = r["samples"] = r["samples"][:n]
    r["forks"] = [v]
    mean, median = sum(v) / n, sorted(v)[(n - 1) // 2] if n % 2 else sum(v) / 2
    r["stats"] = {"n": n, "mean": mean, "median": median, "stddev": (max(v) - min(v)) / 2 ** 0.5,
                  "min": min(v), "max": max(v), "p50": median, "p90": max(v), "p99": max(v), "ci99": [min(v), max(v)]}
json.dump(run, open(sys.argv[1], "w"))
PY
fi
./panbench report "$run/results.json" --format jmh,gh-bench,bencher,bmf --out "$run/out" >&2

gh=$work/github-action-benchmark-$GHAB_TAG
for pair in jmh:jmh-result.json customSmallerIsBetter:gh-bench.json cargo:bencher.txt; do
    node scripts/check-exports/gh-extract.js "$gh" "${pair%%:*}" "$run/out/${pair#*:}" \
        > "$run/seen/github-action-benchmark-${pair%%:*}.json" || true
done
for pair in java_jmh:jmh-result.json json:bmf.json rust_bench:bencher.txt; do
    "$bencher_check" "${pair%%:*}" "$run/out/${pair#*:}" > "$run/seen/bencher-${pair%%:*}.json" || true
done
python3 scripts/check-exports/compare.py "$run/out" "$run/seen"
