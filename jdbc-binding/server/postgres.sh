#!/usr/bin/env bash
# PostgreSQL test server for the jdbc binding: bin/servers setup|start|stop|status|url|pids postgres
#
#   setup   installs Debian's postgresql package when no /usr/lib/postgresql/*/bin/initdb exists (needs root)
#   start   creates the cluster on first use (initdb as the postgres OS user) under
#           $SCIYCSB_WORK/servers/postgres/data, starts it on 127.0.0.1:$PGPORT_SCIYCSB (default 5433),
#           creates user ycsb / password ycsb / database ycsb (and user ycsb_secret / password Pg-s3cret-Wd9 for
#           the secrets tests), and returns once pg_isready answers; a running server whose binary a package
#           upgrade replaced since it started is restarted first (it could no longer load the new libraries)
#   stop    stops the server of that data folder (pg_ctl stop, which signals the postmaster pid; kill as fallback)
#   status  exit 0 when the server runs and answers
#   url     print the JDBC URL with the test user (jdbc:postgresql://127.0.0.1:5433/ycsb?user=ycsb&password=ycsb)
#   pids    the postmaster's PID
#   start --device DEV --memory SIZE  (either or both; docs/devices.md, "Memory caps") the cluster in
#           work/devices/DEV/mnt/<name>[@instance] on the emulated device DEV, every server process in the cgroup
#           v1 memory cgroup /sys/fs/cgroup/memory/sciycsb/<name>[@instance] capped at SIZE (page cache included;
#           at least 64M), with shared_buffers at a quarter of SIZE; recorded in the state folder (files device and
#           memory; a later start without the options starts it so again, e.g. after the cap's OOM killer
#           ended it); stop removes the cgroup and forgets the options.
#           A different instance: postgres@NAME with PGPORT_SCIYCSB=PORT.
#
# The JDBC URL is then jdbc:postgresql://127.0.0.1:5433/ycsb (db.user=ycsb, db.passwd=ycsb).
set -euo pipefail

# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
# shellcheck source=../../bin/lib/postgres-cluster.sh
. "$SCIYCSB_HOME/bin/lib/postgres-cluster.sh"   # as_postgres, socket_dir, first_blocked, cluster_dir, ...
server_init postgres
PORT="${PGPORT_SCIYCSB:-5433}"
STATE="$SERVER_STATE"
# PGDIR holds what the postgres OS user owns (data, log, socket): $STATE, unless that user cannot enter it
# (a checkout under /root): then a folder under /var/lib/postgresql, named in $STATE/pgdir
PGDIR="$STATE"
if [ -f "$STATE/pgdir" ]; then PGDIR="$(cat "$STATE/pgdir")"; fi
# on an emulated device (start --device): the cluster lives there, named in $STATE/device ("DEV MOUNT-POINT")
if [ -f "$STATE/device" ]; then PGDIR="$(awk '{print $2}' "$STATE/device")/$SERVER_NAME"; fi
DATA="$PGDIR/data"
LOG="$PGDIR/postgres.log"
START_TIMEOUT="${PG_START_TIMEOUT_SCIYCSB:-60}"
# the binding holds one connection per client thread: thread sweeps go up to 1000 (seed 003)
MAX_CONNECTIONS="${PG_MAX_CONNECTIONS_SCIYCSB:-1100}"
# the smallest --memory cap it starts with (measured 2026-11-27, PostgreSQL 15, 1100 connection slots and
# shared_buffers at a quarter of the cap: 48M and 32M are OOM-killed while starting, 64M starts with a peak of 51M)
# shellcheck disable=SC2034  # read by bin/lib/server.sh
SERVER_MEMCAP_MIN="${PG_MEMCAP_MIN_SCIYCSB:-$((64 * 1024 * 1024))}"   # the variable: for tests of a start that fails
# the smallest cap that serves 32 client threads (what a study's --devices / --memory-ratio raise a cap to; measured
# 2026-11-27, PostgreSQL 15: at 64M a 32-thread load's connections are OOM-killed; at 128M a 32-thread load passes
# on an emulated SSD, but on the emulated HDD the sandisk study's runs were OOM-killed (dirty pages wait on the slow
# device); at 256M the whole study passes on both)
SERVER_MEMCAP_SERVE=$((256 * 1024 * 1024))

pg_bin() {
  # the highest installed major version
  local best="" bestv=0 d v
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] || continue
    v="$(basename "$(dirname "$d")")"; v="${v%%.*}"
    if [ "$v" -gt "$bestv" ] 2>/dev/null; then best="$d"; bestv="$v"; fi
  done
  echo "$best"
}

pg_socket() { socket_dir "$PGDIR" "/tmp/sciycsb-postgres-$PORT"; }

