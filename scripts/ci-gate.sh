#!/usr/bin/env bash
# The CI recipe: copy into your pipeline. Two jobs in one script:
#
#   on a pull request  the paired gate: `panbench gate --base MERGE_BASE` builds the merge base with the target branch
#                      (once per commit, cached under build/panbench-builds), measures it and this checkout on this
#                      runner in pairs of forks adjacent in time, in a drawn order, and fails only on a significant
#                      regression beyond the limit. A shared runner's drift falls on both sides of every pair.
#   on the main branch the history: `panbench run --quick`, gated against the stored baseline's runs and then saved
#                      to it, so `panbench history` shows the trend; with PANBENCH_SITE, the history's static site
#                      is rebuilt there for a Pages job to publish.
#
# It runs from panbench's checkout (gating panbench itself) or from your own repository's root, through a symlink or
# by its path: there, a panbench.json at the root (build command, adapter path, selection, threshold) says what to
# build and measure, and `panbench gate --base MERGE_BASE` builds both revisions of your project with it.
#
# The job is a pull request's when PANBENCH_TARGET (or GITHUB_BASE_REF, which GitHub Actions sets on pull requests)
# names the target branch; otherwise it is the main branch's.
#
#   PANBENCH_TARGET    target branch of a pull request (default: $GITHUB_BASE_REF)
#   PANBENCH_ARGS      the selection and profile (default: --adapter jvm --quick; none where panbench.json says)
#   PANBENCH_BUDGET    the paired gate's budget (default: 10m)
#   PANBENCH_SHARD     I/N: gate one shard of the selection (a matrix job per shard; `panbench merge` joins them)
#   PANBENCH_MAX       largest slowdown allowed (default: panbench.json's threshold, else 5%)
#   PANBENCH_BASELINE  main branch: baseline name or results file to gate against (default: main)
#   PANBENCH_SAVE      main branch: save the run as this baseline name afterwards
#   PANBENCH_STORE     the baseline store (default: .panbench/baselines); restore it from your CI cache
#   PANBENCH_SITE      main branch: after saving, rebuild the site of PANBENCH_SAVE's history in this directory
#   PANBENCH_SITE_URL  where that site is published (https://OWNER.github.io/REPO/): the gate's summary links each
#                      result it judged to its page there
#   PANBENCH_COMMIT_URL  each run's commit link, a URL with {commit} (default on GitHub Actions: this repository's)
#
# Writes the verdict where CI shows it ($GITHUB_STEP_SUMMARY on GitHub Actions, else build/panbench/summary.md).
# Exit code: that of `panbench gate`: 0 passed, 1 a regression beyond the limit, 2 bad input.
set -uo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
panbench="$root/panbench"
# the repository gated: the one this job runs in (yours, or panbench's own)
repo="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
default_args=(--adapter jvm --quick)
if [ -f "$repo/panbench.json" ]; then
  default_args=()
  max="${PANBENCH_MAX:-$(sed -n 's/.*"threshold" *: *"\([^"]*\)".*/\1/p' "$repo/panbench.json" | head -n1)}"
fi
max="${max:-${PANBENCH_MAX:-5%}}"
budget=(--budget "${PANBENCH_BUDGET:-10m}")
if [ -f "$repo/panbench.json" ] && [ -z "${PANBENCH_BUDGET:-}" ] && grep -q '"budget"' "$repo/panbench.json"; then
  budget=()
fi
out="${PANBENCH_OUT:-build/panbench}"
baseline="${PANBENCH_BASELINE:-main}"
summary="${GITHUB_STEP_SUMMARY:-$out/summary.md}"

# the static site of the saved history, rebuilt where a Pages job publishes it from
rebuild_site() {
  [ -n "${PANBENCH_SAVE:-}" ] && [ -n "${PANBENCH_SITE:-}" ] || return 0
  local commit_url="${PANBENCH_COMMIT_URL:-}"
  if [ -z "$commit_url" ] && [ -n "${GITHUB_REPOSITORY:-}" ]; then
    commit_url="${GITHUB_SERVER_URL:-https://github.com}/$GITHUB_REPOSITORY/commit/{commit}"
  fi
  local args=(--site "$PANBENCH_SITE")
  [ -n "$commit_url" ] && args+=(--commit-url "$commit_url")
  "$panbench" history "$PANBENCH_SAVE" "${args[@]}" || echo "ci-gate: the history site was not rebuilt" >&2
}

target="${PANBENCH_TARGET:-${GITHUB_BASE_REF:-}}"
if [ -n "$target" ]; then
  mkdir -p "$(dirname "$summary")"
  git -C "$repo" fetch --quiet origin "$target" 2>/dev/null || true
  base="$(git -C "$repo" merge-base HEAD "origin/$target" 2>/dev/null || git -C "$repo" merge-base HEAD "$target")" || {
    echo "ci-gate: no merge base of HEAD with $target (fetch the target branch, e.g. fetch-depth: 0)" >&2
    exit 2
  }
  shard=()
  [ -n "${PANBENCH_SHARD:-}" ] && shard=(--shard "$PANBENCH_SHARD")
  gate_out="$(mktemp)"
  # shellcheck disable=SC2086
  "$panbench" gate --base "$base" ${PANBENCH_ARGS:-${default_args[*]}} "${shard[@]}" \
    "${budget[@]}" --threshold "$max" --out "$out" | tee "$gate_out"
  gate_code=${PIPESTATUS[0]}
  {
    echo "## panbench: paired gate against the merge base with \`$target\`"
    echo
    case "$gate_code" in
      0) echo "**Passed**: no significant regression beyond $max." ;;
      1) echo "**Failed**: a significant regression beyond $max." ;;
      *) echo "**Error** (exit $gate_code): see the job log." ;;
    esac
    echo; echo '```'; cat "$gate_out"; echo '```'
  } >> "$summary"
  rm -f "$gate_out"
  exit "$gate_code"
fi

# shellcheck disable=SC2086
"$panbench" run ${PANBENCH_ARGS:-${default_args[*]}} --forks 2 --out "$out"
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
    rebuild_site
  fi
  exit 0
fi
gate_out="$(mktemp)"
rm -f "$out/site-links.md"
"$panbench" gate --baseline "$baseline" --current "$out/results.json" \
  --threshold "$max" --confirm 2 --out "$out" | tee "$gate_out"
gate_code=${PIPESTATUS[0]}

{
  echo "## panbench: gate against \`$baseline\`"
  echo
  case "$gate_code" in
    0) echo "**Passed**: no confirmed regression beyond $max." ;;
    1) echo "**Failed**: a confirmed regression beyond $max." ;;
    *) echo "**Error** (exit $gate_code): see the job log." ;;
  esac
  echo
  echo '```'
  cat "$gate_out"
  echo '```'
  echo
  echo "comparison.json: \`$out/comparison.json\`"
  if [ -f "$out/site-links.md" ]; then
    echo
    cat "$out/site-links.md"
  fi
} >> "$summary"
rm -f "$gate_out"

if [ -n "${PANBENCH_SAVE:-}" ] && [ "$gate_code" -ne 2 ]; then
  "$panbench" baseline save "$PANBENCH_SAVE" --from "$out/results.json"
fi
if [ "$gate_code" -ne 2 ]; then
  rebuild_site
fi
exit "$gate_code"
