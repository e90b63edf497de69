#!/usr/bin/env bash
# MongoDB-wire test server for the mongodb binding: FerretDB 1.24.0 (from the Go module proxy) on its PostgreSQL
# backend, Debian's PostgreSQL 15, everything on 127.0.0.1. This is NOT MongoDB: label every figure measured against
# it "FerretDB 1.24 on PostgreSQL 15, NOT MongoDB", by default "with GIN indexes added behind its back" (below).
# Everything it uses comes from the package registries.
#
#   bin/servers setup  mongodb   install Debian's postgresql-15 and python3 when missing (apt-get), build FerretDB
#                                v1.24.0 from the Go module proxy once (cached under $SCIYCSB_WORK/cache/)
#   bin/servers start  mongodb   a PostgreSQL 15 cluster of its own (data under $SCIYCSB_WORK/servers/mongodb/pg,
#                                127.0.0.1:$SCIYCSB_MONGODB_PGPORT, database ferretdb), then FerretDB on
#                                127.0.0.1:$SCIYCSB_MONGODB_PORT with SCRAM authentication (FerretDB's
#                                --test-enable-new-auth: users live in FerretDB, created at its first start);
#                                returns once a client can log in. By default (SCIYCSB_MONGODB_INDEXES=gin) it
#                                adds GIN indexes behind FerretDB's back, with plan_cache_mode=force_custom_plan
#                                and autovacuum_naptime=5s, and leaves a note admin.sciycsb_server_changes that the
#                                binding records ("GIN twins" below); =off: FerretDB as shipped
#   bin/servers stop   mongodb   stop FerretDB and PostgreSQL (by PID)
#   bin/servers status mongodb   exit 0 when both run and a client can log in
#   bin/servers kill   mongodb   SIGKILL FerretDB and PostgreSQL (a crash, for fault tests); data is kept, "start"
#                                brings it back (PostgreSQL replays its WAL)
#   bin/servers url    mongodb   print the client URL, with the test user's credentials
#   bin/servers pids   mongodb   FerretDB's PID, then PostgreSQL's postmaster
#   bin/servers start  mongodb --device DEV --memory SIZE   (either or both; docs/devices.md, "Memory caps") the
#                                PostgreSQL cluster in work/devices/DEV/mnt/mongodb[@instance]/pg on the emulated
#                                device DEV; FerretDB and every PostgreSQL process in the cgroup v1 memory cgroup
#                                /sys/fs/cgroup/memory/sciycsb/mongodb[@instance] capped at SIZE (at least 64M),
#                                PostgreSQL's shared_buffers a quarter of SIZE; a later start (after kill) without
#                                the options starts it so again; stop removes the cgroup and forgets them
#
# Clients must authenticate, e.g.
#   mongodb://sciycsb:sciycsb-test-pw@127.0.0.1:27017/?authMechanism=SCRAM-SHA-256&authSource=admin
# (and user sciycsb_secret / password Mongo-s3cret-Qz4 for the secrets tests, e2e's SecretsIT). The password is
# not the user name: the engine masks a password wherever it appears in its output, and "sciycsb" is everywhere.
#
# Environment: SCIYCSB_MONGODB_PORT (FerretDB, default 27017), SCIYCSB_MONGODB_PGPORT (its PostgreSQL, default
# 5434 + (SCIYCSB_MONGODB_PORT - 27017): an instance on another FerretDB port gets its own PostgreSQL port, e.g.
# mongodb@fault on 27019 uses 5436), SCIYCSB_MONGODB_INDEXES (gin, default, or off), SCIYCSB_MONGODB_USER / SCIYCSB_MONGODB_PASSWORD (the user made at the first
# start, default sciycsb / sciycsb-test-pw), FERRETDB_VERSION (default v1.24.0), SCIYCSB_WORK,
# SCIYCSB_SERVER_INSTANCE (set by bin/servers for mongodb@<instance>: state under servers/mongodb@<instance>).
set -euo pipefail

# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
# shellcheck source=../../bin/lib/postgres-cluster.sh
. "$SCIYCSB_HOME/bin/lib/postgres-cluster.sh"   # as_postgres, socket_dir, cluster_dir, replaced_binary, ...
server_init mongodb
WORK="$SCIYCSB_WORK"
VERSION="${FERRETDB_VERSION:-v1.24.0}"
PORT="${SCIYCSB_MONGODB_PORT:-27017}"
HOST=127.0.0.1
USER_NAME="${SCIYCSB_MONGODB_USER:-sciycsb}"
USER_PW="${SCIYCSB_MONGODB_PASSWORD:-sciycsb-test-pw}"
PG_MAJOR=15
PGBIN="/usr/lib/postgresql/$PG_MAJOR/bin"
LABEL="FerretDB ${VERSION#v} on PostgreSQL $PG_MAJOR"

