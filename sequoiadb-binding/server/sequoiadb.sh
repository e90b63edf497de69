#!/usr/bin/env bash
# SequoiaDB has no test server here: no package registry (Maven Central, Debian, PyPI, npm, crates.io, Go proxy)
# ships SequoiaDB, so bin/servers cannot set one up. Every verb (setup, start, stop, status, ...) says so in one line
# and exits 2; "url" prints $SCIYCSB_SEQUOIADB_HOSTS when it is set (a node of your own).
# Test the binding against your own node: bin/test --server sequoiadb=HOST:PORT (sequoiadb-binding/README.md).
set -euo pipefail
if [ "${1:-}" = url ] && [ -n "${SCIYCSB_SEQUOIADB_HOSTS:-}" ]; then
  echo "$SCIYCSB_SEQUOIADB_HOSTS"
  exit 0
fi
echo "sequoiadb server: no package registry ships SequoiaDB, so bin/servers cannot set one up; test against your own: bin/test --server sequoiadb=HOST:PORT" >&2
exit 2
