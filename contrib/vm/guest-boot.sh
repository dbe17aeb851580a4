#!/usr/bin/env bash
# Runs inside the VM (contrib/vm/run.sh boots it): the groups that share one boot, one after
# another, each in its own contrib/vm/guest.sh process.
#
# Before the first group it notes what the VM is like once booted (its processes, modules,
# mounts, the files in its writable directories, the kernel's taint). After each group it puts
# the VM back to that, so that the next group meets it as a fresh boot has it and nothing the
# last one left can make it pass or fail: every process the group started is killed (bluetoothd,
# dbus, PulseAudio, udisksd, the relay and the virtual headset with them), the USB gadget it
# made is taken apart, every file system it mounted is unmounted, every module it loaded is
# unloaded (the Bluetooth stack too: the next group's adapter is a new one in a newly loaded
# stack), every file it made in the writable directories (/run, /tmp, /dev/shm, /var, /etc, ...)
# is removed, and the kernel's log is cleared, so that each group's dmesg holds its own
# messages only. What a reset cannot undo ends the boot instead, and run.sh boots again for the
# groups left: a process that will not die, a module that will not unload, a mount that stays,
# a file of the boot's that the group changed or removed, or a kernel the group left tainted
# (an oops or a warning: the kernel's own state may be damaged).
#
# Usage: guest-boot.sh CONTROL WORK BINARY GROUP...
#   CONTROL: a directory in the share. This appends its steps to CONTROL/guest, one a line:
#            "up", "want GROUP", "done GROUP", "reset GROUP ok in SECONDS s", "reboot REASON",
#            "end"; run.sh answers "go GROUP" in CONTROL/host once that group's radio is up.
#   WORK:    the host's work directory, shared read-write; WORK/GROUP is each group's share
#            (guest.sh's), WORK/GROUP/console.log its output, WORK/GROUP/reset.log what the
#            reset after it did, with the VM's uptime.
# Under emulation every program started costs a good part of a second (its binary is read
# through 9p), so the bookkeeping reads /proc with the shell's own read.
set -uo pipefail
control=$1
work=$2
binary=$3
shift 3
groups=("$@")
cd "$(dirname "$0")/../.."
root=$PWD

tell() { echo "$*" >>"$control/guest"; }
log() { echo "guest-boot: $*" >&2; }
# A step of a reset, with the VM's uptime: a reset's time is a group's time too.
step() {
  local uptime
  read -r uptime _ </proc/uptime
  echo "$uptime $*"
}
# Waits as guest.sh's (see there): await re-runs a test each time a file grows, await_exit waits
# for processes that are not this shell's children to end (a pidfd each; a zombie has ended).
await() { # FILE SECONDS WHAT TEST...
  local file=$1 seconds=$2 end=$((SECONDS + $2)) what=$3 size
  shift 3
  while true; do
    size=$(stat -c %s "$file" 2>/dev/null || echo 0)
    "$@" && return 0
    ((SECONDS < end)) || break
    timeout $((end - SECONDS + 1)) tail ---disable-inotify -F -s 0.1 -c +$((size + 1)) "$file" 2>/dev/null | head -c 1 >/dev/null
  done
  log "timed out after $seconds s waiting for $what"
  return 1
}
await_exit() { # SECONDS WHAT PID...
  local seconds=$1 what=$2
  shift 2
  python3 -S -c '
import os, select, sys, time
end = time.monotonic() + float(sys.argv[1])
fds = []
for pid in sys.argv[2:]:
    try:
        fds.append(os.pidfd_open(int(pid)))
    except (OSError, ValueError):
        pass  # gone already
while fds:
    ready, _, _ = select.select(fds, [], [], max(0.0, end - time.monotonic()))
    if not ready:
        sys.exit(1)
    for fd in ready:
        fds.remove(fd)
        os.close(fd)
' "$seconds" "$@" && return 0
  step "timed out after $seconds s waiting for $what"
  return 1
}
tell up

# The radio's port belongs to the boot, not to a group: its driver is loaded before the baseline.
modprobe virtio_console