FERRET_CACHE="$WORK/cache/ferretdb-$VERSION"
BIN="$FERRET_CACHE/ferretdb"
SETUP_LOG="$WORK/cache/mongodb-setup.log"

STATE="$SERVER_STATE"
LOG="$STATE/ferretdb.log"
PIDFILE="$STATE/ferretdb.pid"
START_TIMEOUT="${SCIYCSB_MONGODB_START_TIMEOUT:-90}"

[[ "$PORT" =~ ^[0-9]+$ ]] || die "SCIYCSB_MONGODB_PORT must be a port number, not '$PORT'"
PGPORT_M="${SCIYCSB_MONGODB_PGPORT:-$((5434 + PORT - 27017))}"
[[ "$PGPORT_M" =~ ^[0-9]+$ ]] && [ "$PGPORT_M" -gt 1024 ] && [ "$PGPORT_M" -lt 65536 ] \
  || die "PostgreSQL port '$PGPORT_M' is not usable (derived from SCIYCSB_MONGODB_PORT=$PORT); set SCIYCSB_MONGODB_PGPORT"
[ "$PGPORT_M" != "$PORT" ] || die "SCIYCSB_MONGODB_PGPORT and SCIYCSB_MONGODB_PORT are both $PORT"

# The PostgreSQL cluster belongs to the postgres OS user when this runs as root. PGDIR is $STATE/pg unless that
# user cannot enter it (a checkout under /root): then a folder under /var/lib/postgresql, named in $STATE/pgdir.
PGDIR="$STATE/pg"
if [ -f "$STATE/pgdir" ]; then PGDIR="$(cat "$STATE/pgdir")"; fi
# on an emulated device (start --device): the cluster lives there, named in $STATE/device ("DEV MOUNT-POINT")
if [ -f "$STATE/device" ]; then PGDIR="$(awk '{print $2}' "$STATE/device")/$SERVER_NAME/pg"; fi
PGDATA_M="$PGDIR/data"
PGLOG="$PGDIR/postgres.log"
# the smallest --memory cap (measured 2026-11-27, FerretDB 1.24 and PostgreSQL 15 with shared_buffers at a quarter
# of the cap: 32M is OOM-killed while starting, 48M starts an existing cluster (peak 35M), 64M a new one); the
# variable: for tests of a start that fails
# shellcheck disable=SC2034  # read by bin/lib/server.sh
SERVER_MEMCAP_MIN="${SCIYCSB_MONGODB_MEMCAP_MIN:-$((64 * 1024 * 1024))}"
# the smallest cap that serves 32 client threads (what a study's --devices / --memory-ratio raise a cap to; measured
# 2026-11-27 on an emulated SSD: at 128M a 32-thread load of 2,000 records thrashes (31,000 major faults, no progress
# in 90 s); at 256M it loads them and runs 3,000 workload A operations, peak 171 MB, memory.failcnt 0)
SERVER_MEMCAP_SERVE=$((256 * 1024 * 1024))
PG_EXTRA_OPTS=""

# ---------------------------------------------------------------------------------------------------------------
# setup

# runs one setup step with its output in the setup log; a failure is one line naming the step
step() {
  local name="$1"; shift
  echo "=== $(date '+%F %T') $name: $*" >>"$SETUP_LOG"
  if ! "$@" >>"$SETUP_LOG" 2>&1; then
    die "setup failed at step '$name'; log: $SETUP_LOG"
  fi
}

APT_PACKAGES=(postgresql-15 postgresql-client-15 python3)

missing_packages() {
  local p
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || echo "$p"
  done
}

ensure_go() {
  command -v go >/dev/null && return 0
  if [ -x /usr/local/go/bin/go ]; then
    export PATH="/usr/local/go/bin:$PATH"
    return 0
  fi
  say "Go not found, installing golang-go with apt-get"
  apt_install golang-go
}

ferretdb_build() {
  local tmp="$1" module=github.com/FerretDB/FerretDB
  export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0
  # 'go install ...@version' needs the proxy's version list, which is refused on some networks (403):
  # requiring the exact version from a throwaway module only fetches that version
  mkdir -p "$tmp/req"
  cat >"$tmp/req/go.mod" <<EOF
module sciycsb.local/ferretdbfetch

go 1.21

require $module $VERSION
EOF
  (cd "$tmp/req" && go mod download "$module")
  local src
  src="$(cd "$tmp/req" && go list -m -f '{{.Dir}}' "$module" 2>/dev/null || true)"
  if [ -z "$src" ] || [ ! -d "$src" ]; then
    src="$(go env GOMODCACHE)/github.com/!ferret!d!b/!ferret!d!b@$VERSION"
  fi
  [ -d "$src" ] || { echo "module source not found after download: $src"; return 1; }
  cp -r "$src" "$tmp/src"
  chmod -R u+w "$tmp/src"
  # without a version file the binary panics at start
  mkdir -p "$tmp/src/build/version"
  echo "$VERSION" >"$tmp/src/build/version/version.txt"
  # -buildvcs=false: the build folder is under the checkout, whose commit would become FerretDB's gitVersion
  (cd "$tmp/src" && go build -trimpath -buildvcs=false -o "$tmp/ferretdb" ./cmd/ferretdb)
}

