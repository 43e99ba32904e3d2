#!/usr/bin/env bash
# The CI recipe: copy into your pipeline. Runs the benchmarks quickly, gates them against a named baseline, and puts
# the comparison where CI shows it ($GITHUB_STEP_SUMMARY on GitHub Actions, else build/panbench/summary.md).
#
#   PANBENCH_BASELINE  baseline name or results file to gate against (default: main)
#   PANBENCH_ARGS      extra arguments for `panbench run` (default: --adapter jvm --forks 2; two forks or more
#                      let the comparison see fork-to-fork variation, which one fork cannot)
#   PANBENCH_MAX       largest slowdown allowed (default: 5%)
#   PANBENCH_CONFIRM   re-runs of flagged results before failing (default: 2)
#   PANBENCH_STORE     the baseline store (default: .panbench/baselines); restore it from your CI cache
#   PANBENCH_SAVE      when set (e.g. on the main branch), save the run as this baseline name afterwards
#   PANBENCH_BASE_BUILD  a panbench jar built from the base commit: when set, the two builds are measured on this
#                      machine now, alternating fork by fork (panbench ab), instead of against a stored baseline.
#                      Slower, but immune to the machine having changed since the baseline was taken; use it where
#                      CI runners are shared and their speed drifts.
#
# Exit code: that of `panbench gate`: 0 passed, 1 a confirmed regression beyond the limit, 2 bad input.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
panbench="$root/panbench"
out="${PANBENCH_OUT:-build/panbench}"
baseline="${PANBENCH_BASELINE:-main}"
summary="${GITHUB_STEP_SUMMARY:-$out/summary.md}"

if [ -n "${PANBENCH_BASE_BUILD:-}" ]; then
  mkdir -p "$(dirname "$summary")"
  ab_out="$(mktemp)"
  # shellcheck disable=SC2086
  "$panbench" ab "$PANBENCH_BASE_BUILD" "$root/cli/target/panbench.jar" --quick ${PANBENCH_AB_ARGS:---adapter jvm} \
    --threshold "${PANBENCH_MAX:-5%}" --fail-on-regression --out "$out" | tee "$ab_out"
  ab_code=${PIPESTATUS[0]}
  { echo "## panbench: A/B against the base build"; echo; echo '```'; cat "$ab_out"; echo '```'; } >> "$summary"
  rm -f "$ab_out"
  exit "$ab_code"
fi

# shellcheck disable=SC2086
"$panbench" run --quick ${PANBENCH_ARGS:---adapter jvm --forks 2} --out "$out"
run_code=$?
if [ "$run_code" -ne 0 ] && [ "$run_code" -ne 3 ]; then
  echo "ci-gate: panbench run failed (exit $run_code)" >&2
  exit "$run_code"
fi

mkdir -p "$(dirname "$summary")"
if [ ! -f "$baseline" ] && ! "$panbench" baseline show "$baseline" >/dev/null 2>&1; then
  # the first run of a project has nothing to gate against: say so, and start the baseline if asked to
  echo "ci-gate: no baseline '$baseline' yet; nothing to gate against" | tee -a "$summary" >&2
  if [ -n "${PANBENCH_SAVE:-}" ]; then
    "$panbench" baseline save "$PANBENCH_SAVE" --from "$out/results.json"
  fi
  exit 0
fi
gate_out="$(mktemp)"
"$panbench" gate --baseline "$baseline" --current "$out/results.json" \
  --threshold "${PANBENCH_MAX:-5%}" --confirm "${PANBENCH_CONFIRM:-2}" --out "$out" | tee "$gate_out"
gate_code=${PIPESTATUS[0]}

{
  echo "## panbench: gate against \`$baseline\`"
  echo
  case "$gate_code" in
    0) echo "**Passed**: no confirmed regression beyond ${PANBENCH_MAX:-5%}." ;;
    1) echo "**Failed**: a confirmed regression beyond ${PANBENCH_MAX:-5%}." ;;
    *) echo "**Error** (exit $gate_code): see the job log." ;;
  esac
  echo
  echo '```'
  cat "$gate_out"
  echo '```'
  echo
  echo "comparison.json: \`$out/comparison.json\`"
} >> "$summary"
rm -f "$gate_out"

if [ -n "${PANBENCH_SAVE:-}" ] && [ "$gate_code" -ne 2 ]; then
  "$panbench" baseline save "$PANBENCH_SAVE" --from "$out/results.json"
fi
exit "$gate_code"
