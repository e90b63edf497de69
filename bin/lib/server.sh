# shellcheck shell=bash
# bin/lib/server.sh: what every test server script (<module>/server/<name>.sh, driven by bin/servers) shares, so
# that a store's script holds only what is particular to it. Sourced, not run. A script is:
#
#   set -euo pipefail
#   . "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
#   server_init <name>                 # SERVER_NAME (<name>[@instance]), SERVER_STATE, SCIYCSB_HOME, SCIYCSB_WORK
#   cmd_start() { ...; }               # one function per verb it supports ("-" in a verb is "_": cmd_stop_node)
#   server_main "$@"
#
# The verbs, the one naming bin/servers and every script use (bin/servers passes these and no other):
#   setup        install or build what the server needs (idempotent)
#   start [...]  start it, with the script's own arguments (e.g. --nodes N); returns once it answers
#   stop         stop it (TERM, then KILL after a deadline); "not running" is no error
#   status       one line on stdout; exit 0 when it runs and answers, else 1
#   url          the address a client uses, on stdout (with the test credentials where the server needs them)
#   pids         the PIDs of its processes, one a line (for -p resources.pids=servers:<name>); exit 1 when not running
#   datadir      the folders it keeps its data in (every node's), one a line, whether it runs or not (for
#                -p storage.path=servers:<name>: the block devices under them are sampled); exit 1 when there are none
#   nodes        the node count of a running cluster (what kill-node faults check first); exit 1 when not running
#   kill [...]   SIGKILL (a crash, for fault tests); "start" brings it back, data kept
#   kill-node N [M...]     kill nodes N, M... of a running cluster at once (a crash: what a run's
#                          fault.action=kill-node:N,M runs); how is the store's business (cassandra, hdfs)
#   restore-node N [M...]  bring those nodes back, data kept; returns once they serve again
#   pause-node N [M...]    freeze nodes N, M... (SIGSTOP: the process keeps its sockets and memory and answers
#                          nothing, as a node in a long GC pause or behind a partition; fault.action=pause-node:N)
#   resume-node N [M...]   let them go on (SIGCONT); returns once they serve again (cassandra)
# and the extras of single stores: stop-node N, start-node N, nodetool N ARGS, topology (cassandra), clean
# (cassandra, mongo-standin: delete the data). A verb a script does not define is one line naming those it does, exit 2.
#
# State, data, logs and pid files live under $SERVER_STATE = $SCIYCSB_WORK/servers/<name>[@instance]
# (SCIYCSB_SERVER_INSTANCE, set by bin/servers for <name>@<instance>). Servers bind to 127.0.0.1 only.

SERVER_VERBS=(setup start stop status url pids datadir nodes kill kill-node restore-node pause-node resume-node)
SERVER_EXTRA_VERBS=(stop-node start-node nodetool topology clean)

SCIYCSB_HOME="${SCIYCSB_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
SCIYCSB_WORK="${SCIYCSB_WORK:-$SCIYCSB_HOME/work}"
# shellcheck source=java.sh
. "$SCIYCSB_HOME/bin/lib/java.sh"
# shellcheck source=size.sh
. "$SCIYCSB_HOME/bin/lib/size.sh"

# every verb, one a line
server_verbs() { printf '%s\n' "${SERVER_VERBS[@]}" "${SERVER_EXTRA_VERBS[@]}"; }

# server_is_verb <word>: exit 0 when it is one of them
server_is_verb() {
  local v
  for v in "${SERVER_VERBS[@]}" "${SERVER_EXTRA_VERBS[@]}"; do [ "$v" != "$1" ] || return 0; done
  return 1
}

server_init() {
  SERVER_NAME="$1${SCIYCSB_SERVER_INSTANCE:+@$SCIYCSB_SERVER_INSTANCE}"
  SERVER_STATE="$SCIYCSB_WORK/servers/$SERVER_NAME"
}

# ---------------------------------------------------------------------------------------------------- messages