cmd_setup() {
  if [ -n "$(pg_bin)" ]; then
    say "installed: $(pg_bin)/postgres ($("$(pg_bin)/postgres" --version))"
    return 0
  fi
  [ "$(id -u)" = 0 ] || die "setup needs root to run apt-get install postgresql"
  no_main_cluster
  say "installing Debian's postgresql package (apt-get)"
  apt_install postgresql postgresql-client
  [ -n "$(pg_bin)" ] || die "apt-get install postgresql did not provide /usr/lib/postgresql/*/bin/initdb"
  say "installed: $("$(pg_bin)/postgres" --version)"
}

is_running() {
  local bin; bin="$(pg_bin)"
  [ -n "$bin" ] && [ -f "$DATA/PG_VERSION" ] && as_postgres "$bin/pg_ctl" status -D "$DATA" >/dev/null 2>&1
}

running_pid() {
  head -n 1 "$DATA/postmaster.pid" 2>/dev/null || true
}

running_port() {
  sed -n 4p "$DATA/postmaster.pid" 2>/dev/null || true
}

ensure_users() { # user and database ycsb/ycsb, and the secrets tests' user, created once
  local bin="$1" sock; sock="$(pg_socket)"
  local psql=("$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$sock" -p "$PORT" -U postgres -d postgres)
  if [ "$(as_postgres "${psql[@]}" -tAc "SELECT 1 FROM pg_roles WHERE rolname = 'ycsb'")" != "1" ]; then
    as_postgres "${psql[@]}" -c "CREATE ROLE ycsb LOGIN PASSWORD 'ycsb'" >/dev/null
  fi
  if [ "$(as_postgres "${psql[@]}" -tAc "SELECT 1 FROM pg_database WHERE datname = 'ycsb'")" != "1" ]; then
    as_postgres "${psql[@]}" -c "CREATE DATABASE ycsb OWNER ycsb" >/dev/null
  fi
  # a second user whose password appears nowhere else, for the secrets tests (it must never show in any output)
  if [ "$(as_postgres "${psql[@]}" -tAc "SELECT 1 FROM pg_roles WHERE rolname = 'ycsb_secret'")" != "1" ]; then
    as_postgres "${psql[@]}" -c "CREATE ROLE ycsb_secret LOGIN PASSWORD 'Pg-s3cret-Wd9'" >/dev/null
    as_postgres "${psql[@]}" -d ycsb -c "GRANT ALL ON SCHEMA public TO ycsb_secret" >/dev/null
  fi
}

