# shellcheck shell=bash
# Finding Java 17, the one place that names Debian's JDK 17 path. Sourced, not run: by bin/lib/server.sh (the test
# server scripts), bin/ycsb, bin/census, bin/test and bench/ scripts; bin/dist ships it in the release beside
# bin/ycsb and bin/census.
#   find_java [MAX]   prints the java to use and exits 0, or exits 1 when there is none: $JAVA_HOME/bin/java when it
#                     is Java 17 or newer (and at most MAX, e.g. 17 for Hadoop 3.4 and Cassandra 5.0, which do not run
#                     on JDK 25), else Debian's JDK 17, else the java on the PATH under the same condition
#   java_major JAVA   the major version of that java binary (17), from its release file, else from -version

JAVA17_DEBIAN_HOME=/usr/lib/jvm/java-17-openjdk-amd64

java_major() {
  local home v
  home="$(dirname "$(dirname "$(readlink -f "$1")")")"
  v="$(sed -n 's/^JAVA_VERSION="\(.*\)"/\1/p' "$home/release" 2>/dev/null)"
  [ -n "$v" ] || v="$("$1" -version 2>&1 | sed -n '1s/.* version "\([^"]*\)".*/\1/p')"
  v="${v#1.}"
  echo "${v%%[!0-9]*}"
}

# java_fits JAVA [MAX]: exit 0 when JAVA is executable and its major version is 17..MAX
java_fits() {
  [ -n "$1" ] && [ -x "$1" ] || return 1
  local m; m="$(java_major "$1")"
  [ -n "$m" ] && [ "$m" -ge 17 ] && { [ -z "${2:-}" ] || [ "$m" -le "$2" ]; }
}

find_java() {
  local c
  for c in "${JAVA_HOME:+$JAVA_HOME/bin/java}" "$JAVA17_DEBIAN_HOME/bin/java" "$(command -v java || true)"; do
    if java_fits "$c" "${1:-}"; then echo "$c"; return 0; fi
  done
  return 1
}
