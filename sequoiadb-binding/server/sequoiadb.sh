#!/usr/bin/env bash
# SequoiaDB has no test server here: no package registry (Maven Central, Debian, PyPI, npm, crates.io, Go proxy)
# ships SequoiaDB, so bin/servers cannot set one up. Every verb (setup, start, stop, status, ...) says so in one line
# and exits 2; "url" prints $SCIYCSB_SEQUOIADB_HOSTS when it is set (a node of your own).
# Test the binding against your own node: bin/test --server sequoiadb=HOST:PORT (sequoiadb-binding/README.md).
set -euo pipefail
# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
server_init sequoiadb

server_unshipped "SequoiaDB" SCIYCSB_SEQUOIADB_HOSTS
server_main "$@"
