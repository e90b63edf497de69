# shellcheck shell=bash
# bin/lib/device.sh: emulated disks, "bin/servers device ..." (docs/devices.md). Sourced by bin/servers.
#
#   bin/servers device create NAME --profile hdd|ssd|FILE --size SIZE   prints the mount point
#   bin/servers device check NAME [--seconds S]    fio against the profile; exit 1 when a figure is > 25 % off
#   bin/servers device remove NAME
#   bin/servers device list                        the devices, one a line: NAME PROFILE SIZE MOUNT-POINT
#
# A device is a backing file served through FUSE by bin/devices/fusedisk (Go, built into work/devices/bin on first
# use), which delays each read, write and fsync as the profile says; a loop device with direct I/O on the FUSE file,
# and ext4 on that, mounted at $SCIYCSB_WORK/devices/NAME/mnt. State under $SCIYCSB_WORK/devices/NAME: profile,
# size, backing.img, fuse/ (the FUSE mount), fusedisk.pid, fusedisk.log, loop (the loop device), mnt/.
# Bad input (unknown profile, a size the disk cannot hold, a name that exists or does not): one line, exit 2, nothing
# created. Needs root (loop devices, mounts).

DEVICE_PROFILES="$SCIYCSB_HOME/bin/devices"
DEVICE_SRC="$DEVICE_PROFILES/fusedisk"
DEVICES="$SCIYCSB_WORK/devices"
# for bin/lib/server.sh's apt_install (its log: work/devices/setup.log) and messages
SERVER_NAME="bin/servers device"
SERVER_STATE="$DEVICES"
DEVICE_MIN_BYTES=$((32 * 1024 * 1024))
DEVICE_TOLERANCE=25   # per cent

dev_bad() { echo "bin/servers device: $*" >&2; exit 2; }
dev_die() { echo "bin/servers device: $*" >&2; exit 1; }
dev_say() { echo "bin/servers device: $*" >&2; }

device_usage() {
  cat <<'USAGE'
usage: bin/servers device create NAME --profile hdd|ssd|FILE --size SIZE   (SIZE: e.g. 256m, 2g, 3GiB; prints the mount point)
       bin/servers device check NAME [--seconds S]    measure it with fio beside its profile (S per job, default 3)
       bin/servers device remove NAME
       bin/servers device list
USAGE
}

