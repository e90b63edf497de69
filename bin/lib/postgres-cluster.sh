# Shell functions shared by the server scripts that run a PostgreSQL cluster of their own under the work folder
# (jdbc-binding/server/postgres.sh, mongodb-binding/server/mongodb.sh). Sourced, not run.

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
