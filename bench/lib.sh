# Shell functions shared by the bench scripts. Sourced, not run.

# mongo_url <database[.collection]> [server URL, default $MONGODB_URL]: the MongoDB-wire server's URL with the
# database (or db.collection) put before its options. The server URL comes from "bin/servers url mongodb" (the
# test user's credentials) unless the caller gives one.
mongo_url() {
  local u="${2:-$MONGODB_URL}" q=""
  case "$u" in *\?*) q="?${u#*\?}"; u="${u%%\?*}" ;; esac
  local rest="${u#mongodb://}"
  echo "mongodb://${rest%%/*}/$1$q"
}
