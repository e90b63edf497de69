#!/usr/bin/env bash
# Tests of bin/lib/size.sh's size_bytes (bin/test runs it; alone: bash bin/lib/size_test.sh, well under a second).
# Prints one line per failure and "N passed, N failed" at the end; exits 1 on a failure.
set -uo pipefail
. "$(dirname "$0")/size.sh"
passed=0 failed=0

expect() { # expect TEXT BYTES
  local got
  got="$(size_bytes "$1")"
  if [ $? -eq 0 ] && [ "$got" = "$2" ]; then passed=$((passed + 1)); else
    echo "FAIL: size_bytes '$1' gave '${got}', expected $2"; failed=$((failed + 1)); fi
}

refuse() { # refuse TEXT
  local got
  if got="$(size_bytes "$1")"; then echo "FAIL: size_bytes '$1' gave '$got', expected a refusal"; failed=$((failed + 1))
  else passed=$((passed + 1)); fi
}

expect 4096 4096
expect 0 0
expect 512k 524288
expect 512K 524288
expect 256m 268435456
expect 256M 268435456
expect 3g 3221225472
expect 3G 3221225472
expect 3GiB 3221225472
expect 3gib 3221225472
expect 3GB 3000000000
expect 3gb 3000000000
expect 1MB 1000000
expect 1KiB 1024
expect 2T 2199023255552
expect 100B 100
expect "1.5g" 1610612736
expect "0.5k" 512
expect "256 MiB" 268435456
expect " 32M " 33554432
expect 007 7
refuse ""
refuse abc
refuse 3x
refuse -1
refuse 3gig
refuse 1.5
refuse 3iB
refuse 99999999999999999999
refuse 9000000P

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
