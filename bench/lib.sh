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

# repeat_until_decided MIN MAX STEP CHECK [UNIT]: repeat until decided. Runs "STEP R" for R = 1, 2, ... (one
# interleaved pair of runs, or one round of every tool) and, from R = MIN on, "CHECK" after each: CHECK exits 0 once
# the ratio's 95 % interval is decided against the script's goal (bench/until.py decide). Stops at the first decided
# R or at MAX. Sets UNTIL_ROUNDS (how many ran), UNTIL_DECIDED (yes/no) and UNTIL_ENDED, the line that says which
# ended it: "decided after R pairs" or "undecided: reached the maximum of MAX pairs" (UNIT, default "pairs").
repeat_until_decided() {
  local min="$1" max="$2" step="$3" check="$4" unit="${5:-pairs}" r
  if ! [[ "$min" =~ ^[0-9]+$ && "$max" =~ ^[0-9]+$ ]] || (( min < 1 || max < min )); then
    echo "repeat_until_decided: the minimum ($min) must be at least 1 and the maximum ($max) at least the minimum" >&2
    return 2
  fi
  for (( r = 1; r <= max; r++ )); do
    "$step" "$r"
    if (( r >= min )) && "$check"; then
      UNTIL_ROUNDS=$r; UNTIL_DECIDED=yes; UNTIL_ENDED="decided after $r $unit"
      return 0
    fi
  done
  UNTIL_ROUNDS=$max; UNTIL_DECIDED=no; UNTIL_ENDED="undecided: reached the maximum of $max $unit"
  return 0
}