setup_ferretdb() {
  if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
    say "FerretDB $VERSION already built: $BIN"
    return 0
  fi
  ensure_go
  mkdir -p "$FERRET_CACHE"
  BUILD_TMP="$(mktemp -d "$FERRET_CACHE/build.XXXXXX")"
  trap 'chmod -R u+w "$BUILD_TMP" 2>/dev/null; rm -rf "$BUILD_TMP"' EXIT
  say "building FerretDB $VERSION from the Go module proxy (about a minute)"
  step "ferretdb build" ferretdb_build "$BUILD_TMP"
  mv "$BUILD_TMP/ferretdb" "$BIN"
  "$BIN" --version >/dev/null 2>&1 || die "setup failed at step 'ferretdb check': $BIN --version fails"
  say "built $BIN"
}

cmd_setup() {
  mkdir -p "$WORK/cache"
  local missing
  missing="$(missing_packages | tr '\n' ' ')"
  if [ -n "${missing// /}" ]; then
    [ "$(id -u)" = 0 ] || die "setup needs root to install Debian packages: $missing"
    say "installing Debian packages (apt-get): $missing"
    no_main_cluster
    # shellcheck disable=SC2086
    apt_install $missing
  fi
  [ -x "$PGBIN/initdb" ] || die "setup failed at step 'postgresql': $PGBIN/initdb not found"
  setup_ferretdb
  say "ready: $LABEL (setup log: $SETUP_LOG)"
}

# ---------------------------------------------------------------------------------------------------------------
# the client side: an unauthenticated hello, a SCRAM-SHA-256 login followed by a listCollections, and a user made
# by the logged-in test user