say() { echo "${SERVER_NAME:-server}: $*" >&2; }    # progress, on stderr
tell() { echo "${SERVER_NAME:-server}: $*"; }       # an answer (status), on stdout
die() { say "$*"; exit 1; }

# ---------------------------------------------------------------------------------------------------- dispatch

# the verbs this script defines, space-separated
server_supported() {
  local v out=()
  while read -r v; do
    if declare -F "cmd_${v//-/_}" >/dev/null; then out+=("$v"); fi
  done < <(server_verbs)
  echo "${out[*]}"
}

# called for a verb the script does not define; a script may define its own (riak: no server at all)
server_unsupported() {
  echo "${SERVER_NAME:-server}: no verb '$1' here (verbs: $(server_supported))" >&2
  exit 2
}

# server_unshipped <product> <hosts variable>: for a store no package registry ships (riak, sequoiadb). Every verb
# is one line saying so and how to test against one's own server, exit 2; "url" prints the hosts variable when it
# is set (a server of the user's).
server_unshipped() {
  SERVER_PRODUCT="$1"
  SERVER_HOSTS_VAR="$2"
  server_unsupported() {
    local n="${SERVER_NAME%%@*}"
    echo "$n server: no package registry ships $SERVER_PRODUCT, so bin/servers cannot set one up; test against your own: bin/test --server $n=HOST:PORT" >&2
    exit 2
  }
  cmd_url() { [ -n "${!SERVER_HOSTS_VAR:-}" ] || server_unsupported; echo "${!SERVER_HOSTS_VAR}"; }
}

server_main() {
  local verb="${1:-}"
  [ $# -eq 0 ] || shift
  # --verbs: the verbs this script defines (for bin/servers list VERB), not a verb itself
  if [ "$verb" = --verbs ]; then server_supported; return 0; fi
  # --memory-min: the smallest start --memory, and the smallest that serves 32 client threads, in bytes
  # (bin/servers memory-min NAME)
  if [ "$verb" = --memory-min ]; then
    [ -n "${SERVER_MEMCAP_MIN:-}" ] || memcap_bad "start --memory is not supported for ${SERVER_NAME%%@*} (supported by: postgres, mongodb, cassandra)"
    echo "$SERVER_MEMCAP_MIN ${SERVER_MEMCAP_SERVE:-$SERVER_MEMCAP_MIN}"; return 0
  fi
  if [ "$verb" = start ] && [ -z "${SERVER_MEMCAP_MIN:-}" ]; then
    local a
    for a in "$@"; do
      case "$a" in
        --device|--memory) memcap_bad "start $a is not supported for ${SERVER_NAME%%@*} (supported by: postgres, mongodb, cassandra)" ;;
      esac
    done
  fi
  if server_is_verb "$verb" && declare -F "cmd_${verb//-/_}" >/dev/null; then
    "cmd_${verb//-/_}" "$@"
  else
    server_unsupported "$verb"
  fi
}

# print_datadirs <folder...>: the "datadir" answer: the folders that exist, one a line; exit 1 with one line when
# none does (the server was never started here)
print_datadirs() {
  local d found=0
  for d in "$@"; do
    if [ -d "$d" ]; then echo "$d"; found=1; fi
  done
  [ "$found" = 1 ] || die "no data folder yet ($*): start the server once"
}

# ---------------------------------------------------------------------------------------------------- pid files

pid_write() { mkdir -p "$(dirname "$1")"; echo "$2" >"$1"; }   # pid_write <file> <pid>

# pid_read <file>: the PID the file names; exit 1 when there is no file or it is empty
pid_read() {
  local pid
  pid="$(cat "$1" 2>/dev/null || true)"
  [ -n "$pid" ] && echo "$pid"
}

# pid_alive <file> [comm glob]: exit 0 when the file names a live process (of that name, if given)
pid_alive() {
  local pid
  pid="$(pid_read "$1")" && kill -0 "$pid" 2>/dev/null || return 1
  # shellcheck disable=SC2053
  [ -z "${2:-}" ] || [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == $2 ]]
}