# a start with a cap that failed: every process left in the cgroup killed, the cgroup removed
memcap_undo() {
  local cg; cg="$(memcap_cgroup)"
  if [ -d "$cg" ] && memcap_ours; then   # not another checkout's postgres of the same name
    local p
    for p in $(cat "$cg/cgroup.procs" 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
    memcap_release || true
    # a killed postmaster leaves the cgroup as a zombie until PID 1 reaps it: gone before a next start asks pg_ctl
    local pm; pm="$(running_pid)"
    [ -z "$pm" ] || wait_gone "$pm" 10 || true
  fi
}

# the EXIT trap of a start with a cap: when it failed, one line (whether the cap's OOM killer struck), exit 1, and
# nothing left running (memcap_undo)
memcap_start_failed() {
  local rc="$1" cg kills
  [ "$rc" != 0 ] || return 0
  cg="$(memcap_cgroup)"
  kills="$(awk '$1 == "oom_kill" {print $2}' "$cg/memory.oom_control" 2>/dev/null || true)"
  memcap_undo
  if [ "${kills:-0}" -gt 0 ]; then
    say "did not start: the memory cap $(numfmt --to=iec "$MEMCAP_BYTES") is too small (its OOM killer killed $kills process(es); log: $LOG)"
  else
    say "did not start with the memory cap $(numfmt --to=iec "$MEMCAP_BYTES") (log: $LOG)"
  fi
  exit 1
}

cmd_start() {
  memcap_parse "$@"
  [ ${#MEMCAP_ARGS[@]} -eq 0 ] || memcap_bad "start: unknown argument '${MEMCAP_ARGS[0]}' (--device DEV, --memory SIZE)"
  local bin; bin="$(pg_bin)"
  [ -n "$bin" ] || die "PostgreSQL is not installed: run 'bin/servers setup postgres' first"
  id postgres >/dev/null 2>&1 || die "the postgres OS user is missing (it comes with Debian's postgresql package)"
  if is_running && replaced_binary "$(running_pid)"; then
    say "the running server's binary was replaced since it started (a package upgrade): restarting it"
    cmd_stop
  fi
  if is_running; then
    if [ -n "$MEMCAP_DEVICE$MEMCAP_BYTES" ] && [ "$*" != "" ]; then
      memcap_bad "already running (pid $(running_pid), data $DATA): stop it first to start it with --device/--memory"
    fi
    say "already running (pid $(running_pid), 127.0.0.1:$(running_port), data $DATA)"
    ensure_users "$bin"
    return 0
  fi
  mkdir -p "$STATE"
  if [ -n "$MEMCAP_BYTES" ]; then memcap_undo; fi   # a cgroup a crashed server of this checkout left
  memcap_record
  if [ -n "$MEMCAP_DEVICE" ]; then
    PGDIR="$MEMCAP_MNT/$SERVER_NAME"
  else
    PGDIR="$STATE"
    if [ -f "$STATE/pgdir" ]; then PGDIR="$(cat "$STATE/pgdir")"; fi
    PGDIR="$(cluster_dir "$STATE" "$PGDIR" sciycsb postgres)"
  fi
  local extra=""
  if [ -n "$MEMCAP_BYTES" ]; then
    extra=" -c shared_buffers=$((MEMCAP_BYTES / 4 / 1024))kB"
    memcap_cgroup_make
    trap 'memcap_start_failed $?' EXIT
  fi
  DATA="$PGDIR/data"
  LOG="$PGDIR/postgres.log"
  local sock; sock="$(pg_socket)"
  mkdir -p "$PGDIR" "$sock"
  local blocked; blocked="$(first_blocked "$PGDIR")"
  [ -z "$blocked" ] || die "the postgres OS user cannot enter $blocked (it needs o+x)"
  chown postgres:postgres "$PGDIR" "$sock"
  if [ ! -f "$DATA/PG_VERSION" ]; then
    say "initdb into $DATA"
    mkdir -p "$DATA"
    chown postgres:postgres "$DATA"
    chmod 700 "$DATA"
    local pwfile="$PGDIR/.pw"
    echo "postgres" > "$pwfile"
    chown postgres:postgres "$pwfile"
    memcap_exec as_postgres "$bin/initdb" -D "$DATA" -U postgres -E UTF8 --locale=C --auth-local=trust \
      --auth-host=scram-sha-256 --pwfile="$pwfile" >"$PGDIR/initdb.log" 2>&1 \
      || { rm -f "$pwfile"; die "initdb failed, see $PGDIR/initdb.log"; }
    rm -f "$pwfile"
  fi
  touch "$LOG"
  chown postgres:postgres "$LOG"
  say "starting on 127.0.0.1:$PORT${MEMCAP_DEVICE:+, data on device $MEMCAP_DEVICE}${MEMCAP_BYTES:+, memory capped at $(numfmt --to=iec "$MEMCAP_BYTES") (cgroup $(memcap_cgroup))}"
  local ctl_err=/dev/stderr
  [ -z "$MEMCAP_BYTES" ] || ctl_err="$PGDIR/pg_ctl.log"
  if ! memcap_exec as_postgres "$bin/pg_ctl" start -D "$DATA" -l "$LOG" -w -t "$START_TIMEOUT" \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$sock -c max_connections=$MAX_CONNECTIONS$extra" >/dev/null 2>"$ctl_err"; then
    [ -n "$MEMCAP_BYTES" ] && exit 1   # memcap_start_failed says it
    tail -n 20 "$LOG" >&2 || true
    die "did not start within ${START_TIMEOUT}s, see $LOG"
  fi
  wait_until "$START_TIMEOUT" "pg_isready on 127.0.0.1:$PORT (log: $LOG)" \
    "$bin/pg_isready" -q -h 127.0.0.1 -p "$PORT" || exit 1
  # with a cap, psql's errors when the cap killed the server go to a file: memcap_start_failed says it in one line
  if [ -n "$MEMCAP_BYTES" ]; then (ensure_users "$bin") 2>>"$PGDIR/start-users.log"; else ensure_users "$bin"; fi
  trap - EXIT
  say "running (pid $(running_pid)): jdbc:postgresql://127.0.0.1:$PORT/ycsb user ycsb password ycsb"
}

cmd_stop() {
  local bin; bin="$(pg_bin)"
  if ! is_running; then
    say "not running"
    memcap_undo
    memcap_forget
    return 0
  fi
  local pid; pid="$(running_pid)"
  say "stopping (pid $pid)"
  if ! as_postgres "$bin/pg_ctl" stop -D "$DATA" -m fast -w -t 30 >/dev/null; then
    say "pg_ctl stop failed; killing pid $pid"
    stop_pid "$pid" 10
  fi
  memcap_release || exit 1
  memcap_forget
  say "stopped"
}

cmd_status() {
  if is_running; then
    local port; port="$(running_port)"
    if "$(pg_bin)/pg_isready" -q -h 127.0.0.1 -p "$port"; then
      tell "running (pid $(running_pid), 127.0.0.1:$port, data $DATA)"
      return 0
    fi
    tell "process $(running_pid) exists but does not answer on 127.0.0.1:$port"
    return 1
  fi
  tell "not running"
  return 1
}

cmd_pids() {
  local pid; pid="$(running_pid)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || die "not running"
  echo "$pid"
}

cmd_url() { echo "jdbc:postgresql://127.0.0.1:$PORT/ycsb?user=ycsb&password=ycsb"; }

# datadir: the cluster's data folder (PGDATA)
cmd_datadir() { print_datadirs "$DATA"; }
server_main "$@"