probe() { # hello | login | adduser <name> <password> | note <id> <text> | unnote <id>
  python3 - "$1" "$HOST" "$PORT" "$USER_NAME" "$USER_PW" "${2:-}" "${3:-}" <<'EOF' 2>/dev/null
import base64, hashlib, hmac, os, socket, struct, sys
mode, host, port, user, pw = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
new_user, new_pw = sys.argv[6], sys.argv[7]

def cstr(s): return s.encode() + b"\0"
def enc(doc):
    out = b""
    for k, v in doc.items():
        if isinstance(v, bool): out += b"\x08" + cstr(k) + (b"\x01" if v else b"\x00")
        elif isinstance(v, int): out += b"\x10" + cstr(k) + struct.pack("<i", v)
        elif isinstance(v, str):
            b = v.encode(); out += b"\x02" + cstr(k) + struct.pack("<i", len(b) + 1) + b + b"\0"
        elif isinstance(v, bytes): out += b"\x05" + cstr(k) + struct.pack("<i", len(v)) + b"\x00" + v
        elif isinstance(v, dict): out += b"\x03" + cstr(k) + enc(v)
        elif isinstance(v, list): out += b"\x04" + cstr(k) + enc({str(i): x for i, x in enumerate(v)})
    return struct.pack("<i", len(out) + 5) + out + b"\0"
def dec(b, i=0):
    n = struct.unpack_from("<i", b, i)[0]; end = i + n - 1; i += 4; d = {}
    while i < end:
        t = b[i]; i += 1
        j = b.index(b"\0", i); k = b[i:j].decode(); i = j + 1
        if t == 1: d[k] = struct.unpack_from("<d", b, i)[0]; i += 8
        elif t in (2, 13, 14):
            m = struct.unpack_from("<i", b, i)[0]; d[k] = b[i + 4:i + 3 + m].decode("utf-8", "replace"); i += 4 + m
        elif t in (3, 4): m = struct.unpack_from("<i", b, i)[0]; d[k] = dec(b, i); i += m
        elif t == 5: m = struct.unpack_from("<i", b, i)[0]; d[k] = b[i + 5:i + 5 + m]; i += 5 + m
        elif t == 7: i += 12
        elif t == 8: d[k] = b[i] == 1; i += 1
        elif t in (9, 17, 18): d[k] = struct.unpack_from("<q", b, i)[0]; i += 8
        elif t in (10, 6, 127, 255): d[k] = None
        elif t == 16: d[k] = struct.unpack_from("<i", b, i)[0]; i += 4
        elif t == 19: i += 16
        else: raise ValueError("bson type %d" % t)
    return d

s = socket.create_connection((host, port), timeout=3)
s.settimeout(10)
rid = [0]
def cmd(doc):
    rid[0] += 1
    body = struct.pack("<I", 0) + b"\x00" + enc(doc)
    s.sendall(struct.pack("<iiii", 16 + len(body), rid[0], 0, 2013) + body)
    hdr = b""
    while len(hdr) < 16:
        c = s.recv(16 - len(hdr))
        if not c: raise EOFError
        hdr += c
    n, _, _, op = struct.unpack("<iiii", hdr)
    rest = b""
    while len(rest) < n - 16:
        c = s.recv(n - 16 - len(rest))
        if not c: raise EOFError
        rest += c
    if op != 2013: raise ValueError("opcode %d" % op)
    return dec(rest, 5)

try:
    if mode == "hello":
        sys.exit(0 if cmd({"hello": 1, "$db": "admin"}).get("ok") == 1 else 1)
    nonce = base64.b64encode(os.urandom(24)).decode()
    bare = "n=" + user.replace("=", "=3D").replace(",", "=2C") + ",r=" + nonce
    r = cmd({"saslStart": 1, "mechanism": "SCRAM-SHA-256", "payload": ("n,," + bare).encode(),
             "autoAuthorize": 1, "$db": "admin"})
    if r.get("ok") != 1:
        print(r.get("errmsg", r), file=sys.stderr); sys.exit(1)
    first = r["payload"].decode()
    f = dict(p.split("=", 1) for p in first.split(","))
    if not f["r"].startswith(nonce): sys.exit(1)
    salted = hashlib.pbkdf2_hmac("sha256", pw.encode(), base64.b64decode(f["s"]), int(f["i"]))
    ckey = hmac.new(salted, b"Client Key", hashlib.sha256).digest()
    without = "c=biws,r=" + f["r"]
    auth = (bare + "," + first + "," + without).encode()
    sig = hmac.new(hashlib.sha256(ckey).digest(), auth, hashlib.sha256).digest()
    proof = base64.b64encode(bytes(a ^ b for a, b in zip(ckey, sig))).decode()
    r = cmd({"saslContinue": 1, "conversationId": r.get("conversationId", 1),
             "payload": (without + ",p=" + proof).encode(), "$db": "admin"})
    if r.get("ok") != 1:
        print(r.get("errmsg", r), file=sys.stderr); sys.exit(1)
    skey = hmac.new(salted, b"Server Key", hashlib.sha256).digest()
    expect = base64.b64encode(hmac.new(skey, auth, hashlib.sha256).digest()).decode()
    if r["payload"].decode() != "v=" + expect: sys.exit(1)
    if not r.get("done"):
        r = cmd({"saslContinue": 1, "conversationId": r.get("conversationId", 1), "payload": b"", "$db": "admin"})
        if r.get("ok") != 1: sys.exit(1)
    if mode == "note":  # the changes made behind FerretDB's back, for clients to read (the binding records them)
        r = cmd({"update": "sciycsb_server_changes", "updates": [{"q": {"_id": new_user},
                 "u": {"_id": new_user, "what": new_pw}, "upsert": True}], "$db": "admin"})
        sys.exit(0 if r.get("ok") == 1 else 1)
    if mode == "unnote":
        r = cmd({"delete": "sciycsb_server_changes", "deletes": [{"q": {"_id": new_user}, "limit": 0}], "$db": "admin"})
        sys.exit(0 if r.get("ok") == 1 else 1)
    if mode == "adduser":
        r = cmd({"createUser": new_user, "pwd": new_pw, "roles": [], "$db": "admin"})
        # 51003: the user already exists
        sys.exit(0 if r.get("ok") == 1 or r.get("code") == 51003 else 1)
    r = cmd({"listCollections": 1, "nameOnly": True, "$db": "admin"})
    sys.exit(0 if r.get("ok") == 1 else 1)
except SystemExit:
    raise
except Exception as e:
    print(e, file=sys.stderr)
    sys.exit(1)
EOF
}

answers() { probe hello; }
logs_in() { probe login; }

# ---------------------------------------------------------------------------------------------------------------
# PostgreSQL (as the postgres OS user when running as root, like jdbc-binding/server/postgres.sh)

pg_socket() { socket_dir "$PGDIR" "/tmp/sciycsb-mongodb-pg-$PGPORT_M"; }