# stop_pid <pid> <seconds> [signal]: the signal (TERM), then KILL when the process still runs after that long;
# returns once it is gone
stop_pid() {
  kill "-${3:-TERM}" "$1" 2>/dev/null || return 0
  if ! wait_gone "$1" "$2"; then
    kill -KILL "$1" 2>/dev/null || true
    wait_gone "$1" 10 || true
  fi
}

# wait_gone <pid> <seconds>: exit 0 once the process is gone, 1 when it still runs after that long
wait_gone() {
  local deadline=$((SECONDS + $2))
  while kill -0 "$1" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}

# stop_pidfile <file> <seconds> [comm glob]: stops the process the file names (stop_pid) and removes the file;
# exit 1 when no such process ran
stop_pidfile() {
  local rc=0
  if pid_alive "$1" "${3:-}"; then stop_pid "$(pid_read "$1")" "$2"; else rc=1; fi
  rm -f "$1"
  return "$rc"
}

# ---------------------------------------------------------------------------------------------------- waiting

# wait_until <seconds> <what> <command...>: runs the command every WAIT_POLL seconds (0.5) until it succeeds;
# after the deadline one line, "<name>: gave up waiting for <what> after N s", and exit status 1. The command runs
# in this shell, so it may die (a process that exited) instead of answering no.
wait_until() {
  local secs="$1" what="$2" deadline=$((SECONDS + $1))
  shift 2
  until "$@"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      say "gave up waiting for $what after $secs s"
      return 1
    fi
    sleep "${WAIT_POLL:-0.5}"
  done
}

# port_open <host> <port>: exit 0 when something accepts a TCP connection there (within 2 s)
port_open() { timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null; }

# wait_for_port <host> <port> <seconds>
wait_for_port() { wait_until "$3" "$1:$2 to accept connections" port_open "$1" "$2"; }

# ---------------------------------------------------------------------------------------------------- installing

# apt_install <package...>: Debian packages (as root, else with sudo), apt-get update only when a first try fails;
# output in $SERVER_STATE/setup.log, a failure is its tail and one line
apt_install() {
  command -v apt-get >/dev/null || die "apt-get is missing: install $* yourself"
  local sudo="" log="$SERVER_STATE/setup.log"
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  mkdir -p "$SERVER_STATE"
  export DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1
  if ! $sudo apt-get install -y -q --no-install-recommends "$@" >>"$log" 2>&1; then
    $sudo apt-get update -q >>"$log" 2>&1 || true
    $sudo apt-get install -y -q --no-install-recommends "$@" >>"$log" 2>&1 || {
      tail -20 "$log" >&2; die "apt-get install $* failed (log: $log)"; }
  fi
}

# shellcheck disable=SC2034  # JAVA is the scripts'
# need_java17: sets JAVA to a Java 17 (find_java 17), installing Debian's openjdk-17-jdk-headless when there is none
need_java17() {
  JAVA="$(find_java 17)" && return 0
  say "no JDK 17: installing Debian's openjdk-17-jdk-headless"
  apt_install openjdk-17-jdk-headless
  JAVA="$(find_java 17)" || die "no JDK 17 after installing openjdk-17-jdk-headless"
}

# need_mvn: Maven, installed from Debian when missing
need_mvn() { command -v mvn >/dev/null || apt_install maven; }

# ---------------------------------------------------------------------------------------------------- device and memory cap

# "start --device DEV --memory SIZE" (docs/devices.md, "Memory caps"): the server's data on an emulated device
# (bin/servers device create DEV ...), its processes in a cgroup v1 memory cgroup,
# /sys/fs/cgroup/memory/sciycsb/<name>[@instance], whose memory.limit_in_bytes (and memory.memsw.limit_in_bytes,
# when the kernel has it: the same figure, so swap cannot take what the cap leaves out) is SIZE. The page cache of
# what the server reads and writes is charged to that cgroup. A script that supports it sets SERVER_MEMCAP_MIN (the
# smallest cap, in bytes, it starts with) before server_main, calls memcap_parse "$@" in cmd_start, runs its
# processes with memcap_exec and calls memcap_release in cmd_stop once they are gone. Any other script refuses
# --device/--memory in one line, exit 2 (server_main).
MEMCAP_CGROOT="${SCIYCSB_MEMCAP_CGROOT:-/sys/fs/cgroup/memory/sciycsb}"
MEMCAP_DEVICE=""        # the device's name, or empty
MEMCAP_MNT=""           # its mount point
MEMCAP_BYTES=""         # the cap, or empty
MEMCAP_ARGS=()          # the start arguments that are not --device/--memory

