#!/usr/bin/env bash
# Makes a self-contained panbench folder for machines without Java (GPU boxes often have none): a jlinked Java
# runtime holding only the modules panbench needs, the panbench jar, and a launcher. Copy the folder anywhere on a
# Linux x86-64 machine and run ./panbench there; nothing else is needed.
#
#   scripts/bundle.sh [OUT_DIR]      (default build/panbench-bundle)
#
# Left out on purpose: java.desktop (AWT, fonts: ~20 MB), which only chart rendering needs. In the bundle, write
# results.json and Markdown/CSV/JSON reports; render HTML or PNG charts from results.json where a JDK is.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
. scripts/lib/java.sh

limit_mb=60
out="${1:-build/panbench-bundle}"
modules=java.base,java.management,jdk.management,jdk.unsupported,jdk.incubator.vector

if ! panbench_find_jdk || [ ! -x "$JAVA_HOME/bin/jlink" ]; then
  echo "bundle: needs a JDK >= 25 with jlink; set JAVA_HOME" >&2
  exit 2
fi
version=$(panbench_java_version "$JAVA_HOME/bin/java")
if [ "$version" -lt 25 ]; then
  echo "bundle: $JAVA_HOME is Java $version; the bundle's runtime must be Java 25 or later" >&2
  exit 2
fi

jar=cli/target/panbench.jar
if [ ! -f "$jar" ] || [ -n "$(find . -path ./.venv -prune -o -path '*/target' -prune -o \
     \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) -newer "$jar" -print -quit)" ]; then
  echo "bundle: building the jar (mvn -q package -DskipTests) ..." >&2
  mvn -B -q package -DskipTests 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g' >&2
fi

tmp="$out.tmp.$$"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$(dirname "$out")"
rm -rf "$tmp"
mkdir -p "$tmp"
"$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --compress=zip-9 --output "$tmp/runtime" 2> >(grep -v 'Using incubator modules' >&2)
cp "$jar" "$tmp/panbench.jar"
# the launcher carries panbench's JVM flags, read here from where they are declared
jvm_flags="$(panbench_jvm_flags "$root" | tr '\n' ' ')"
sed "s|@JVM_FLAGS@|${jvm_flags% }|" > "$tmp/panbench" <<'LAUNCHER'
#!/bin/sh
# panbench from a bundle: its own Java runtime, no JDK or environment needed.
# PANBENCH_JAVA_OPTS (optional) adds JVM options, e.g. -Xmx8g.
here="$(cd "$(dirname "$0")" && pwd)"
# an empty environment (cron, env -i) still finds the system's tools; PoCL's kernel compiler runs ld from PATH
PATH="${PATH:-/usr/local/bin:/usr/bin:/bin}"
export PATH
# shellcheck disable=SC2086
exec "$here/runtime/bin/java" @JVM_FLAGS@ -XX:+IgnoreUnrecognizedVMOptions -Xshare:auto -Dpanbench.home="$here" ${PANBENCH_JAVA_OPTS:-} \
  -jar "$here/panbench.jar" "$@"
LAUNCHER
chmod 755 "$tmp/panbench"
"$tmp/panbench" --version >/dev/null 2>&1 || { echo "bundle: the bundled launcher does not start" >&2; exit 1; }

size_mb=$(du -sm "$tmp" | cut -f1)
if [ "$size_mb" -gt "$limit_mb" ]; then
  echo "bundle: $size_mb MB is over the $limit_mb MB goal" >&2
  exit 1
fi
rm -rf "$out"
mv "$tmp" "$out"
trap - EXIT
echo "bundle: $out ($size_mb MB: Java $version runtime with $modules, panbench.jar, launcher)"
