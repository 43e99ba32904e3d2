#!/usr/bin/env bash
# The test command: the set-up of every adapter and of the tools the tests drive (scripts/setup.sh test), then every
# test of every module (mvn -B -T 1C verify: the adapters and reports, which do not depend on each other, one per
# core); .venv-tune too (scripts/setup.sh tune), since TvmTuneTest tunes for real.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scripts/setup.sh test tune
. scripts/lib/java.sh
panbench_find_jdk || { echo "test: a JDK >= 22 with javac is needed to build and test; set JAVA_HOME" >&2; exit 2; }
echo "test: JAVA_HOME=$JAVA_HOME" >&2
exec mvn -B -T 1C verify "$@"