memcap_bad() { echo "${SERVER_NAME:-server}: $*" >&2; exit 2; }

memcap_cgroup() { echo "$MEMCAP_CGROOT/$SERVER_NAME"; }

# memcap_parse ARGS...: takes --device DEV and --memory SIZE out of the start arguments (the rest in MEMCAP_ARGS);
# bad input is one line, exit 2, before anything is made
memcap_parse() {
  MEMCAP_ARGS=()
  local dev="" mem=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --device) [ $# -ge 2 ] && [ -n "$2" ] || memcap_bad "--device needs a device name (bin/servers device list)"; dev="$2"; shift 2 ;;
      --memory) [ $# -ge 2 ] && [ -n "$2" ] || memcap_bad "--memory needs a size (e.g. 256m, 1g)"; mem="$2"; shift 2 ;;
      *) MEMCAP_ARGS+=("$1"); shift ;;
    esac
  done
  # neither given: what the state folder records from the last start with them, which no stop has cleared since
  # (a server the cap's OOM killer or a kill ended comes back the same way: same device, same cap)
  if [ -z "$dev$mem" ]; then
    if [ -f "$SERVER_STATE/device" ]; then dev="$(awk '{print $1}' "$SERVER_STATE/device")"; fi
    if [ -f "$SERVER_STATE/memory" ]; then mem="$(awk '{print $1}' "$SERVER_STATE/memory")"; fi
    if [ -n "$dev$mem" ]; then
      say "as it last ran:${dev:+ device $dev}${mem:+ memory $(numfmt --to=iec "$mem")} (bin/servers stop ${SERVER_NAME} forgets it)"
    fi
  fi
  if [ -n "$dev" ]; then
    [[ "$dev" =~ ^[A-Za-z0-9_-]+$ ]] || memcap_bad "bad device name '$dev'"
    local ddir="$SCIYCSB_WORK/devices/$dev"
    [ -f "$ddir/size" ] || memcap_bad "no device '$dev' (bin/servers device list; bin/servers device create $dev --profile hdd --size 1G)"
    awk -v p="$ddir/mnt" '$2 == p { f = 1 } END { exit !f }' /proc/mounts ||
      memcap_bad "device '$dev' is not mounted ($ddir/mnt): remove it and create it again"
    MEMCAP_DEVICE="$dev"
    MEMCAP_MNT="$ddir/mnt"
  fi
  if [ -n "$mem" ]; then
    MEMCAP_BYTES="$(size_bytes "$mem")" || memcap_bad "bad memory size '$mem' ($SIZE_FORMS)"
    [ "$MEMCAP_BYTES" -ge "${SERVER_MEMCAP_MIN:-0}" ] ||
      memcap_bad "--memory $mem is below what ${SERVER_NAME%%@*} needs to start, $(numfmt --to=iec "$SERVER_MEMCAP_MIN")"
    [ "$(id -u)" -eq 0 ] || memcap_bad "--memory needs root (cgroup v1 memory controller)"
    [ -w "$(dirname "$MEMCAP_CGROOT")/memory.limit_in_bytes" ] || [ -d "$MEMCAP_CGROOT" ] ||
      memcap_bad "--memory needs the cgroup v1 memory controller at $(dirname "$MEMCAP_CGROOT") (not found or not writable)"
  fi
}

