#!/usr/bin/env bash
# Riak KV has no test server here: no package registry (Maven Central, Debian, PyPI, npm, crates.io, Go proxy)
# ships Riak KV, so bin/servers cannot set one up. Every verb (setup, start, stop, status, ...) says so in one line
# and exits 2; "url" prints $SCIYCSB_RIAK_HOSTS when it is set (a node of your own).
# Test the binding against your own node: bin/test --server riak=HOST:PORT (riak-binding/README.md).
set -euo pipefail
# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
server_init riak

server_unshipped "Riak KV" SCIYCSB_RIAK_HOSTS
server_main "$@"