pg_pid() {
  local pid
  pid="$(head -n 1 "$PGDATA_M/postmaster.pid" 2>/dev/null || true)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}

pg_running() {
  [ -f "$PGDATA_M/PG_VERSION" ] && as_postgres "$PGBIN/pg_ctl" status -D "$PGDATA_M" >/dev/null 2>&1
}

psql_admin() {
  as_postgres "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$(pg_socket)" -p "$PGPORT_M" -U postgres -d postgres "$@"
}

pg_init() {
  say "initdb into $PGDATA_M"
  rm -rf "$PGDATA_M"
  mkdir -p "$PGDATA_M"
  chmod 700 "$PGDATA_M"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGDATA_M"; fi
  # FerretDB connects over the Unix socket (trust); TCP is closed to everyone but scram-sha-256 logins
  as_postgres "$PGBIN/initdb" -D "$PGDATA_M" -U postgres -E UTF8 --locale=C --auth-local=trust \
    --auth-host=scram-sha-256 >"$PGDIR/initdb.log" 2>&1 || die "initdb failed; log: $PGDIR/initdb.log"
  cat >>"$PGDATA_M/postgresql.conf" <<EOF

# bin/servers mongodb: the backend of FerretDB
listen_addresses = '127.0.0.1'
max_connections = 300
shared_buffers = 256MB
EOF
}

pg_start() {
  id postgres >/dev/null 2>&1 || [ "$(id -u)" != 0 ] || die "the postgres OS user is missing: run 'bin/servers setup mongodb'"
  [ -x "$PGBIN/initdb" ] || die "PostgreSQL $PG_MAJOR is not installed: run 'bin/servers setup mongodb'"
  mkdir -p "$STATE"
  if [ -n "$MEMCAP_DEVICE" ]; then
    PGDIR="$MEMCAP_MNT/$SERVER_NAME/pg"
  else
    PGDIR="$STATE/pg"
    if [ -f "$STATE/pgdir" ]; then PGDIR="$(cat "$STATE/pgdir")"; fi
    PGDIR="$(cluster_dir "$STATE" "$PGDIR" sciycsb-mongodb "$SERVER_NAME")"
  fi
  PGDATA_M="$PGDIR/data"
  PGLOG="$PGDIR/postgres.log"
  local sock; sock="$(pg_socket)"
  mkdir -p "$PGDIR" "$sock"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGDIR" "$sock"; fi
  if pg_running; then
    say "PostgreSQL already running (pid $(pg_pid))"
  else
    [ -f "$PGDATA_M/PG_VERSION" ] || pg_init
    touch "$PGLOG"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGLOG"; fi
    say "starting PostgreSQL $PG_MAJOR on $HOST:$PGPORT_M, data in $PGDATA_M"
    as_postgres "$PGBIN/pg_ctl" start -D "$PGDATA_M" -l "$PGLOG" -w -t "$START_TIMEOUT" \
      -o "-c listen_addresses=$HOST -p $PGPORT_M -c unix_socket_directories=$sock$PG_EXTRA_OPTS" >/dev/null 2>&1 \
      || die "PostgreSQL did not start within ${START_TIMEOUT}s; log: $PGLOG"
  fi
  if [ "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = 'ferretdb'")" != "1" ]; then
    psql_admin -c "CREATE DATABASE ferretdb" >>"$PGLOG" 2>&1 || die "could not create the database ferretdb; log: $PGLOG"
  fi
  pg_indexes
}

# ---------------------------------------------------------------------------------------------------------------
# GIN twins (SCIYCSB_MONGODB_INDEXES=gin, the default): changes made behind FerretDB's back, before it connects.
# FerretDB 1.24 sends an equality {f: v} to PostgreSQL as _jsonb->$1 @> $2, which the btree index it creates on
# (_jsonb->'f') cannot serve: every read by _id, and the FHIR read by subject, scans the table. For each btree index
# FerretDB creates whose first key is _jsonb->'f' (the _id_ index of every collection, and e.g. the FHIR timeline's
# subject_1_effective_-1), an event trigger creates a twin sciycsb_gin_<oid of FerretDB's index> USING gin
# ((_jsonb->'f') jsonb_path_ops), which serves @>, and drops it with FerretDB's index; a start also twins the indexes
# already there. pgx (FerretDB's driver) prepares its statements and PostgreSQL would cache a generic plan, in
# which the field is the parameter $1 and no index matches: plan_cache_mode = force_custom_plan on the database
# ferretdb plans each query with its values. The planner takes the GIN index once the table has statistics (before
# that a table of a few thousand documents is cheaper to scan): autovacuum_naptime = 5s (PostgreSQL: 1 min) has a
# freshly loaded collection analyzed within seconds. FerretDB's listIndexes does not show the twins: start leaves a note
# on the server (admin.sciycsb_server_changes), which the mongodb binding records in its store details and label.
# SCIYCSB_MONGODB_INDEXES=off: FerretDB as shipped (the trigger, every twin, the setting and the note removed).

INDEXES="${SCIYCSB_MONGODB_INDEXES:-gin}"
case "$INDEXES" in gin|off) ;; *) die "SCIYCSB_MONGODB_INDEXES must be gin or off, not '$INDEXES'" ;; esac
NOTE_ID=postgresql-gin-indexes
NOTE_TEXT="bin/servers start mongodb (mongodb-binding/server/mongodb.sh) added to PostgreSQL, behind FerretDB's back: a GIN index (jsonb_path_ops) on _jsonb->'f' beside each index FerretDB made on f (_id_ of every collection, subject_1_effective_-1, ...), named sciycsb_gin_<oid>, which FerretDB's listIndexes does not show, plan_cache_mode=force_custom_plan on the database ferretdb and autovacuum_naptime=5s; SCIYCSB_MONGODB_INDEXES=off starts FerretDB as shipped"