# memcap_record: what the server runs with, in its state folder (device: name and mount point; memory: bytes and
# cgroup), and nothing for what it does not; a later start without the options starts it so again, until
# memcap_forget (stop)
memcap_record() {
  mkdir -p "$SERVER_STATE"
  if [ -n "$MEMCAP_DEVICE" ]; then printf '%s %s\n' "$MEMCAP_DEVICE" "$MEMCAP_MNT" >"$SERVER_STATE/device"; else rm -f "$SERVER_STATE/device"; fi
  if [ -n "$MEMCAP_BYTES" ]; then printf '%s %s\n' "$MEMCAP_BYTES" "$(memcap_cgroup)" >"$SERVER_STATE/memory"; else rm -f "$SERVER_STATE/memory"; fi
}

memcap_forget() { rm -f "$SERVER_STATE/device" "$SERVER_STATE/memory"; }

# memcap_cgroup_make: creates the cgroup with the cap (when --memory was given)
memcap_cgroup_make() {
  [ -n "$MEMCAP_BYTES" ] || return 0
  local cg; cg="$(memcap_cgroup)"
  mkdir -p "$cg"
  echo "$MEMCAP_BYTES" >"$cg/memory.limit_in_bytes"
  if [ -f "$cg/memory.memsw.limit_in_bytes" ]; then echo "$MEMCAP_BYTES" >"$cg/memory.memsw.limit_in_bytes"; fi
}

# memcap_exec CMD...: runs CMD (a command or a function of the script) in the cgroup when there is a cap, so that
# every process it starts is in it; else as it is
memcap_exec() {
  if [ -n "$MEMCAP_BYTES" ]; then
    ( echo "$BASHPID" >"$(memcap_cgroup)/cgroup.procs" && "$@" )
  else
    "$@"
  fi
}

# memcap_procs_left CGROUP: exit 0 while a process is in the cgroup (cgroupfs files have size 0: test -s cannot tell)
memcap_procs_left() { [ -n "$(cat "$1/cgroup.procs" 2>/dev/null)" ]; }

# memcap_ours: exit 0 when this checkout's state folder records the cgroup as this server's (a start with --memory
# that no stop has forgotten). The cgroup's name holds the server's name, not the checkout: another checkout's server
# of the same name may have it, and a stop or a failed start here must leave that one alone.
memcap_ours() {
  [ -f "$SERVER_STATE/memory" ] && [ "$(awk '{print $2}' "$SERVER_STATE/memory")" = "$(memcap_cgroup)" ]
}

# memcap_release: removes this server's cgroup (memcap_ours) once no process is left in it (called by stop after
# the processes are gone, and by a start that failed); exit 1 with one line when processes remain after 10 s
memcap_release() {
  local cg; cg="$(memcap_cgroup)"
  [ -d "$cg" ] && memcap_ours || return 0
  local deadline=$((SECONDS + 10))
  while memcap_procs_left "$cg"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      say "cgroup $cg still has processes: $(tr '\n' ' ' <"$cg/cgroup.procs")"; return 1
    fi
    sleep 0.1
  done
  rmdir "$cg" 2>/dev/null || { sleep 0.5; rmdir "$cg"; } || { say "could not remove cgroup $cg"; return 1; }
  rmdir "$MEMCAP_CGROOT" 2>/dev/null || true   # the parent, when no other server has a cgroup there
}

# memcap_join / memcap_leave: this script's own shell into the cgroup (when there is a cap) and back to the memory
# cgroup it came from, for a script whose processes are started in the background by several steps (mongodb:
# initdb, pg_ctl, FerretDB): everything it starts in between inherits the cgroup
MEMCAP_FROM=""
memcap_join() {
  [ -n "$MEMCAP_BYTES" ] || return 0
  MEMCAP_FROM="$(awk -F: '$2 == "memory" {print $3}' /proc/$$/cgroup)"
  echo "$$" >"$(memcap_cgroup)/cgroup.procs"
}
memcap_leave() {
  [ -n "$MEMCAP_FROM" ] || return 0
  echo "$$" >"$(dirname "$MEMCAP_CGROOT")${MEMCAP_FROM%/}/cgroup.procs" 2>/dev/null ||
    echo "$$" >"$(dirname "$MEMCAP_CGROOT")/cgroup.procs"
  MEMCAP_FROM=""
}