# what the devices need: fio, fuse3 (fusermount3), e2fsprogs (mkfs.ext4), mount (losetup), Go to build fusedisk
device_tools() {
  local missing=()
  command -v fio >/dev/null || missing+=(fio)
  command -v fusermount3 >/dev/null || missing+=(fuse3)
  command -v mkfs.ext4 >/dev/null || missing+=(e2fsprogs)
  command -v losetup >/dev/null || missing+=(mount)
  if [ ${#missing[@]} -gt 0 ]; then
    dev_say "installing ${missing[*]} (Debian)"
    apt_install "${missing[@]}"
  fi
  if ! command -v go >/dev/null; then
    if [ -x /usr/local/go/bin/go ]; then export PATH="/usr/local/go/bin:$PATH"; else apt_install golang-go; fi
  fi
}

# fusedisk built from bin/devices/fusedisk into work/devices/bin, again only when its source changed
FUSEDISK=""
device_build() {
  local hash bin
  hash="$(cat "$DEVICE_SRC"/go.mod "$DEVICE_SRC"/go.sum "$DEVICE_SRC"/*.go | sha256sum | cut -c1-16)"
  bin="$DEVICES/bin/fusedisk-$hash"
  if [ ! -x "$bin" ]; then
    mkdir -p "$DEVICES/bin"
    dev_say "building fusedisk (Go, go-fuse from the Go module proxy) into $DEVICES/bin"
    (cd "$DEVICE_SRC" && GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 \
      go build -trimpath -buildvcs=false -o "$bin.tmp" .) >"$DEVICES/bin/build.log" 2>&1 || {
      tail -5 "$DEVICES/bin/build.log" >&2; dev_die "building fusedisk failed (log: $DEVICES/bin/build.log)"; }
    mv "$bin.tmp" "$bin"
    # earlier builds that no device runs any more
    local b
    for b in "$DEVICES"/bin/fusedisk-*; do
      [ "$b" = "$bin" ] || pgrep -f -- "^$b " >/dev/null || rm -f "$b"
    done
  fi
  FUSEDISK="$bin"
}

# device_profile_file <hdd|ssd|FILE>: the profile's path, or one line and exit 2
device_profile_file() {
  if [[ "$1" =~ ^[A-Za-z0-9_-]+$ ]] && [ -f "$DEVICE_PROFILES/$1.profile" ]; then
    echo "$DEVICE_PROFILES/$1.profile"
  elif [[ "$1" == */* || "$1" == *.profile ]] && [ -f "$1" ]; then
    (cd "$(dirname "$1")" && echo "$PWD/$(basename "$1")")
  else
    dev_bad "unknown profile '$1' (hdd, ssd, or a profile file: see bin/devices/hdd.profile)"
  fi
}

device_check_name() {
  [ -n "${1:-}" ] || dev_bad "$2 needs a device name"
  [[ "$1" =~ ^[A-Za-z0-9_-]+$ ]] || dev_bad "bad device name '$1' (letters, digits, _ and -)"
}

# device_teardown DIR: unmounts, detaches and stops what the device at DIR has, then deletes DIR; exit 1 (keeping
# DIR) when its file system is busy
device_teardown() {
  local dir="$1" loop pid
  if device_mounted "$dir/mnt"; then
    umount "$dir/mnt" 2>/dev/null || { sync; sleep 0.5; umount "$dir/mnt" 2>/dev/null; } || {
      dev_say "$dir/mnt is busy: $(fuser -m "$dir/mnt" 2>/dev/null | tr -s ' ')"; return 1; }
  fi
  loop="$(cat "$dir/loop" 2>/dev/null || true)"
  if [ -n "$loop" ] && losetup "$loop" 2>/dev/null | grep -qF "$dir/fuse/disk"; then
    losetup -d "$loop" || return 1
    # the loop device lets go of the FUSE file asynchronously
    wait_until 10 "$loop to let go of $dir/fuse/disk" device_loop_gone "$loop" "$dir" || return 1
  fi
  pid="$(pid_read "$dir/fusedisk.pid" || true)"
  if [ -n "$pid" ] && [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == fusedisk* ]]; then
    stop_pid "$pid" 10
  fi
  # a fusedisk that died leaves its mount behind ("Transport endpoint is not connected")
  if device_mounted "$dir/fuse"; then
    fusermount3 -u "$dir/fuse" 2>/dev/null || umount -l "$dir/fuse" 2>/dev/null || true
  fi
  rm -rf "$dir" 2>/dev/null || { dev_say "could not delete $dir"; return 1; }
}

# device_mounted PATH: exit 0 when something is mounted there (/proc/mounts: mountpoint(1) fails on a dead FUSE mount)
device_mounted() { awk -v p="$1" '$2 == p { f = 1 } END { exit !f }' /proc/mounts; }

device_loop_gone() { ! losetup "$1" 2>/dev/null | grep -qF "$2/fuse/disk"; }

device_create() {
  local name="${1:-}" profile="" size="" bytes avail dir
  device_check_name "$name" create
  shift
  while [ $# -gt 0 ]; do
    case "$1" in
      --profile) [ $# -ge 2 ] || dev_bad "--profile needs a value"; profile="$2"; shift 2 ;;
      --size) [ $# -ge 2 ] || dev_bad "--size needs a value"; size="$2"; shift 2 ;;
      *) dev_bad "create: unknown argument '$1' (--profile P --size SIZE)" ;;
    esac
  done
  [ -n "$profile" ] || dev_bad "create needs --profile hdd|ssd|FILE"
  [ -n "$size" ] || dev_bad "create needs --size SIZE (e.g. 256M)"
  profile="$(device_profile_file "$profile")" || exit 2
  bytes="$(size_bytes "$size")" || dev_bad "bad size '$size' ($SIZE_FORMS)"
  [ "$bytes" -ge "$DEVICE_MIN_BYTES" ] || dev_bad "size $size is below the smallest device, 32M"
  dir="$DEVICES/$name"
  [ ! -e "$dir" ] || dev_bad "device '$name' exists ($dir); bin/servers device remove $name first"
  mkdir -p "$DEVICES"
  avail="$(df -B1 --output=avail "$DEVICES" | tail -1 | tr -d ' ')"
  [ "$bytes" -le "$avail" ] ||
    dev_bad "size $size does not fit: $(numfmt --to=iec "$avail") free on the disk holding $DEVICES"
  [ "$(id -u)" -eq 0 ] || dev_bad "creating a device needs root (loop devices, mounts)"
  device_tools
  device_build
  "$FUSEDISK" predict -profile "$profile" >/dev/null 2>"$DEVICES/.profile-error.$$" || {
    local e; e="$(head -1 "$DEVICES/.profile-error.$$")"; rm -f "$DEVICES/.profile-error.$$"
    dev_bad "bad profile: ${e#fusedisk: }"; }
  rm -f "$DEVICES/.profile-error.$$"
  # from here on a failure removes what was made
  mkdir "$dir" || dev_bad "device '$name' exists ($dir)"
  trap 'device_teardown "'"$dir"'" || true' EXIT
  cp "$profile" "$dir/profile"
  echo "$bytes" >"$dir/size"
  mkdir "$dir/fuse" "$dir/mnt"
  fallocate -l "$bytes" "$dir/backing.img" 2>/dev/null || truncate -s "$bytes" "$dir/backing.img"
  # ext4 made on the backing file before any delay applies, inode tables and journal written at once (no lazy
  # init running under a measurement later)
  mkfs.ext4 -F -q -T default -E lazy_itable_init=0,lazy_journal_init=0 -L "$name" "$dir/backing.img" >"$dir/mkfs.log" 2>&1 ||
    dev_die "mkfs.ext4 failed: $(tail -1 "$dir/mkfs.log")"
  setsid "$FUSEDISK" serve -profile "$dir/profile" -backing "$dir/backing.img" -mount "$dir/fuse" \
    >"$dir/fusedisk.log" 2>&1 </dev/null &
  pid_write "$dir/fusedisk.pid" $!
  wait_until 10 "fusedisk to mount $dir/fuse" device_served "$dir" ||
    dev_die "fusedisk did not mount $dir/fuse: $(tail -1 "$dir/fusedisk.log")"
  losetup --direct-io=on --show -f "$dir/fuse/disk" >"$dir/loop" 2>"$dir/losetup.log" ||
    dev_die "losetup failed: $(tail -1 "$dir/losetup.log")"
  [ "$(cat "/sys/block/$(basename "$(cat "$dir/loop")")/loop/dio" 2>/dev/null)" = 1 ] ||
    dev_say "warning: $(cat "$dir/loop") runs without direct I/O (a page cache under ext4 too)"
  # a test's way to fail here, with the most to undo (tests of the clean-up, e2e DeviceScriptIT)
  [ "${SCIYCSB_DEVICE_FAIL_BEFORE_MOUNT:-}" != 1 ] || dev_die "failing before mount (SCIYCSB_DEVICE_FAIL_BEFORE_MOUNT=1)"
  mount -t ext4 "$(cat "$dir/loop")" "$dir/mnt" 2>"$dir/mount.log" || dev_die "mount failed: $(tail -1 "$dir/mount.log")"
  trap - EXIT
  echo "$dir/mnt"
}

# device_fusedisk_alive DIR: its fusedisk runs (a killed one whose parent is gone may stay a zombie a while)
device_fusedisk_alive() {
  local pid
  pid="$(pid_read "$1/fusedisk.pid")" || return 1
  [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == fusedisk* ]] &&
    [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]
}

device_served() { device_fusedisk_alive "$1" && grep -q '^ready$' "$1/fusedisk.log" && device_mounted "$1/fuse"; }

device_remove() {
  local name="${1:-}"
  device_check_name "$name" remove
  [ -d "$DEVICES/$name" ] || dev_bad "no device '$name' (bin/servers device list)"
  device_teardown "$DEVICES/$name" || dev_die "device '$name' not removed: its file system is in use"
}

device_list() {
  local d
  for d in "$DEVICES"/*/; do
    [ -f "$d/size" ] || continue
    echo "$(basename "$d") $(sed -n 's/^name=//p' "$d/profile" | head -1) $(numfmt --to=iec "$(cat "$d/size")") ${d}mnt"
  done
}

# ---------------------------------------------------------------------------------------------------- check

# the figures, in order: key, fio arguments, what terse v3 field holds it (8 read IOPS, 7 read KiB/s, 49 write IOPS,
# 48 write KiB/s), unit
DEVICE_JOBS=(
  "randread_qd1|--rw=randread --bs=4k --iodepth=1|8|IOPS"
  "randread_qd32|--rw=randread --bs=4k --iodepth=32|8|IOPS"
  "seqread_1m|--rw=read --bs=1m --iodepth=1|7|MB/s"
  "seqwrite_1m|--rw=write --bs=1m --iodepth=1|48|MB/s"
  "fsyncwrite_4k|--rw=write --bs=4k --iodepth=1 --ioengine=sync --fdatasync=1 --overwrite=1|49|IOPS"
)

# device_fio MNT SECONDS: the figures measured in MNT, "key value" a line
device_fio() {
  local mnt="$1" secs="$2" job key args field unit out v file_mb avail_mb
  avail_mb=$(( $(df -B1M --output=avail "$mnt" | tail -1 | tr -d ' ') / 2 ))
  file_mb=$(( avail_mb < 64 ? avail_mb : 64 ))
  mkdir -p "$mnt/.device-check"
  for job in "${DEVICE_JOBS[@]}"; do
    IFS='|' read -r key args field unit <<<"$job"
    # shellcheck disable=SC2086
    out="$(fio --name="$key" --directory="$mnt/.device-check" --filename=fio.dat --size="${file_mb}m" \
      --ioengine=libaio --direct=1 --runtime="$secs" --time_based --ramp_time=0.5 --randrepeat=0 \
      --output-format=terse --terse-version=3 $args 2>&1)" || { rm -rf "$mnt/.device-check"; dev_die "fio $key failed: ${out##*$'\n'}"; }
    v="$(awk -F';' -v f="$field" -v u="$unit" '$1=="3" {x=$f; if (u=="MB/s") x=x*1024/1e6; printf "%.6g", x}' <<<"$out")"
    [ -n "$v" ] || { rm -rf "$mnt/.device-check"; dev_die "fio $key: no figures in its output"; }
    echo "$key $v"
  done
  rm -rf "$mnt/.device-check"
}

# the floor: the same jobs on a device with the null profile (the disk under it, FUSE, loop and ext4, no modelled
# delay), measured once per build and kept in work/devices/floor-<hash>.txt
device_floor() {
  local secs="$1" f tmpname="floor-$$" mnt
  # per build of fusedisk and version of this script and the null profile: any of them changes the floor
  f="$DEVICES/floor-$(cat "$FUSEDISK" "${BASH_SOURCE[0]}" "$DEVICE_PROFILES/null.profile" | sha256sum | cut -c1-16).txt"
  if [ ! -s "$f" ]; then
    dev_say "measuring the floor once (a device with bin/devices/null.profile, $secs s a job; kept in $f)"
    mnt="$(device_create "$tmpname" --profile null --size 160M)" || dev_die "could not make the floor device"
    if ! (device_fio "$mnt" "$secs") >"$f.tmp"; then
      device_teardown "$DEVICES/$tmpname" || true; rm -f "$f.tmp"; dev_die "measuring the floor failed"
    fi
    device_teardown "$DEVICES/$tmpname" || true
    { echo "# measured $(date -u +%FT%TZ) with $secs s per job (bin/servers device check)"; cat "$f.tmp"; } >"$f"
    rm -f "$f.tmp"
    find "$DEVICES" -maxdepth 1 -name 'floor-*.txt' ! -path "$f" -delete   # floors of earlier builds
  fi
  grep -v '^#' "$f"
}

device_check() {
  local name="${1:-}" secs="${SCIYCSB_DEVICE_CHECK_SECONDS:-3}" dir
  device_check_name "$name" check
  shift
  while [ $# -gt 0 ]; do
    case "$1" in
      --seconds)
        if ! [[ "${2:-}" =~ ^[0-9]+$ ]] || [ "$2" -lt 1 ]; then dev_bad "--seconds needs a whole number >= 1"; fi
        secs="$2"; shift 2 ;;
      *) dev_bad "check: unknown argument '$1' (--seconds S)" ;;
    esac
  done
  dir="$DEVICES/$name"
  [ -d "$dir" ] || dev_bad "no device '$name' (bin/servers device list)"
  device_mounted "$dir/mnt" || dev_die "device '$name' is not mounted ($dir/mnt): remove it and create it again"
  device_fusedisk_alive "$dir" ||
    dev_die "device '$name': its fusedisk is not running (log: $dir/fusedisk.log): remove it and create it again"
  device_tools
  device_build
  local predicted floor measured
  predicted="$("$FUSEDISK" predict -profile "$dir/profile")" || dev_die "bad profile in $dir/profile"
  floor="$(device_floor "$secs")" || exit 1
  measured="$(device_fio "$dir/mnt" "$secs")" || exit 1
  echo "$predicted" >"$dir/check.predicted"
  echo "$floor" >"$dir/check.floor"
  echo "$measured" >"$dir/check.measured"
  echo "device $name: profile $(sed -n 's/^name=//p' "$dir/profile" | head -1), $(numfmt --to=iec "$(cat "$dir/size")"), fio $secs s a job"
  awk -v tol="$DEVICE_TOLERANCE" '
    FILENAME == ARGV[1] { prof[$1] = $2; unit[$1] = $3; order[++n] = $1; next }
    FILENAME == ARGV[2] { floor[$1] = $2; next }
    { meas[$1] = $2 }
    END {
      printf "%-14s %12s %12s %12s %12s %8s\n", "figure", "profile", "floor", "expected", "measured", "off"
      bad = 0; bound = 0
      for (i = 1; i <= n; i++) {
        k = order[i]; p = prof[k]; f = floor[k]; m = meas[k]
        # every figure is a rate; the time per operation of the profile is spent on top of the own time of the stack (the floor),
        # so the times add: 1/expected = 1/profile + 1/floor. Part of the floor may overlap the profile'"'"'s wait
        # (fusedisk waits a flush out while the host'"'"'s own flush runs: measured, an SSD'"'"'s fsync'"'"'d writes 30 %
        # above the sum on an idle machine), so a figure is off when it is slower than the sum, or faster than the
        # profile alone, by more than the tolerance
        e = (p == "+Inf") ? f : 1 / (1 / p + 1 / f)
        off = (m - e) / e * 100
        fast = (p == "+Inf") ? off : (m - p) / p * 100
        verdict = (fast > tol || off < -tol) ? "OFF" : "ok"
        # a profile more than twice as fast as the stack under it: the floor makes over two thirds of the expected
        # time, so the figure measures this machine (its CPU, its load), not the profile: shown, not judged
        if (p != "+Inf" && p > 2 * f) { verdict = "floor-bound"; bound++ }
        if (verdict == "OFF") bad++
        printf "%-14s %12s %12.5g %12.5g %12.5g %+7.1f%% %s %s\n", k, (p == "+Inf" ? "none" : sprintf("%.5g", p)), f, e, m, off, unit[k], verdict
      }
      if (bound) printf "%d figure(s) bound by this machine'"'"'s floor (the profile is over twice as fast as the stack under it): shown, not judged\n", bound
      if (bad) { printf "%d figure(s) more than %d%% off the profile\n", bad, tol; exit 1 }
      printf "every %sfigure within %d%% of what the profile and the floor make together\n", (bound ? "other " : ""), tol
    }' "$dir/check.predicted" "$dir/check.floor" "$dir/check.measured"
}