psql_ferretdb() {
  as_postgres "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$(pg_socket)" -p "$PGPORT_M" -U postgres -d ferretdb "$@"
}

pg_indexes() {
  local sql
  if [ "$INDEXES" = gin ]; then sql="$(gin_twins_sql)"; else sql="$(gin_twins_off_sql)"; fi
  psql_ferretdb <<<"$sql" >>"$PGLOG" 2>&1 || die "could not set up the GIN indexes (SCIYCSB_MONGODB_INDEXES=$INDEXES); log: $PGLOG"
}

gin_twins_sql() {
  cat <<'SQL'
CREATE OR REPLACE FUNCTION public.sciycsb_gin_twin(idx oid) RETURNS void LANGUAGE plpgsql AS $f$
DECLARE tbl oid; am text; field text;
BEGIN
  SELECT i.indrelid, a.amname INTO tbl, am FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am a ON a.oid = c.relam JOIN pg_class t ON t.oid = i.indrelid
    WHERE i.indexrelid = idx AND t.relname NOT LIKE '\_ferretdb\_%';
  IF am IS DISTINCT FROM 'btree' THEN RETURN; END IF;
  field := substring(pg_get_indexdef(idx, 1, true) FROM '^\(?_jsonb -> ''([^'']+)''::text\)?$');
  IF field IS NULL THEN RETURN; END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %s USING gin ((_jsonb -> %L) jsonb_path_ops)',
    'sciycsb_gin_' || idx, tbl::regclass, field);
END $f$;
CREATE OR REPLACE FUNCTION public.sciycsb_gin_on_create() RETURNS event_trigger LANGUAGE plpgsql AS $f$
DECLARE r record;
BEGIN
  FOR r IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE object_type = 'index' LOOP
    PERFORM public.sciycsb_gin_twin(r.objid);
  END LOOP;
END $f$;
CREATE OR REPLACE FUNCTION public.sciycsb_gin_on_drop() RETURNS event_trigger LANGUAGE plpgsql AS $f$
DECLARE r record;
BEGIN
  FOR r IN SELECT objid, schema_name, object_name FROM pg_event_trigger_dropped_objects()
      WHERE object_type = 'index' AND object_name NOT LIKE 'sciycsb\_gin\_%' LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I.%I', r.schema_name, 'sciycsb_gin_' || r.objid);
  END LOOP;
END $f$;
DROP EVENT TRIGGER IF EXISTS sciycsb_gin_create;
DROP EVENT TRIGGER IF EXISTS sciycsb_gin_drop;
CREATE EVENT TRIGGER sciycsb_gin_create ON ddl_command_end WHEN TAG IN ('CREATE INDEX')
  EXECUTE FUNCTION public.sciycsb_gin_on_create();
CREATE EVENT TRIGGER sciycsb_gin_drop ON sql_drop WHEN TAG IN ('DROP INDEX')
  EXECUTE FUNCTION public.sciycsb_gin_on_drop();
SELECT public.sciycsb_gin_twin(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND c.relname NOT LIKE 'sciycsb\_gin\_%';
ALTER DATABASE ferretdb SET plan_cache_mode = force_custom_plan;
ALTER SYSTEM SET autovacuum_naptime = '5s';
SELECT pg_reload_conf();
SQL
}

gin_twins_off_sql() {
  cat <<'SQL'
DROP EVENT TRIGGER IF EXISTS sciycsb_gin_create;
DROP EVENT TRIGGER IF EXISTS sciycsb_gin_drop;
DO $d$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'i' AND c.relname LIKE 'sciycsb\_gin\_%' LOOP
    EXECUTE format('DROP INDEX %I.%I', r.nspname, r.relname);
  END LOOP;
END $d$;
DROP FUNCTION IF EXISTS public.sciycsb_gin_on_create();
DROP FUNCTION IF EXISTS public.sciycsb_gin_on_drop();
DROP FUNCTION IF EXISTS public.sciycsb_gin_twin(oid);
ALTER DATABASE ferretdb RESET plan_cache_mode;
ALTER SYSTEM RESET autovacuum_naptime;
SELECT pg_reload_conf();
SQL
}

