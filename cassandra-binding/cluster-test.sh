#!/usr/bin/env bash
# The 3-node fault test of the cassandra binding (kept out of server/, where bin/servers finds servers): starts a 3-node Cassandra cluster on 127.0.0.1..3,
# runs CassandraClusterIT (mvn verify -Pcluster), and stops the nodes again, pass or fail.
# A running 1-node test server is stopped first (restart it with `bin/servers start cassandra`: the
# node-count change wipes the cluster's data). Takes about 7 minutes and 4-5 GB of memory.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
export SCIYCSB_HOME="$ROOT"
export SCIYCSB_WORK="${SCIYCSB_WORK:-$ROOT/work}"
SERVER="$HERE/server/cassandra.sh"

bash "$SERVER" setup
bash "$SERVER" stop
trap 'bash "$SERVER" stop' EXIT
bash "$SERVER" start --nodes 3
bash "$SERVER" nodetool 1 status || true
cd "$ROOT"
net="${SCIYCSB_CASSANDRA_NET:-127.0.0}"
mvn -B -pl cassandra-binding -am verify -Pcluster -Dsciycsb.cassandra.hosts="$net.1,$net.2,$net.3" "$@"
