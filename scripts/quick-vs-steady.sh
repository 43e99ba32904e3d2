#!/usr/bin/env bash
# Quick against steady: runs the quick tour, then the same rows (the quick selection, by exact id) at the default
# profile's settings, in one session, and prints each row's quick median over its default-profile median, whether the
# quick row was marked, and whether an unmarked row lies within 15%. The load (uptime) is printed before and after.
#
#   scripts/quick-vs-steady.sh [OUT_DIR] [RUN_ARGS...]    (default build/quick-vs-steady)
#
# RUN_ARGS go to both runs (e.g. --adapter jvm); STEADY_FORKS=1 halves the default-profile run (2 forks a row) for a
# shorter check. Exit 0 when every unmarked quick row is within 15% of its steady row, 1 when one is not, 2
# on a failed run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-build/quick-vs-steady}"
[ $# -gt 0 ] && shift
mkdir -p "$out"
out="$(cd "$out" && pwd)"
panbench="$root/panbench"
echo "load before: $(uptime)"
start=$(date +%s)
"$panbench" run --quick "$@" --out "$out/quick" > "$out/quick.log" 2>&1 || { echo "quick-vs-steady: the quick run failed, see $out/quick.log" >&2; exit 2; }
tail -n 3 "$out/quick.log"
ids=$(python3 - "$out/quick/results.json" <<'EOF'
import json, re, sys
rows = [r["id"] for r in json.load(open(sys.argv[1]))["results"] if r.get("status") == "ok"]
print("^(?:" + "|".join(re.escape(i) for i in rows) + ")$")
EOF
)
# the quick selection's rows at the default profile's settings (the profile's own defaults, written out)
"$panbench" run --quick --filter "$ids" --forks "${STEADY_FORKS:-2}" --warmup-iterations 5 --warmup-time 1s \
  --iterations 5 --measurement-time 1s --adaptive-warmup 0s "$@" --out "$out/steady" > "$out/steady.log" 2>&1 \
  || { echo "quick-vs-steady: the default-profile run failed, see $out/steady.log" >&2; exit 2; }
tail -n 3 "$out/steady.log"
echo "load after: $(uptime); both runs $(( $(date +%s) - start )) s"
python3 - "$out/quick/results.json" "$out/steady/results.json" <<'EOF'
import json, statistics, sys
def rows(path):
    return {r["id"]: r for r in json.load(open(path))["results"] if r.get("status") == "ok"}
def waited(r):  # the share of its measured time the benchmark thread waited for a CPU (JMH rows)
    w = [x for fork in r.get("runQueueWait") or [] for x in fork]
    return f"{statistics.median(w):.0%}" if w else "-"
quick, steady = rows(sys.argv[1]), rows(sys.argv[2])
shared = [i for i in quick if i in steady]
width = max(len(i) for i in shared) if shared else 10
print(f"{'id':<{width}}  {'quick/steady':>12}  {'waited q/s':>10}  mark")
unmarked = within = 0
adapters = set()
for i in shared:
    q, s = quick[i], steady[i]
    ratio = q["stats"]["median"] / s["stats"]["median"]
    marked = (q.get("steady") or {}).get("steady") is False
    ok = abs(ratio - 1) <= 0.15
    if not marked:
        unmarked += 1
        within += ok
        adapters.add(i.split("/")[0])
    print(f"{i:<{width}}  {ratio:>11.3f}x  {waited(q) + '/' + waited(s):>10}  "
          f"{'UNSTEADY' if marked else ('' if ok else 'OFF BY MORE THAN 15%')}")
print(f"{len(shared)} rows in both runs, {len(shared) - unmarked} quick rows marked; "
      f"{within} of {unmarked} unmarked quick rows within 15% of the default profile ({len(adapters)} adapters)")
print("waited q/s: the median share of a measured iteration the benchmark thread waited for a CPU, quick/steady;"
      " where they differ, the load differed between the runs and the ratio measures that")
sys.exit(0 if within == unmarked else 1)
EOF
