# bin/lib/size.sh: sizes as people write them, the shell's one parser (the Java code's is org.sciycsb.api.ByteSize,
# with the same forms; docs/command-line.md, "Sizes"). Sourced by bin/lib/server.sh (so by bin/servers and every
# server script) and tested by bin/lib/size_test.sh.
#
#   size_bytes TEXT   prints the bytes of TEXT and returns 0, or prints nothing and returns 1 when it is not a size:
#                     a bare number is bytes; k, m, g, t, p in either case, alone or with iB (512k, 256M, 3g, 3GiB)
#                     are powers of 1024; KB, MB, GB, TB, PB in either case powers of 1000 (3GB = 3000000000); B
#                     alone is bytes; a fraction with a unit (1.5g) and a space before the unit are allowed, rounded to a byte.
#   SIZE_FORMS        the forms, for messages

SIZE_FORMS="a number of bytes, or with a unit: 512k, 256m, 256M, 3g, 3GiB, 3GB"

size_bytes() {
  local s="${1:-}" re='^([0-9]+)(\.([0-9]+))?[[:space:]]*(([kmgtpKMGTP])([iI]?[bB])?|[bB])?$'
  s="${s#"${s%%[![:space:]]*}"}"
  s="${s%"${s##*[![:space:]]}"}"
  [[ "$s" =~ $re ]] || return 1
  local int="${BASH_REMATCH[1]}" frac="${BASH_REMATCH[3]}" letter="${BASH_REMATCH[5]}" tail="${BASH_REMATCH[6]}"
  local base=1024 power=0 mult=1 i
  [ -z "$frac" ] || [ -n "$letter" ] || return 1 # a fraction of a byte is no size
  case "$tail" in b | B) base=1000 ;; esac
  if [ -n "$letter" ]; then
    case "$letter" in k | K) power=1 ;; m | M) power=2 ;; g | G) power=3 ;; t | T) power=4 ;; p | P) power=5 ;; esac
  fi
  for ((i = 0; i < power; i++)); do mult=$((mult * base)); done
  int="$((10#$int))" 2>/dev/null || return 1
  if [ -z "$frac" ]; then
    # 64-bit arithmetic: refuse what does not fit
    [ "${#int}" -le 18 ] && [ "$int" -le $((9223372036854775807 / mult)) ] || return 1
    echo $((int * mult))
  else
    awk -v n="$int.$frac" -v m="$mult" 'BEGIN { v = n * m; if (v >= 9.2e18) exit 1; printf "%.0f\n", v }'
  fi
}
