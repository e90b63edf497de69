# shellcheck shell=bash
# Shell functions shared by the server scripts that run a PostgreSQL cluster of their own under the work folder
# (jdbc-binding/server/postgres.sh, mongodb-binding/server/mongodb.sh). Sourced, not run.

# no 'main' cluster on port 5432 when Debian's postgresql package is installed: the scripts make their own clusters
no_main_cluster() {
  mkdir -p /etc/postgresql-common
  [ -e /etc/postgresql-common/createcluster.conf ] \
    || echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
}

# runs a command as the postgres OS user when we are root (PostgreSQL refuses to run as root), else as we are
as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

# socket_dir <cluster folder> <fallback>: the cluster's Unix socket folder, <cluster folder>/run when the socket's
# path stays under ~107 bytes, the fallback (a /tmp path) otherwise
socket_dir() {
  local d="$1/run"
  if [ $(( ${#d} + 20 )) -gt 100 ]; then
    d="$2"
  fi
  echo "$d"
}

# the first folder on the way to $1 that the postgres OS user cannot enter, or nothing (nothing when not root)
first_blocked() {
  [ "$(id -u)" = 0 ] || return 0
  local p="" part
  local IFS=/
  for part in ${1#/}; do
    p="$p/$part"
    [ -e "$p" ] || break
    if ! as_postgres test -x "$p"; then
      echo "$p"
      return 0
    fi
  done
}

# cluster_dir <state folder> <default cluster folder> <name> <message prefix>: where the cluster lives, decided
# once and kept in <state>/pgdir: the default, unless the postgres OS user cannot enter the state folder (a
# checkout under /root), then /var/lib/postgresql/<name>-<hash of the state folder>
cluster_dir() {
  local state="$1" dir="$2"
  if [ -f "$state/pgdir" ]; then
    cat "$state/pgdir"
    return 0
  fi
  local blocked; blocked="$(first_blocked "$state")"
  if [ -n "$blocked" ]; then
    dir="/var/lib/postgresql/$3-$(echo -n "$state" | md5sum | cut -c1-12)"
    echo "$4: the postgres OS user cannot enter $blocked: keeping the cluster in $dir (named in $state/pgdir)" >&2
  fi
  echo "$dir" >"$state/pgdir"
  echo "$dir"
}

# replaced_binary <postmaster pid>: exit 0 when the running server's executable has been replaced on disk since it
# started (apt-get upgraded postgresql-NN: the old server then fails to load the new package's libraries, e.g.
# "could not load library plpgsql.so: undefined symbol"); such a server must be restarted before it is used
replaced_binary() {
  [ -n "$1" ] && [[ "$(readlink "/proc/$1/exe" 2>/dev/null)" == *" (deleted)" ]]
}