# ---------------------------------------------------------------------------------------------------- client cgroups

# "bin/servers memcap create|exec|show|remove NAME ..." (docs/devices.md, "A client's own cap"): a memory cgroup of
# processes that are no server, /sys/fs/cgroup/memory/sciycsb/client/NAME, for a store embedded in its client (a
# study's --devices on wiredtiger or H2 runs each capped step's bin/ycsb in one). The cap covers what the server
# caps cover: anonymous memory (the JVM's heap and native memory, the store's cache) and the page cache of the
# files the processes read and write. One cgroup lives across several processes, as a server's across its runs: the
# page cache stays charged to it between them. create: one line, exit 2 when it exists or the cap is bad; exec:
# runs the command in it (exec: its exit code is the command's); show: key=value lines (limit, usage, peak,
# failcnt, oom_kills); remove: waits for its processes (10 s), reclaims its page cache (memory.force_empty: pages
# left charged to a removed cgroup stay cached, beyond any cap) and removes it, printing show's line.
memcap_client_dir() {
  [[ "${1:-}" =~ ^[A-Za-z0-9@_.-]+$ ]] || { echo "bin/servers memcap: bad cgroup name '${1:-}'" >&2; exit 2; }
  echo "$MEMCAP_CGROOT/client/$1"
}

memcap_client() {
  local sub="${1:-}" cg
  [ $# -ge 2 ] || { echo "usage: bin/servers memcap create NAME --memory SIZE | exec NAME [--] CMD... | show NAME | remove NAME" >&2; exit 2; }
  cg="$(memcap_client_dir "$2")"; shift 2
  case "$sub" in
    create)
      [ "${1:-}" = --memory ] && [ -n "${2:-}" ] || { echo "bin/servers memcap create: needs --memory SIZE" >&2; exit 2; }
      local bytes; bytes="$(size_bytes "$2")" || { echo "bin/servers memcap create: bad memory size '$2' ($SIZE_FORMS)" >&2; exit 2; }
      [ "$(id -u)" -eq 0 ] || { echo "bin/servers memcap create: needs root (cgroup v1 memory controller)" >&2; exit 2; }
      [ -w "$(dirname "$MEMCAP_CGROOT")/memory.limit_in_bytes" ] || [ -d "$MEMCAP_CGROOT" ] ||
        { echo "bin/servers memcap create: no writable cgroup v1 memory controller at $(dirname "$MEMCAP_CGROOT")" >&2; exit 2; }
      [ ! -d "$cg" ] || { echo "bin/servers memcap create: cgroup $cg exists (bin/servers memcap remove $(basename "$cg"))" >&2; exit 2; }
      mkdir -p "$cg"
      echo "$bytes" >"$cg/memory.limit_in_bytes"
      if [ -f "$cg/memory.memsw.limit_in_bytes" ]; then echo "$bytes" >"$cg/memory.memsw.limit_in_bytes"; fi
      echo "memcap: $cg capped at $(numfmt --to=iec "$bytes") ($bytes bytes, page cache included)" ;;
    exec)
      [ -d "$cg" ] || { echo "bin/servers memcap exec: no cgroup $cg (bin/servers memcap create first)" >&2; exit 2; }
      [ "${1:-}" != -- ] || shift
      [ $# -ge 1 ] || { echo "bin/servers memcap exec: needs a command" >&2; exit 2; }
      echo "$$" >"$cg/cgroup.procs"
      exec "$@" ;;
    show)
      [ -d "$cg" ] || { echo "bin/servers memcap show: no cgroup $cg" >&2; exit 2; }
      memcap_client_show "$cg" ;;
    remove)
      [ -d "$cg" ] || { echo "bin/servers memcap remove: no cgroup $cg" >&2; exit 2; }
      local deadline=$((SECONDS + 10)) line
      while memcap_procs_left "$cg"; do
        [ "$SECONDS" -lt "$deadline" ] || { echo "bin/servers memcap remove: cgroup $cg still has processes: $(tr '\n' ' ' <"$cg/cgroup.procs")" >&2; exit 1; }
        sleep 0.1
      done
      line="$(memcap_client_show "$cg" | paste -sd' ' -)"
      echo 0 >"$cg/memory.force_empty" 2>/dev/null || true
      rmdir "$cg" 2>/dev/null || { sleep 0.5; rmdir "$cg"; } || { echo "bin/servers memcap remove: could not remove $cg" >&2; exit 1; }
      rmdir "$MEMCAP_CGROOT/client" 2>/dev/null || true
      rmdir "$MEMCAP_CGROOT" 2>/dev/null || true
      echo "memcap: removed $cg: $line" ;;
    *) echo "bin/servers memcap: unknown verb '$sub' (create, exec, show, remove)" >&2; exit 2 ;;
  esac
}