# "gin: N twins" or "off" (what status and start say)
indexes_state() {
  if [ "$INDEXES" = off ]; then echo "indexes as shipped"; return; fi
  echo "GIN twins added behind FerretDB's back: $(psql_ferretdb -tAc "SELECT count(*) FROM pg_class WHERE relkind = 'i' AND relname LIKE 'sciycsb\_gin\_%'" 2>/dev/null || echo '?'), plan_cache_mode=force_custom_plan, autovacuum_naptime=5s"
}

pg_stop() {
  pg_running || return 0
  local pid; pid="$(pg_pid || true)"
  if ! as_postgres "$PGBIN/pg_ctl" stop -D "$PGDATA_M" -m fast -w -t 30 >/dev/null 2>&1; then
    if [ -n "$pid" ]; then
      say "pg_ctl stop failed; killing PostgreSQL pid $pid"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
}

# ---------------------------------------------------------------------------------------------------------------
# FerretDB

running_pid() { pid_alive "$PIDFILE" && pid_read "$PIDFILE"; }

urlencode() {
  local s="$1" out="" c i
  for ((i = 0; i < ${#s}; i++)); do
    c="${s:i:1}"
    case "$c" in
      [A-Za-z0-9._~-]) out+="$c" ;;
      *) out+="$(printf '%%%02X' "'$c")" ;;
    esac
  done
  echo "$out"
}

client_url() {
  echo "mongodb://$(urlencode "$USER_NAME"):$(urlencode "$USER_PW")@$HOST:$PORT/?authMechanism=SCRAM-SHA-256&authSource=admin"
}

ferretdb_start() {
  if answers; then
    die "port $HOST:$PORT already answers (another server?); set SCIYCSB_MONGODB_PORT"
  fi
  mkdir -p "$STATE/ferretdb-state"
  say "starting $LABEL on $HOST:$PORT"
  # the backend over PostgreSQL's Unix socket as its superuser (trust); clients log in to FerretDB with SCRAM as
  # the users FerretDB keeps, the first of them made at the first start (the password in the environment, not on
  # the command line)
  FERRETDB_SETUP_PASSWORD="$USER_PW" nohup "$BIN" --handler=postgresql \
    --postgresql-url="postgres://postgres@/ferretdb?host=$(pg_socket)&port=$PGPORT_M" \
    --test-enable-new-auth --setup-database=admin --setup-username="$USER_NAME" \
    --listen-addr="$HOST:$PORT" --debug-addr=- --state-dir="$STATE/ferretdb-state" --telemetry=disable \
    --log-level=warn >>"$LOG" 2>&1 </dev/null &
  pid_write "$PIDFILE" $!
}

# a client logs in; dies when FerretDB exited
ferretdb_up() {
  logs_in && return 0
  pid_alive "$PIDFILE" || die "FerretDB exited during start; log: $LOG"
  return 1
}

# a start with a cap that failed (the EXIT trap): one line, every process left in the cgroup killed, the cgroup
# removed, exit 1
memcap_start_failed() {
  local rc="$1" cg kills p
  [ "$rc" != 0 ] || return 0
  memcap_leave
  cg="$(memcap_cgroup)"
  kills="$(awk '$1 == "oom_kill" {print $2}' "$cg/memory.oom_control" 2>/dev/null || true)"
  for p in $(cat "$cg/cgroup.procs" 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
  memcap_release || true
  rm -f "$PIDFILE"
  # a killed postmaster stays a zombie until PID 1 reaps it: gone before a next start asks pg_ctl
  p="$(head -n 1 "$PGDATA_M/postmaster.pid" 2>/dev/null || true)"
  [ -z "$p" ] || wait_gone "$p" 10 || true
  if [ "${kills:-0}" -gt 0 ]; then
    say "did not start: the memory cap $(numfmt --to=iec "$MEMCAP_BYTES") is too small (its OOM killer killed $kills process(es); logs: $LOG, $PGLOG)"
  else
    say "did not start with the memory cap $(numfmt --to=iec "$MEMCAP_BYTES") (logs: $LOG, $PGLOG)"
  fi
  exit 1
}

cmd_start() {
  memcap_parse "$@"
  [ ${#MEMCAP_ARGS[@]} -eq 0 ] || memcap_bad "start: unknown argument '${MEMCAP_ARGS[0]}' (--device DEV, --memory SIZE)"
  if [ $# -gt 0 ] && [ -n "$MEMCAP_DEVICE$MEMCAP_BYTES" ] && { running_pid >/dev/null || pg_running; }; then
    memcap_bad "already running: stop it first to start it with --device/--memory"
  fi
  if pg_running && replaced_binary "$(pg_pid || true)"; then
    say "PostgreSQL's binary was replaced since it started (a package upgrade): restarting FerretDB and PostgreSQL"
    cmd_stop
  fi
  local pid
  if pid="$(running_pid)" && pg_running && logs_in; then
    say "already running: $LABEL, FerretDB pid $pid on $HOST:$PORT, PostgreSQL pid $(pg_pid) on $HOST:$PGPORT_M"
    return 0
  fi
  [ -x "$BIN" ] || die "FerretDB is not built: run 'bin/servers setup mongodb' first"
  if ! running_pid >/dev/null && ! pg_running; then
    mkdir -p "$STATE"
    memcap_record
    if [ -n "$MEMCAP_BYTES" ]; then
      PG_EXTRA_OPTS=" -c shared_buffers=$((MEMCAP_BYTES / 4 / 1024))kB"
      memcap_cgroup_make
      trap 'memcap_start_failed $?' EXIT
      memcap_join
    fi
  fi
  pg_start
  running_pid >/dev/null || ferretdb_start
  memcap_leave
  wait_until "$START_TIMEOUT" "a login to FerretDB on $HOST:$PORT as $USER_NAME (logs: $LOG, $PGLOG)" ferretdb_up || exit 1
  # a second user whose password appears nowhere else, for the secrets tests (it must never show in any output)
  probe adduser sciycsb_secret Mongo-s3cret-Qz4 || die "could not create the user sciycsb_secret; log: $LOG"
  if [ "$INDEXES" = gin ]; then
    probe note "$NOTE_ID" "$NOTE_TEXT" || die "could not leave the note admin.sciycsb_server_changes; log: $LOG"
  else
    probe unnote "$NOTE_ID" || die "could not remove the note admin.sciycsb_server_changes; log: $LOG"
  fi
  trap - EXIT
  say "PostgreSQL: $(indexes_state)"
  say "running: $LABEL, FerretDB pid $(pid_read "$PIDFILE") on $HOST:$PORT, PostgreSQL pid $(pg_pid) on $HOST:$PGPORT_M"
  say "client URL: $(client_url | sed 's#//\([^:]*\):[^@]*@#//\1:*****@#')   (bin/servers url mongodb)"
}

cmd_stop() {
  local pid ppid
  if pid="$(running_pid)"; then
    stop_pid "$pid" 10
    say "FerretDB stopped (pid $pid)"
  fi
  rm -f "$PIDFILE"
  if pg_running; then
    ppid="$(pg_pid || true)"
    pg_stop
    say "PostgreSQL stopped (pid $ppid)"
  fi
  memcap_release || exit 1
  memcap_forget
  say "stopped"
}

cmd_kill() {
  local pid ppid children
  if pid="$(running_pid)"; then
    stop_pid "$pid" 5 KILL
    say "FerretDB killed with SIGKILL (pid $pid)"
  fi
  rm -f "$PIDFILE"
  if ppid="$(pg_pid)"; then
    # the postmaster and its backends, as in a machine crash (the backends would notice the postmaster's death)
    children="$(ps -o pid= --ppid "$ppid" 2>/dev/null | tr '\n' ' ' || true)"
    # shellcheck disable=SC2086
    kill -9 $children 2>/dev/null || true
    stop_pid "$ppid" 5 KILL
    say "PostgreSQL killed with SIGKILL (pid $ppid and its backends $children); data kept in $PGDATA_M"
  fi
}

cmd_status() {
  local pid
  if pid="$(running_pid)" && pg_running && logs_in; then
    tell "$LABEL running, FerretDB pid $pid on $HOST:$PORT, PostgreSQL pid $(pg_pid) on $HOST:$PGPORT_M (data $PGDATA_M)"
    return 0
  fi
  if running_pid >/dev/null && pg_running; then
    tell "$LABEL runs (FerretDB pid $(running_pid), PostgreSQL pid $(pg_pid)) but $USER_NAME cannot log in on $HOST:$PORT; logs: $LOG, $PGLOG"
  else
    tell "$LABEL not running (FerretDB pid: $(running_pid || echo none), PostgreSQL pid: $(pg_pid || echo none))"
  fi
  return 1
}

cmd_url() { client_url; }
cmd_pids() { running_pid || die "FerretDB is not running"; pg_pid || true; }
# datadir: FerretDB keeps its data in its PostgreSQL cluster: that cluster's data folder
cmd_datadir() { print_datadirs "$PGDATA_M"; }
server_main "$@"
