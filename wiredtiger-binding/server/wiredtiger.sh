#!/usr/bin/env bash
# WiredTiger is embedded: the wiredtiger binding opens it in the client process on its data folder
# (wiredtiger.dir), so there is no server to start, stop or ask for its status; those verbs say so in one line and
# exit 2. "setup" installs Debian's packages (libwiredtiger0: the engine, its JNI library and compressors;
# libwiredtiger-java: the jar; wiredtiger: the wt utility, which checks a wiredtiger.config before a run) and links
# the JNI library under the name System.loadLibrary looks for (Debian installs only libwiredtiger_java.so.0) into
# $SCIYCSB_WORK/wiredtiger/lib, the folder bin/ycsb puts on java.library.path (wiredtiger-binding/jvm.options).
# Idempotent. "datadir" prints the default data folder, $SCIYCSB_WORK/wiredtiger/data, when it exists.
set -euo pipefail
# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
server_init wiredtiger

WT_JAR=/usr/share/java/wiredtiger.jar
WT_JNI=/usr/lib/libwiredtiger_java.so.0
WT_LIB="$SCIYCSB_WORK/wiredtiger/lib"

server_unsupported() {
  echo "wiredtiger: no verb '$1' here: WiredTiger is embedded in the client (no server to start, stop or ask);" \
    "verbs: $(server_supported)" >&2
  exit 2
}

cmd_setup() {
  if [ ! -f "$WT_JAR" ] || [ ! -e "$WT_JNI" ] || ! command -v wt >/dev/null; then
    say "installing Debian's libwiredtiger0, libwiredtiger-java and wiredtiger"
    apt_install libwiredtiger0 libwiredtiger-java wiredtiger
  fi
  [ -f "$WT_JAR" ] && [ -e "$WT_JNI" ] || die "Debian's packages do not hold $WT_JAR and $WT_JNI"
  mkdir -p "$WT_LIB"
  if [ "$(readlink "$WT_LIB/libwiredtiger_java.so" 2>/dev/null || true)" != "$WT_JNI" ]; then
    ln -sfn "$WT_JNI" "$WT_LIB/libwiredtiger_java.so"
  fi
  say "ready: $WT_JAR, $WT_LIB/libwiredtiger_java.so -> $WT_JNI"
}

cmd_datadir() { print_datadirs "$SCIYCSB_WORK/wiredtiger/data"; }

server_main "$@"