# memcap_client_show CGROUP: its cap, usage, peak, failcnt and OOM kills, a key=value line each
memcap_client_show() {
  echo "limit=$(cat "$1/memory.limit_in_bytes")"
  echo "usage=$(cat "$1/memory.usage_in_bytes")"
  echo "peak=$(cat "$1/memory.max_usage_in_bytes")"
  echo "failcnt=$(cat "$1/memory.failcnt")"
  echo "oom_kills=$(awk '$1 == "oom_kill" {print $2}' "$1/memory.oom_control")"
}

# ---------------------------------------------------------------------------------------------------- page cache

# page_cache_drop DIR...: "bin/servers drop-cache DIR..." (docs/devices.md, "Memory caps"): writes out what is dirty
# and drops the page cache of every file under the folders, file by file (fsync, then posix_fadvise
# POSIX_FADV_DONTNEED: the rest of the host's cache stays), then one line on stdout: the files, their bytes, and what
# fincore counts cached of them before and after. cgroup v1 charges a cached page to the cgroup that first read or
# wrote it, and keeps it there after that cgroup is removed; a server started with a cap on files that another
# server (uncapped) left cached would read them from memory beyond its cap. Call it on a stopped server's folders
# (bin/servers datadir NAME while it runs names them). A folder that does not exist: one line, exit 2.
page_cache_drop() {
  local d
  for d in "$@"; do
    [ -d "$d" ] || { echo "bin/servers drop-cache: no folder $d" >&2; exit 2; }
  done
  local before after counted
  before="$(page_cache_resident "$@")"
  sync -f "$@" 2>/dev/null || sync
  command -v python3 >/dev/null || { echo "bin/servers drop-cache: python3 is needed (Debian package python3)" >&2; exit 2; }
  counted="$(python3 - "$@" <<'PY'
import os, stat, sys
n = size = 0
for top in sys.argv[1:]:
    for root, _, files in os.walk(top):
        for f in files:
            try:
                fd = os.open(os.path.join(root, f), os.O_RDONLY | os.O_NOFOLLOW)
            except OSError:
                continue
            try:
                st = os.fstat(fd)
                if stat.S_ISREG(st.st_mode):
                    os.fsync(fd)  # dirty pages are not dropped
                    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                    n += 1
                    size += st.st_size
            finally:
                os.close(fd)
print(n, size)
PY
)" || { echo "bin/servers drop-cache: dropping the page cache failed" >&2; exit 1; }
  after="$(page_cache_resident "$@")"
  echo "drop-cache: ${counted% *} files, $(numfmt --to=iec "${counted#* }") under $*: cached before ${before}, after ${after}"
}

# page_cache_resident DIR...: what of the files under the folders is in the page cache (fincore), as numfmt --to=iec
# prints it; "unknown" without fincore (util-linux)
page_cache_resident() {
  command -v fincore >/dev/null || { echo unknown; return 0; }
  local b
  b="$({ find "$@" -type f -print0 | xargs -0 -r fincore --bytes --noheadings --output RES 2>/dev/null || true; } |
    awk '{ s += $1 } END { printf "%d", s }')"
  numfmt --to=iec "${b:-0}"
}