# Where the baseline is kept, left out of the listings. The root bind-mounted there shows what
# lies under virtme-ng's overlays.
state=/run/heartline-vm-boot
mkdir -p "$state/lower"
mount --bind / "$state/lower"

# Every process but kernel threads and this script itself, as "PID STATE PARENT COMMAND" in the
# array procs.
processes() {
  local dir line rest pid name status parent
  procs=()
  for dir in /proc/[0-9]*; do
    read -r line 2>/dev/null <"$dir/stat" || continue
    pid=${line%% *}
    name=${line#*\(}
    name=${name%)*}
    rest=${line##*) }
    status=${rest%% *}
    rest=${rest#* }
    parent=${rest%% *}
    [[ $pid == "$$" || $pid == 2 || $parent == 2 ]] && continue
    procs+=("$pid $status $parent $name")
  done
}
# The modules loaded, with how many hold each, in the associative array loaded.
modules() {
  local name count
  loaded=()
  while read -r name _ count _; do loaded[$name]=$count; done </proc/modules
}
# The mounts, "ID MOUNT-POINT" in the array mounted.
mounts() {
  local id point
  mounted=()
  while read -r id _ _ _ point _; do mounted+=("$id $point"); done </proc/self/mountinfo
}
# The writable file systems a group can leave files in: every tmpfs mounted whole, but /dev's own
# nodes (they come and go with the devices). virtme-ng makes /etc, /usr, /var, /tmp and the rest
# writable with overlays whose upper directories are in /run, so what a group writes there is
# found in /run too. And the overlays, "UPPER MOUNT-POINT LOWER" in the array overlays.
filesystems() {
  local line top point fs options upper lower
  writable=()
  overlays=()
  while read -r line; do
    read -r _ _ _ top point _ <<<"${line%% - *}"
    read -r fs _ options <<<"${line#* - }"
    if [[ $fs == tmpfs && $top == / && $point != /dev && $point != /sys* && $point != /proc* ]]; then
      writable+=("$point")
    elif [[ $fs == overlay ]]; then
      upper=${options#*upperdir=}
      lower=${options#*lowerdir=}
      overlays+=("${upper%%,*} $point ${lower%%,*}")
    fi
  done </proc/self/mountinfo
}
# Every path in them, in the array paths (a directory before what it holds). Not /run/udev,
# udevd's own database (udevd runs from the boot: it drops a device's entry itself when the
# device goes), nor the overlays' work directories.
listing() {
  mapfile -t paths < <(find "${writable[@]}" -xdev \( -path /run/udev -o -path "$state" \
    -o -path "/run/tmp/virtme_rw_overlay*/work" \) -prune -o -print 2>/dev/null)
}

# The taint flags that say the kernel itself went wrong: bad page (B), died (D), warning (W),
# soft lockup (L).
TAINT_DAMAGE=$(((1 << 5) | (1 << 7) | (1 << 9) | (1 << 14)))

# The baseline.
declare -A old_pids=() old_udevd=() old_modules=() old_mounts=() old_paths=()
declare -a procs=() mounted=() writable=() overlays=() paths=() started=()
declare -A loaded=()
processes
for entry in "${procs[@]}"; do
  old_pids[${entry%% *}]=1
  [[ ${entry##* } == systemd-udevd ]] && old_udevd[${entry%% *}]=1
done
modules
for name in "${!loaded[@]}"; do old_modules[$name]=1; done
mounts
for entry in "${mounted[@]}"; do old_mounts[${entry%% *}]=1; done
filesystems
listing
for path in "${paths[@]}"; do old_paths[$path]=1; done
read -r core_pattern </proc/sys/kernel/core_pattern
modes=()
for point in "${writable[@]}"; do modes+=("$(stat -c '%a' "$point") $point"); done
read -r taint </proc/sys/kernel/tainted
taint=$((taint & TAINT_DAMAGE))
# For the host's eyes: what the baseline is.
dmesg >"$control/boot-dmesg.txt"
printf '%s\n' "${writable[@]}" >"$control/baseline-writable.txt"
printf '%s\n' "${overlays[@]}" >"$control/baseline-overlays.txt"
printf '%s\n' "${!loaded[@]}" | sort >"$control/baseline-modules.txt"
printf '%s\n' "${procs[@]}" >"$control/baseline-processes.txt"

# The processes a group started (not the baseline's), still there: their ids in the array
# started, their names in started_names. Not the workers the boot's own udevd forks for the
# events a reset makes itself (a module unloaded, a device gone): they are udevd's, and end on
# their own. A udevd a group started (the stick group does) is the group's, workers and all.
started_since() {
  local entry pid status parent name
  processes
  started=()
  started_names=""
  for entry in "${procs[@]}"; do
    read -r pid status parent name <<<"$entry"
    [[ -n ${old_pids[$pid]:-} || $status == Z* ]] && continue
    [[ -n ${old_udevd[$parent]:-} && $name == *udev* ]] && continue
    started+=("$pid")
    started_names+=" $name"
  done
  ((${#started[@]}))
}
# A gadget made through configfs, taken apart in the order configfs asks: unbound, its
# configurations' links, its strings, configurations and functions, then itself.
gadgets_down() {
  local gadget
  for gadget in /sys/kernel/config/usb_gadget/*/; do
    [[ -d $gadget ]] || continue
    echo "" >"$gadget/UDC" 2>/dev/null
    find "$gadget"/configs/*/ -maxdepth 1 -type l -delete 2>/dev/null
    rmdir "$gadget"/configs/*/strings/* "$gadget"/configs/* "$gadget"/functions/* "$gadget"/strings/* "$gadget" 2>/dev/null
    step "gadget ${gadget%/} taken apart"
  done
}
# What the group made, from the paths new since the baseline, the deepest first, in the array
# made: "new PATH" for a path the group made (through an overlay: its path there), "changed
# PATH" for a file of the boot's that the group changed, and "removed PATH" for one it removed
# (an overlay's whiteout). A directory of the boot's that an overlay copied up to hold a new file
# is neither.
made_since() {
  local i path entry upper point lower relative found
  listing
  made=()
  for ((i = ${#paths[@]} - 1; i >= 0; i--)); do
    path=${paths[i]}
    [[ -n ${old_paths[$path]:-} ]] && continue
    found=""
    for entry in "${overlays[@]}"; do
      read -r upper point lower <<<"$entry"
      [[ $path == "$upper"/* ]] || continue
      found=1
      relative=${path#"$upper"}
      if [[ -c $path && $(stat -c %t%T "$path") == 00 ]]; then
        made+=("removed $point$relative")
      elif [[ -e $state/lower$lower$relative || -L $state/lower$lower$relative ]]; then
        [[ -d $path && ! -L $path ]] || made+=("changed $point$relative")
      else
        made+=("new $point$relative")
      fi
      break
    done
    [[ -n $found || $path == /run/tmp/virtme_rw_overlay* ]] || made+=("new $path")
  done
}

# reset GROUP: the VM back to the baseline; says what it did on standard output and, when
# something stays, why on standard error with status 1.
reset() {
  local group=$1 round name entry point id left=() unloaded removed=() kind path waiting stalled=0
  step "reset after $group"
  if started_since; then
    step "killing:$started_names"
    kill -TERM "${started[@]}" 2>/dev/null
    # Not this shell's children: their pidfds tell their ends. One they started as they died is
    # found by the second look, and killed with those left.
    if ! await_exit 5 "the group's processes to end on SIGTERM" "${started[@]}" || started_since; then
      started_since && kill -KILL "${started[@]}" 2>/dev/null
      await_exit 5 "the group's processes to end on SIGKILL" "${started[@]}"
    fi
  fi
  gadgets_down
  # The group's mounts, the newest first (one over another comes off first).
  mounts
  for ((round = ${#mounted[@]} - 1; round >= 0; round--)); do
    read -r id point <<<"${mounted[round]}"
    [[ -n ${old_mounts[$id]:-} ]] && continue
    umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null
    step "unmounted $point"
  done
  # A module is unloaded once nothing uses it: rounds until every new one is gone. The crypto
  # API keeps its default random number generator once a module asked for one (the Bluetooth
  # stack's ECDH does): drbg and what it is built on stay loaded until the kernel stops. They
  # hold algorithms, not any state of a group's, and join the baseline. For any other module
  # still used, a few more rounds: the kernel may hold a reference for a moment after a close.
  local -A crypto=()
  while read -r kind _ name; do [[ $kind == module ]] && crypto[$name]=1; done </proc/crypto
  for ((round = 0; round < 60 && stalled < 6; round++)); do
    modules
    unloaded=()
    waiting=""
    for name in "${!loaded[@]}"; do
      [[ -n ${old_modules[$name]:-} ]] && continue
      if [[ ${loaded[$name]} == 0 ]]; then
        unloaded+=("$name")
      elif [[ -z ${crypto[$name]:-} ]]; then
        waiting+=" $name"
      fi
    done
    if ((${#unloaded[@]})); then
      # rmmod goes on past one it cannot unload.
      rmmod "${unloaded[@]}" 2>/dev/null
      step "unloaded ${unloaded[*]}"
      stalled=0
      continue
    fi
    [[ -z $waiting ]] && break
    stalled=$((stalled + 1))
    # A module's use count dropping sends no event: polled, for six rounds at most.
    sleep 0.5
  done
  modules
  for name in "${!loaded[@]}"; do
    [[ -z ${old_modules[$name]:-} && -n ${crypto[$name]:-} ]] || continue
    step "kept $name: the crypto API holds it"
    old_modules[$name]=1
  done
  # The files it made, the deepest first; through an overlay, by its path there, so that the
  # overlay forgets them too.
  made_since
  for entry in "${made[@]}"; do
    read -r kind path <<<"$entry"
    if [[ $kind == new ]]; then removed+=("$path"); else left+=("$entry"); fi
  done
  ((${#removed[@]})) && rm -rf -- "${removed[@]}" 2>/dev/null
  for path in "${removed[@]}"; do [[ -e $path || -L $path ]] && left+=("not removed: $path"); done
  step "removed ${#removed[@]} files: ${removed[*]:0:40}"
  for entry in "${modes[@]}"; do chmod "${entry%% *}" "${entry#* }"; done
  echo "$core_pattern" >/proc/sys/kernel/core_pattern
  # What stays ends the boot.
  started_since && left+=("processes:$started_names")
  modules
  for name in "${!loaded[@]}"; do [[ -n ${old_modules[$name]:-} ]] || left+=("module $name"); done
  mounts
  for entry in "${mounted[@]}"; do [[ -n ${old_mounts[${entry%% *}]:-} ]] || left+=("mount ${entry#* }"); done
  read -r name </proc/sys/kernel/tainted
  (((name & TAINT_DAMAGE) != taint)) && left+=("the kernel was tainted during $group ($name)")
  # A udevd a group started may have taken over the boot's control socket before it was killed.
  ((${#old_udevd[@]})) && ! udevadm control --ping --timeout=10 2>/dev/null && left+=("udevd does not answer")
  step "checked"
  if ((${#left[@]})); then
    echo "left after $group: ${left[*]}" >&2
    return 1
  fi
  return 0
}

wait_go() { # GROUP: run.sh has started that group's radio (or none)
  await "$control/host" 120 "a go from the host for $1" grep -qx "go $1" "$control/host"
}

previous=""
for group in "${groups[@]}"; do
  share=$work/$group
  if [[ -n $previous ]]; then
    started_at=$SECONDS
    if ! reset "$previous" >"$work/$previous/reset.log" 2>"$state/reset.error"; then
      cat "$state/reset.error" >>"$work/$previous/reset.log"
      dmesg >"$work/$previous/reset-dmesg.txt"
      tell "reboot $(cat "$state/reset.error")"
      exit 0
    fi
    # The reset's own kernel messages go with the group it reset after.
    dmesg >"$work/$previous/reset-dmesg.txt"
    tell "reset $previous ok in $((SECONDS - started_at)) s"
  fi
  tell "want $group"
  wait_go "$group" || exit 0
  dmesg -C
  bash "$root/contrib/vm/guest.sh" "$group" "$share" "$binary" >"$share/console.log" 2>&1
  tell "done $group"
  previous=$group
done
tell end
