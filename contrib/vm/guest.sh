#!/usr/bin/env bash
# Runs inside the VM (contrib/vm/run.sh boots it, contrib/vm/guest-boot.sh runs it once per group
# of the boot): one group of scenarios against the kernel's Bluetooth stack, with the radio
# (contrib/vm/radio.py) running on the host.
# Usage: guest.sh GROUP SHARE BINARY
#   SHARE: the directory shared read-write with the host; radio.log and control are there, and
#          every transcript this writes goes there for run.sh to check.
# Each scenario writes SHARE/NAME.txt (Heartline's transcript) and SHARE/NAME.log (its log).
set -uo pipefail
group=$1
share=$2
heartline=$3
cd "$(dirname "$0")/../.."

log() { echo "guest: $*" >&2; }

# Waiting. No wait here is a fixed pause: each is for an event (a line Heartline, the radio or a
# helper writes, a device, a process's exit, a sound server's or bluetoothd's signal), bounded,
# and names what it waited for when the bound runs out. The kinds:
#   await FILE SECONDS WHAT TEST...  TEST (a command) re-run each time FILE grows, until it
#       passes; between two tests, tail -F blocks until the file grows. The share is 9p, whose
#       files raise no inotify event in the guest (not for the host's writes, nor for the guest's
#       own), and which reports the host's file system type, so tail would trust inotify and
#       never wake: ---disable-inotify (GNU tail's own, undocumented) makes it look at the
#       file's size every 0.1 s instead, in one process, and wake the test only when it grew.
#   await_device PATH SECONDS WHAT [--removed]  a device in /sys or /dev, through udevadm wait
#       (udevd's and the kernel's events).
#   await_events SECONDS WHAT READY WAKE SOURCE... -- TEST...  TEST re-run on each event a
#       program prints, one a line: udevadm monitor (a subsystem's devices), pactl subscribe (the
#       sound server's sinks), gdbus monitor (bluetoothd's signals), watch_files (inotify on
#       local directories). Subscribed first, then tested, then each line matching WAKE tests
#       again, so that no change falls between the test and the subscription.
#   await_exit SECONDS WHAT PID...  processes that are not the shell's children ending: a
#       pidfd for each (a zombie has ended).
#   wait_until SECONDS WHAT TEST...  the last resort, a state that sends no event (a /proc
#       attribute): TEST every 0.2 s. Counted in contrib/doc/developer/vm-suite.md, each site
#       with its reason.
# And let_time_pass SECONDS WHY for the few pauses whose point is real time passing.
await() { # FILE SECONDS WHAT TEST...
  local file=$1 seconds=$2 end=$((SECONDS + $2)) what=$3 size
  shift 3
  while true; do
    size=$(stat -c %s "$file" 2>/dev/null || echo 0)
    "$@" && return 0
    ((SECONDS < end)) || break
    # Returns at once if the file grew after the test read it.
    timeout $((end - SECONDS + 1)) tail ---disable-inotify -F -s 0.1 -c +$((size + 1)) "$file" 2>/dev/null | head -c 1 >/dev/null
  done
  log "timed out after $seconds s waiting for $what"
  return 1
}
await_device() { # PATH SECONDS WHAT [--removed]
  udevadm wait --initialized=no --timeout="$2" ${4:-} "$1" 2>/dev/null && return 0
  log "timed out after $2 s waiting for $3"
  return 1
}
# The SOURCE prints a line matching READY once it listens (the test runs then, and again on each
# line matching WAKE). A source that shows no such line of its own (pactl subscribe) has it from
# the test: the test's own pactl is a new client of the server, an event the subscription prints,
# and until one shows the test is run again after each second without a line, as the
# subscription's probe.
await_events() { # SECONDS WHAT READY WAKE SOURCE... -- TEST...
  local seconds=$1 end=$((SECONDS + $1)) what=$2 ready=$3 wake=$4 source=() line left listening="" fd pid
  shift 4
  while (($#)) && [[ $1 != -- ]]; do
    source+=("$1")
    shift
  done
  shift
  "$@" && return 0
  coproc EVENTS { exec timeout "$seconds" "${source[@]}" 2>/dev/null; }
  fd=${EVENTS[0]}
  pid=$EVENTS_PID
  while left=$((end - SECONDS)); ((left > 0)); do
    if [[ -z $listening ]]; then
      if IFS= read -r -t 1 -u "$fd" line; then
        [[ $line =~ $ready ]] || continue
        listening=1
      elif (($? <= 128)); then
        break
      fi
    else
      IFS= read -r -t "$left" -u "$fd" line || break
      [[ $line =~ $wake ]] || continue
    fi
    if "$@"; then
      kill "$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
      return 0
    fi
  done
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  "$@" && return 0
  log "timed out after $seconds s waiting for $what"
  return 1
}
# inotify (through ctypes) on local directories, as python3 -S -u -c "$WATCH_FILES" DIRECTORY...:
# "watching" once the watches are set, then a line for each file made, moved in, changed or
# closed after writing in them. A directory made in a watched one is watched too, and its line
# comes once its watch is set.
WATCH_FILES='
import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(os.O_CLOEXEC)
MASK = 0x100 | 0x080 | 0x004 | 0x008  # IN_CREATE, IN_MOVED_TO, IN_ATTRIB, IN_CLOSE_WRITE
paths = {}
def watch(path):
    wd = libc.inotify_add_watch(fd, os.fsencode(path), MASK)
    if wd >= 0:
        paths[wd] = path
for path in sys.argv[1:]:
    watch(path)
print("watching")
while True:
    data = os.read(fd, 65536)
    offset = 0
    while offset < len(data):
        wd, mask, _, size = struct.unpack_from("iIII", data, offset)
        name = data[offset + 16:offset + 16 + size].split(b"\0", 1)[0].decode(errors="replace")
        offset += 16 + size
        if mask & 0x40000000 and wd in paths:  # IN_ISDIR
            watch(os.path.join(paths[wd], name))
        print(os.path.join(paths.get(wd, "?"), name))
'
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
  log "timed out after $seconds s waiting for $what"
  return 1
}
# The sources, their output a line at a time: udevadm monitor for one subsystem's devices
# (--subsystem-match=), after udevd's rules (their nodes and links made); pactl subscribe.
UDEV_EVENTS=(stdbuf -oL udevadm monitor --udev)
UDEV_READY="^UDEV - the event"
PULSE_EVENTS=(stdbuf -oL pactl subscribe)
PULSE_READY="on client"
PULSE_WAKE="on (sink|server|card) "
wait_until() { # SECONDS WHAT TEST...
  local seconds=$1 end=$((SECONDS + $1)) what=$2
  shift 2
  until "$@"; do
    if ((SECONDS >= end)); then
      log "timed out after $seconds s waiting for $what"
      return 1
    fi
    sleep 0.2
  done
}
let_time_pass() { # SECONDS WHY
  log "letting $1 s pass: $2"
  sleep "$1"
}
# COUNT or more lines of FILE hold the fixed string TEXT.
has_lines() { (($(grep -cF -- "$2" "$1" 2>/dev/null) >= $3)); }

# The radio's log is written on the host; the share shows it as it grows.
wait_radio() { # TEXT [COUNT] [SECONDS]
  await "$share/radio.log" "${3:-60}" "the radio to say '$1' ${2:-1} times" has_lines "$share/radio.log" "$1" "${2:-1}"
}
# How many times the radio has said TEXT.
radio_count() { grep -cF -- "$1" "$share/radio.log"; }
# A strap's third heart rate since its last subscription (the radio logs its first three): by
# then Heartline has a reading to answer with. MARK: radio_count "NAME beat 3" before.
wait_beats() { # NAME MARK
  wait_radio "$1 beat 3" $(($2 + 1)) 60
}
radio() { echo "$*" >>"$share/control"; }

port_named() {
  local port
  for port in /sys/class/virtio-ports/*; do
    if [[ $(cat "$port/name" 2>/dev/null) == "$1" ]]; then echo "/dev/${port##*/}"; fi
  done
}

# The relay's process id is kept in a file: input functions run in a pipeline's subshell.
adapter_in() { # the kernel gets hci0, joined to the radio
  # Not on the pipeline's standard output, or Heartline would never read the end of its input.
  python3 contrib/vm/vhci-relay.py "$(port_named hci)" </dev/null >/dev/null 2>>"$share/relay.log" &
  echo $! >/run/relay.pid
  await_device /sys/class/bluetooth/hci0 20 "hci0 (the relay opening /dev/vhci)"
}
adapter_out() { # as a USB adapter pulled out
  kill "$(cat /run/relay.pid)" 2>/dev/null
  await_device /sys/class/bluetooth/hci0 10 "hci0 to go (the relay stopped)" --removed
}

# Heartline in script mode, reading the lines its input function prints, with a data directory
# on a tmpfs (SQLite's WAL does not work on the 9p share). As root, or as the user the command
# in the array as_user makes it.
as_user=()
run_heartline() { # NAME INPUT-FUNCTION [ARGUMENTS...]
  local name=$1 input=$2
  shift 2
  log "scenario $name"
  transcript=$share/$name.txt
  heartline_log=$share/$name.log
  # No Swift backtracer, so that a crash leaves a core (in the share, for gdb on the host).
  "$input" | SWIFT_BACKTRACE=enable=no "${as_user[@]}" "$heartline" --speech transcript --data-dir "/dev/shm/$name" "$@" \
    >"$share/$name.txt" 2>"$share/$name.log"
  echo "exit $?" >>"$share/$name.log"
  cp /dev/shm/core.* "$share/" 2>/dev/null && rm -f /dev/shm/core.*
}

start_bluetoothd() {
  mkdir -p /run/dbus /var/lib/bluetooth
  dbus-daemon --system --fork --nopidfile 2>>"$share/bluetoothd.log" || return 1
  /usr/libexec/bluetooth/bluetoothd -n -d >>"$share/bluetoothd.log" 2>&1 &
  gdbus wait --system --timeout 30 org.bluez || { log "bluetoothd did not come on the bus in 30 s"; return 1; }
}

# Waits for Heartline to say a line matching an extended regular expression.
said() { grep -Eq -- "$1" "$transcript"; }
wait_said() { # PATTERN [SECONDS]
  await "$transcript" "${2:-60}" "Heartline to say /$1/" said "$1"
}

# Waits for Heartline to say one more line matching PATTERN than it had said at MARK.
said_count() { grep -cE -- "$1" "$transcript"; }
said_more() { (($(said_count "$1") > $2)); }
wait_said_more() { # PATTERN MARK [SECONDS]
  await "$transcript" "${3:-60}" "Heartline to say /$1/ again" said_more "$1" "$2"
}
# Waits for Heartline to log a line matching PATTERN.
logged() { grep -Eq -- "$1" "$heartline_log"; }
wait_logged() { # PATTERN [SECONDS]
  await "$heartline_log" "${2:-60}" "Heartline to log /$1/" logged "$1"
}

# A list of sensors found is said whole, its first entry right after its title: typing the
# choice waits for that entry.
find_input() {
  echo settings
  echo sensors
  echo "find straps"
  wait_said "Straps found|No heart rate strap|Bluetooth|cannot|Another program" 60
  if said "Straps found"; then wait_said "^menu: 1, .*signal\.$" 10; fi
}

# Settings, Sensors: the straps found, the strongest chosen; once it has connected, its maker
# and model (its Device Information service) are read on the Sensors screen.
identity_input() {
  local subscribed
  subscribed=$(grep -cF "TICKR B321 subscribed" "$share/radio.log")
  find_input
  echo 1
  wait_radio "TICKR B321 subscribed" $((subscribed + 1)) 90
  # Its Device Information read.
  wait_logged "connected; made by " 30
  echo back
  echo sensors
  wait_said "^menu: Made by " 30
}

# How many times straps other than NAME connected since the radio started; a workout with
# --sensor must not add to it.
other_connections() { grep -F " connected" "$share/radio.log" | grep -cvF "radio: $1 connected"; }

# A workout on the first strap: heart rate and battery, 12 s out of range, back again.
workout_input() {
  echo configure
  echo next
  local subscribed beats
  subscribed=$(grep -cF "TICKR B321 subscribed" "$share/radio.log")
  beats=$(radio_count "TICKR B321 beat 3")
  echo "start workout"
  wait_radio "TICKR B321 subscribed" $((subscribed + 1)) 90
  wait_said "Workout started"
  wait_said "^event: Heart rate strap connected" 30
  wait_beats "TICKR B321" "$beats"
  echo "heart rate"
  echo battery
  wait_said "Heart rate strap battery, [0-9]+ percent" 30
  local back gone
  back=$(said_count "^event: Heart rate strap connected")
  gone=$(said_count "^event: Heart rate strap disconnected")
  beats=$(radio_count "TICKR B321 beat 3")
  radio "away TICKR B321 12"
  wait_radio "TICKR B321 out of range" 1 10
  wait_said_more "^event: Heart rate strap disconnected" "$gone" 30
  echo "heart rate"
  wait_said_more "^event: Heart rate strap connected" "$back" 60
  wait_beats "TICKR B321" "$beats"
  echo "heart rate"
  echo "average heart rate"
  echo end
  echo yes
  echo save
  wait_said "^answer: Workout saved\." 30
}

# A treadmill found in Settings, Sensors and remembered, then a plan that steers it: each phase
# change sets its speed through the control point the kernel's ATT socket carries, and the end
# of the workout stops the belt.
machine_input() {
  echo settings
  echo sensors
  echo "find footpods, bike sensors, power meters and fitness machines"
  wait_said "Sensors found|No footpod" 60
  if said "Sensors found"; then wait_said "^menu: 1, .*signal\.$" 10; fi
  echo 1
  wait_radio "Track 5 subscribed" 1 90
  wait_logged "fitness machine: connected" 30
  echo home
  echo configure
  wait_said "^menu: Sport\." 20
  echo running
  wait_said "^menu: Metrics for audio feedback\." 20
  # Next, screen by screen (a screen's title is its first line), up to the training plan.
  local step titles
  for step in 1 2 3 4 5 6; do
    said "^menu: Training plan\." && break
    titles=$(said_count "$SCREEN_TITLE")
    echo next
    wait_said_more "$SCREEN_TITLE" "$titles" 20
  done
  wait_said "^menu: Training plan\." 20
  echo "warm up 10 seconds, 2 times 15 seconds at 10 kilometres per hour, 10 seconds at 6, cool down 5 seconds"
  wait_said "^menu: Ready to start\." 20
  echo "start workout"
  wait_said "Workout started"
  echo "top speed 12"
  wait_radio "Track 5 speed 10.00" 2 150
  echo "speed 25"
  wait_said "above your top speed" 20
  echo distance
  wait_said "Training plan finished" 60
  echo end
  echo yes
  wait_radio "Track 5 stopped" 1 30
  wait_said "^menu: 1, Save workout\." 30
  echo save
  wait_said "^answer: Workout saved\." 30
}
# A screen's title: a menu line that is neither a numbered entry nor "Press 0 for the tenth, ...".
SCREEN_TITLE="^menu: [A-Z][^,]*\.$"

# A strap with a public address, which restarts during the workout.
public_input() {
  echo configure
  echo next
  local subscribed beats
  subscribed=$(grep -cF "Polar H10 0A1B2C3D subscribed" "$share/radio.log")
  beats=$(radio_count "Polar H10 0A1B2C3D beat 3")
  echo "start workout"
  wait_radio "Polar H10 0A1B2C3D subscribed" $((subscribed + 1)) 90
  wait_said "Workout started"
  wait_said "^event: Heart rate strap connected" 30
  wait_beats "Polar H10 0A1B2C3D" "$beats"
  echo "heart rate"
  local back
  back=$(said_count "^event: Heart rate strap connected")
  beats=$(radio_count "Polar H10 0A1B2C3D beat 3")
  radio "restart Polar H10 0A1B2C3D"
  wait_said_more "^event: Heart rate strap connected" "$back" 60
  wait_beats "Polar H10 0A1B2C3D" "$beats"
  echo "heart rate"
  end_and_delete
}
# The workout ended and deleted, and Heartline done with it before its input ends.
end_and_delete() {
  echo end
  echo yes
  echo delete
  echo yes
  wait_said "^answer: Workout deleted\." 30
}

# A strap whose notifications need an encrypted link.
encrypted_input() {
  local subscribed beats
  subscribed=$(grep -cF "HRM-Pro 9F8E subscribed" "$share/radio.log")
  beats=$(radio_count "HRM-Pro 9F8E beat 3")
  echo configure
  echo next
  echo "start workout"
  wait_radio "HRM-Pro 9F8E subscribed" $((subscribed + 1)) 90
  wait_said "Workout started"
  wait_said "^event: Heart rate strap connected" 30
  wait_beats "HRM-Pro 9F8E" "$beats"
  echo "heart rate"
  echo battery
  end_and_delete
}

# The adapter pulled out in the middle of a workout, then plugged back in.
unplug_input() {
  echo configure
  echo next
  local subscribed beats
  subscribed=$(grep -cF "TICKR B321 subscribed" "$share/radio.log")
  beats=$(radio_count "TICKR B321 beat 3")
  echo "start workout"
  wait_radio "TICKR B321 subscribed" $((subscribed + 1)) 90
  wait_said "Workout started"
  wait_said "^event: Heart rate strap connected" 30
  wait_beats "TICKR B321" "$beats"
  echo "heart rate"
  wait_said "^answer: Heart rate, [0-9]+ beats per minute" 30
  local back
  back=$(said_count "^event: Heart rate strap connected")
  beats=$(radio_count "TICKR B321 beat 3")
  adapter_out
  wait_said "^event: Heart rate strap disconnected" 20
  echo "heart rate"
  wait_said "not connected" 20
  adapter_in
  wait_said_more "^event: Heart rate strap connected" "$back" 60
  wait_beats "TICKR B321" "$beats"
  echo "heart rate"
  end_and_delete
}

# A workout started while the adapter cannot be used: the sentence, and the workout goes on.
unusable_input() {
  echo configure
  echo next
  echo "start workout"
  wait_said "may not use Bluetooth|Another program holds" 30
  echo "heart rate"
  end_and_delete
}

# The adapter held by another program on the user channel, released during the workout.
busy_input() {
  echo configure
  echo next
  echo "start workout"
  local beats
  beats=$(radio_count "TICKR B321 beat 3")
  wait_said "Another program holds the Bluetooth adapter" 30
  # Heartline keeps trying while the adapter is held, and must not say it again.
  let_time_pass 2 "Heartline retries the held adapter (said once, not at each try)"
  release_adapter
  wait_said "^event: Heart rate strap connected" 60
  wait_beats "TICKR B321" "$beats"
  echo "heart rate"
  end_and_delete
}

hold_adapter() { # another program takes the (powered off) adapter on the user channel
  python3 contrib/vm/hold-adapter.py </dev/null >"$share/hold.txt" 2>&1 &
  echo $! >/run/hold.pid
  await "$share/hold.txt" 20 "the adapter held on the user channel" grep -q held "$share/hold.txt" && return 0
  log "the adapter could not be held: $(cat "$share/hold.txt")"
  return 1
}
release_adapter() { kill "$(cat /run/hold.pid)" 2>/dev/null; }

rfkill_soft() { # 0 or 1 on every Bluetooth rfkill switch
  local switch
  for switch in /sys/class/rfkill/rfkill*; do
    [[ $(cat "$switch/type") == bluetooth ]] && echo "$1" >"$switch/soft"
  done
}

# The virtual headset (contrib/vm/headset.py on /dev/uinput), steered like the radio: lines
# appended to a control file in the share, and its log there to wait on.
# The control is a FIFO headset.py reads as lines come; the share keeps a copy of what was sent.
headset_fifo=/run/headset-control
headset() {
  echo "$*" >>"$share/headset-control"
  timeout 10 bash -c 'echo "$1" >"$2"' _ "$*" "$headset_fifo" || log "the headset did not take '$*' in 10 s"
}
wait_headset() { # TEXT [COUNT] [SECONDS]
  await "$share/headset.log" "${3:-20}" "the headset to say '$1' ${2:-1} times" has_lines "$share/headset.log" "$1" "${2:-1}"
}
headset_in() {
  : >"$share/headset-control"
  rm -f "$headset_fifo"
  mkfifo "$headset_fifo"
  python3 contrib/vm/headset.py --control "$headset_fifo" </dev/null >"$share/headset.log" 2>&1 &
  echo $! >/run/headset.pid
  wait_headset "plugged"
}

terminal_speech=(--speech transcript)
# Heartline on a terminal, as a user runs it: media buttons are read only in terminal mode.
# script(1) gives it a pseudo-terminal and types what INPUT-FUNCTION prints; the transcript
# lines come out above the typed line, among the terminal's escape sequences, and NAME.txt is
# the screen without them.
run_heartline_terminal() { # NAME INPUT-FUNCTION [ARGUMENTS...]
  local name=$1 input=$2
  shift 2
  log "scenario $name (terminal)"
  transcript=$share/$name.screen
  heartline_log=$share/$name.log
  local command
  printf -v command '%q ' "$heartline" "${terminal_speech[@]}" --echo none --data-dir "/dev/shm/$name" --log "$share/$name.log" "$@"
  "$input" | SWIFT_BACKTRACE=enable=no script -qfec "$command" /dev/null >"$transcript" 2>"$share/$name.script.log"
  echo "exit $?" >>"$share/$name.log"
  sed -E 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\r//g' "$transcript" >"$share/$name.txt"
  cp /dev/shm/core.* "$share/" 2>/dev/null && rm -f /dev/shm/core.*
}

# A USB stick: a FAT image behind the kernel's USB mass-storage gadget on the dummy host
# controller, so that the kernel sees a real USB disk (usb-storage, sdX, its partition sdX1)
# come when the gadget is bound and go when it is unbound, as a stick plugged in and pulled out.
gadget=/sys/kernel/config/usb_gadget/stick
stick_image() { # FILE SIZE-KIB [FILE TO PUT ON IT]
  local file=$1 kib=$2
  rm -f "$file"
  truncate -s "${kib}K" "$file"
  echo 'start=2048, type=c' | sfdisk -q "$file" >>"$share/stick-setup.log" 2>&1
  # The partition starts 1 MiB in: mkfs.vfat's size is in KiB blocks.
  mkfs.vfat -n STICK --offset 2048 "$file" $((kib - 1024)) >>"$share/stick-setup.log" 2>&1
  # mtools writes into the image at the partition's offset, with no mount.
  if [[ -n ${3:-} ]]; then MTOOLS_SKIP_CHECK=1 mcopy -i "$file@@$((2048 * 512))" "$3" ::/ >>"$share/stick-setup.log" 2>&1; fi
}
stick_setup() {
  modprobe dummy_hcd && modprobe libcomposite && modprobe usb_f_mass_storage || return 1
  mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config
  mkdir -p "$gadget/strings/0x409" "$gadget/configs/c.1" "$gadget/functions/mass_storage.0"
  echo 0x1d6b >"$gadget/idVendor"
  echo 0x0104 >"$gadget/idProduct"
  echo Heartline >"$gadget/strings/0x409/manufacturer"
  echo "Test stick" >"$gadget/strings/0x409/product"
  echo 0123456789 >"$gadget/strings/0x409/serialnumber"
  echo 1 >"$gadget/functions/mass_storage.0/lun.0/removable"
  ln -s "$gadget/functions/mass_storage.0" "$gadget/configs/c.1/"
}
stick_partition() { local p; for p in /sys/class/block/sd*1; do [[ -e $p ]] && echo "${p##*/}"; done; }
stick_node() { [[ -n $(stick_partition) && -b /dev/$(stick_partition) ]]; }
stick_in() { # IMAGE
  echo "$1" >"$gadget/functions/mass_storage.0/lun.0/file"
  ls /sys/class/udc | head -1 >"$gadget/UDC"
  local round
  for round in 1 2 3; do
    # The partition's node (its name unknown until the kernel picks it), and udev done with it:
    # a gadget bound again after udisks2 powered the last one off can come and go once before
    # it stays.
    await_events 20 "a partition sd*1 of $1" "$UDEV_READY" . "${UDEV_EVENTS[@]}" --subsystem-match=block -- stick_node ||
      return 1
    let_time_pass 2 "a stick bound again may come and go once before it stays"
    udevadm settle --timeout=20
    if stick_node; then
      log "stick in: $1 as $(stick_partition)"
      return 0
    fi
  done
  log "no sd*1 that stays for $1"
  return 1
}
stick_out() {
  local partition
  partition=$(stick_partition)
  echo "" >"$gadget/UDC"
  [[ -z $partition ]] || await_device "/sys/class/block/$partition" 20 "the stick's partition $partition to go" --removed
}
start_udisks() {
  # udisks2 mounts under /media, which the read-only share of this machine's files cannot hold.
  mount -t tmpfs -o mode=755 none /media
  mkdir -p /run/dbus
  dbus-daemon --system --fork --nopidfile --print-pid >/run/dbus-system.pid 2>>"$share/udisks.log" || return 1
  # virtme-ng starts udevd at boot; a second one would take over its control socket.
  udevadm control --ping --timeout=10 2>/dev/null || /lib/systemd/systemd-udevd --daemon >>"$share/udisks.log" 2>&1
  udevadm trigger --action=add >>"$share/udisks.log" 2>&1
  udevadm settle --timeout=30
  /usr/libexec/udisks2/udisksd --no-debug >>"$share/udisks.log" 2>&1 &
  echo $! >/run/udisksd.pid
  local i
  gdbus wait --system --timeout 30 org.freedesktop.UDisks2 && return 0
  log "udisksd did not come on the bus in 30 s"
  return 1
}
# The stick's menu said whole (its last entry), one more time than at MARK.
STICK_MENU_END="menu: 4, Unmount the stick\."
# Heartline done with the stick: back on its home screen, one more time than at MARK.
STICK_DONE="answer: You are on Heartline home\."
# Plugged in: a stick with a coach's plan (workouts copied, the plan read), a small full one, and
# one pulled out while the copy runs.
stick_input() {
  local said menus done
  wait_said "answer: Heartline is ready\." 60
  menus=$(said_count "$STICK_MENU_END")
  done=$(said_count "$STICK_DONE")
  stick_in /dev/shm/stick-plans.img
  wait_said "answer: A USB stick is in\." 60
  wait_said_more "$STICK_MENU_END" "$menus" 30
  printf 1 # Copy new workouts and read plans
  wait_said "answer: You may pull out the stick\." 180
  wait_said_more "$STICK_DONE" "$done" 30
  stick_out
  said=$(said_count "answer: A USB stick is in\.")
  menus=$(said_count "$STICK_MENU_END")
  done=$(said_count "$STICK_DONE")
  stick_in /dev/shm/stick-full.img
  wait_said_more "answer: A USB stick is in\." "$said" 60
  wait_said_more "$STICK_MENU_END" "$menus" 30
  printf 2 # Copy new workouts
  wait_said "answer: The stick is full after" 180
  wait_said_more "answer: You may pull out the stick\." 1 60
  wait_said_more "$STICK_DONE" "$done" 30
  stick_out
  said=$(said_count "answer: A USB stick is in\.")
  menus=$(said_count "$STICK_MENU_END")
  done=$(said_count "$STICK_DONE")
  stick_in /dev/shm/stick-early.img
  wait_said_more "answer: A USB stick is in\." "$said" 60
  wait_said_more "$STICK_MENU_END" "$menus" 30
  # Pulled out while the copy runs: once the log says how many files it has to copy, and the
  # first of them is on the stick (its final name in the mounted folder), the rest to come.
  local copies
  copies=$(grep -c "files to copy" "$share/stick.log")
  printf 2
  await "$share/stick.log" 60 "the copy to the stick to start" copies_more "$copies"
  # The stick's vfat is mounted here (not 9p): inotify sees Heartline's files come.
  await_events 30 "the first file copied to the stick" "^watching$" . \
    python3 -S -u -c "$WATCH_FILES" /media/*/STICK /media/*/STICK/heartline -- first_copied
  stick_out
  wait_said "answer: The stick was pulled out early" 60
  wait_said_more "$STICK_DONE" "$done" 30
  printf 'quit\r'
  wait_said "answer: Goodbye\." 30
  await_exit 20 "Heartline to exit after Goodbye" $(pgrep -xf "$heartline .*")
}
first_copied() { compgen -G "/media/*/STICK/heartline/*.fit" >/dev/null; }
copies_more() { (($(grep -c "files to copy" "$share/stick.log") > $1)); }
# With no udisks2: the kernel's own events, and Heartline's own mount; the stick pulled out
# early is plugged in again and gets the rest.
stick_kernel_input() {
  local said menus done
  wait_said "answer: Heartline is ready\." 60
  menus=$(said_count "$STICK_MENU_END")
  done=$(said_count "$STICK_DONE")
  stick_in /dev/shm/stick-early.img
  wait_said "answer: A USB stick is in\." 60
  wait_said_more "$STICK_MENU_END" "$menus" 30
  printf 2
  wait_said "answer: You may pull out the stick\." 180
  wait_said_more "$STICK_DONE" "$done" 30
  stick_out
  # A stick cut as a pull can leave it (a file's entry on clusters the FAT marks free): mended
  # before the copy, so the new files do not take those clusters.
  said=$(said_count "answer: A USB stick is in\.")
  menus=$(said_count "$STICK_MENU_END")
  done=$(said_count "$STICK_DONE")
  stick_in /dev/shm/stick-cut.img
  wait_said_more "answer: A USB stick is in\." "$said" 60
  wait_said_more "$STICK_MENU_END" "$menus" 30
  said=$(said_count "answer: You may pull out the stick\.")
  printf 2
  wait_said_more "answer: You may pull out the stick\." "$said" 180
  wait_said_more "$STICK_DONE" "$done" 30
  stick_out
  printf 'quit\r'
  wait_said "answer: Goodbye\." 30
  await_exit 20 "Heartline to exit after Goodbye" $(pgrep -xf "$heartline .*")
}
# A stick image with one file on it (heartline/a.fit), then cut as an early pull can leave it.
stick_cut_image() { # FILE
  stick_image "$1" 16384
  head -c 60000 /dev/urandom >/dev/shm/stick-cut-a.fit
  MTOOLS_SKIP_CHECK=1 mmd -i "$1@@$((2048 * 512))" ::/heartline >>"$share/stick-setup.log" 2>&1
  MTOOLS_SKIP_CHECK=1 mcopy -i "$1@@$((2048 * 512))" /dev/shm/stick-cut-a.fit ::/heartline/a.fit >>"$share/stick-setup.log" 2>&1
  python3 contrib/vm/stick-cut.py "$1" $((2048 * 512)) "HEARTL~1   " "A       FIT" >>"$share/stick-setup.log" 2>&1
}
# Linux's own vfat over a cut stick, with no repair: a new file written, then read back with
# mtools beside the cut one, and fsck's word. What Heartline's copy would have met unmended. A
# loop device over the image: the same kernel file system, without the USB gadget's slow bind.
stick_cut_unmended() {
  stick_cut_image /dev/shm/stick-raw.img
  local out=$share/stick-raw.txt loop
  mkdir -p /dev/shm/stick-raw
  head -c 60000 /dev/urandom >/dev/shm/stick-raw-c.fit
  {
    modprobe loop
    loop=$(losetup --offset $((2048 * 512)) --find --show /dev/shm/stick-raw.img) && echo "on $loop"
    mount -t vfat "$loop" /dev/shm/stick-raw && echo "mounted"
    cp /dev/shm/stick-raw-c.fit /dev/shm/stick-raw/heartline/c.fit && sync && echo "c.fit written"
    umount /dev/shm/stick-raw && echo "unmounted"
    losetup --detach "$loop"
  } >"$out" 2>&1
  dd if=/dev/shm/stick-raw.img of=/dev/shm/stick-partition.img bs=512 skip=2048 status=none
  export MTOOLS_SKIP_CHECK=1
  rm -f /dev/shm/stick-raw-a.back /dev/shm/stick-raw-c.back
  mcopy -n -i /dev/shm/stick-partition.img ::/heartline/a.fit /dev/shm/stick-raw-a.back >>"$out" 2>&1
  mcopy -n -i /dev/shm/stick-partition.img ::/heartline/c.fit /dev/shm/stick-raw-c.back >>"$out" 2>&1
  cmp -s /dev/shm/stick-raw-c.back /dev/shm/stick-raw-c.fit && echo "c.fit whole" >>"$out" || echo "c.fit differs" >>"$out"
  cmp -s /dev/shm/stick-raw-a.back /dev/shm/stick-cut-a.fit && echo "a.fit whole" >>"$out" || echo "a.fit differs" >>"$out"
  cmp -s /dev/shm/stick-raw-a.back /dev/shm/stick-raw-c.fit && echo "a.fit reads as c.fit's bytes" >>"$out"
  fsck.vfat -n /dev/shm/stick-partition.img >>"$out" 2>&1
  echo "fsck exit $?" >>"$out"
  rm -f /dev/shm/stick-partition.img
}
# One listed file against the board's export: "same NAME", or "differs NAME" and why (missing,
# sizes, the first differing byte, whether the stick's file is a prefix of the export or its
# tail from there is zeros).
stick_compare() { # STICK-FILE EXPORT-FILE NAME
  local got=$1 want=$2 first
  if [[ ! -e $got ]]; then echo "differs $3: not on the stick"; return; fi
  if [[ ! -e $want ]]; then echo "differs $3: not among the board's exports"; return; fi
  if cmp -s "$got" "$want"; then echo "same $3"; return; fi
  local size_got size_want
  size_got=$(stat -c %s "$got")
  size_want=$(stat -c %s "$want")
  first=$(cmp "$got" "$want" 2>&1 | sed -nE 's/.*differ: (char|byte) ([0-9]+).*/\2/p')
  if [[ -z $first ]]; then
    # cmp stopped at the end of the shorter one: the shorter is the other's prefix.
    if ((size_got < size_want)); then
      echo "differs $3: $size_got bytes on the stick, $size_want exported; the stick's is a prefix of the export"
    else
      echo "differs $3: $size_got bytes on the stick, $size_want exported; the export is a prefix of the stick's"
    fi
    return
  fi
  local tail="not zeros"
  [[ $(tail -c +"$first" "$got" | tr -d '\0' | wc -c) == 0 ]] && tail="zeros"
  echo "differs $3: $size_got bytes on the stick, $size_want exported; first differing byte $first; the stick's from there: $tail"
  echo "  $(cmp -l "$got" "$want" 2>/dev/null | wc -l) bytes differ in the common length; the first (offset, stick, export in octal):"
  cmp -l "$got" "$want" 2>/dev/null | head -8 | sed "s/^/   /"
}
# fsck's word on a stick image's file system, changing nothing.
stick_fsck() { # IMAGE NAME
  dd if="$1" of=/dev/shm/stick-partition.img bs=512 skip=2048 status=none
  fsck.vfat -n /dev/shm/stick-partition.img >"$share/$2-fsck.txt" 2>&1
  echo "fsck exit $?" >>"$share/$2-fsck.txt"
  rm -f /dev/shm/stick-partition.img
}
# What a stick image holds, read after the run: its files, and fsck's word on the file system.
stick_contents() { # IMAGE NAME
  dd if="$1" of=/dev/shm/stick-partition.img bs=512 skip=2048 status=none
  fsck.vfat -n /dev/shm/stick-partition.img >"$share/$2-fsck.txt" 2>&1
  echo "fsck exit $?" >>"$share/$2-fsck.txt"
  export MTOOLS_SKIP_CHECK=1
  mdir -b -i /dev/shm/stick-partition.img ::/ ::/heartline >"$share/$2-files.txt" 2>&1
  mtype -i /dev/shm/stick-partition.img ::/heartline/.heartline-copied >"$share/$2-marker.txt" 2>/dev/null
  # Every file the marker lists is the board's own export, byte for byte.
  local name
  rm -rf "/dev/shm/stick-out-$2"
  mkdir -p "/dev/shm/stick-out-$2"
  mcopy -n -i /dev/shm/stick-partition.img "::/heartline/*.fit" "/dev/shm/stick-out-$2/" 2>/dev/null
  # The folder with sizes and short names, as the image holds it.
  mdir -a -i /dev/shm/stick-partition.img ::/heartline >"$share/$2-listing.txt" 2>&1
  : >"$share/$2-compare.txt"
  while read -r name; do
    name=${name%$'\r'}
    [[ -n $name ]] || continue
    stick_compare "/dev/shm/stick-out-$2/$name" "/dev/shm/stick-export/$name" "$name" >>"$share/$2-compare.txt"
  done <"$share/$2-marker.txt"
  rm -f /dev/shm/stick-partition.img
}

# Heartline in script mode speaking through espeak-ng, as on a board with no sound server.
run_heartline_espeak() { # NAME INPUT-FUNCTION [ARGUMENTS...]
  local name=$1 input=$2
  shift 2
  log "scenario $name (espeak-ng)"
  transcript=$share/$name.txt
  "$input" | SWIFT_BACKTRACE=enable=no "$heartline" --speech espeak --data-dir "/dev/shm/$name" "$@" \
    >"$share/$name.txt" 2>"$share/$name.log"
  echo "exit $?" >>"$share/$name.log"
}

# A workout driven by the headset's buttons: play/pause is heart rate, held it is all metrics;
# the headset unplugged (said once) and plugged back (found by the next reading of the list).
HEART_RATE="answer: Heart rate, [0-9]+ beats per minute\."
buttons_input() {
  wait_said "answer: Heartline is ready\." 30
  printf 1 # Configure a new workout
  wait_said "menu: 5, Next\." 15
  printf 'next\r'
  wait_said "menu: Metrics for audio feedback\." 15
  wait_said "menu: 4, Next\." 15
  printf 'start workout\r'
  wait_said "answer: Workout started\." 30
  # The simulated strap says nothing when its readings begin.
  let_time_pass 3 "the simulated strap's first readings"
  local said
  said=$(said_count "$HEART_RATE")
  headset press playpause
  wait_said_more "$HEART_RATE" "$said" 15
  headset hold playpause 1.5
  wait_said "answer: Time elapsed" 15
  # All metrics said: the average heart rate is the last.
  wait_said "answer: Average heart rate" 15
  headset unplug
  wait_said "Media buttons disconnected" 15
  let_time_pass 6 "another reading of the device list (every 5 s), which must not say it again"
  headset plug
  wait_said "Media buttons connected" 15
  said=$(said_count "$HEART_RATE")
  headset press playpause
  wait_said_more "$HEART_RATE" "$said" 15
}

# Speech through espeak-ng straight to a sound card, with no sound server: the loopback card's
# playback side is ALSA's default device (card 0, the only one: ALSA's own configuration for it
# is a dmix of 32-bit stereo at 48 kHz), and its capture side records what was played. The
# recording starts two seconds before Heartline, in that same format, so that it begins with
# silence and then holds Heartline's first sentences.
LOOPBACK_FORMAT=(-f S32_LE -r 48000 -c 2 --period-size=1024 --buffer-size=16384)
speech_input() {
  local params=/proc/asound/Loopback/pcm0p/sub0/hw_params
  # A /proc attribute: procfs raises no inotify event, and opening a PCM sends no uevent.
  wait_until 20 "espeak-ng to open the loopback card" card_open "$params"
  echo "the card opened $(elapsed) s into the recording" >"$share/loopback-playback.txt"
  cat "$params" >>"$share/loopback-playback.txt" 2>&1
  let_time_pass 6 "espeak-ng plays the first sentence and some of the home menu into the recording"
  # pgrep's patterns match names of 15 characters at most.
  ps -e -o comm= | grep -Ex 'pulseaudio|pipewire|speech-dispatch.*' >"$share/sound-servers.txt"
  echo "sound servers running: $(grep -c . "$share/sound-servers.txt")" >>"$share/sound-servers.txt"
}
card_open() { [[ $(cat "$1") != closed ]]; }
recording_started=0
elapsed() { awk -v now="$(date +%s.%N)" -v then="$recording_started" 'BEGIN { printf "%.1f", now - then }'; }

# bluetoothd as the install runs it (contrib/bluetooth-restart.conf: restarted when it dies),
# with a short policy for its own reconnection after a link loss (two attempts, 1 and 2 s
# apart) so that a headset away for 20 s outlasts them.
start_bluetoothd_kept() {
  mkdir -p /run/dbus /var/lib/bluetooth
  dbus-daemon --system --fork --nopidfile 2>>"$share/bluetoothd.log" || return 1
  printf '%s\n' "[General]" "Name = heartline-vm" "[Policy]" "ReconnectAttempts=2" "ReconnectIntervals=1,2" \
    "AutoEnable=true" >/dev/shm/bluetooth-main.conf
  (
    while true; do
      /usr/libexec/bluetooth/bluetoothd -n -d -f /dev/shm/bluetooth-main.conf >>"$share/bluetoothd.log" 2>&1
      echo "guest: bluetoothd exited with status $? at $(date +%s)" >>"$share/bluetoothd-restarts.log"
      let_time_pass 1 "a pause before bluetoothd is started again, as systemd's RestartSec makes one"
    done
  ) </dev/null >/dev/null 2>&1 &
  echo $! >/run/bluetoothd-loop.pid
  gdbus wait --system --timeout 30 org.bluez || log "bluetoothd did not come on the bus in 30 s"
  # bluetoothd's signals (the adapter added, its Powered changed); gdbus has the match by the
  # time it says whose the name is, before the test (a process started after) reads the state.
  await_events 60 "the adapter to power on under bluetoothd" "^The name org\.bluez is owned by" . \
    gdbus monitor --system --dest org.bluez -- power_on
}
# The adapter powered, or asked to be (an answer, not a fixed pause, between two tries).
power_on() {
  timeout 5 bluetoothctl --timeout 2 show 2>/dev/null | grep -q "Powered: yes" && return 0
  timeout 5 bluetoothctl --timeout 2 power on >/dev/null 2>&1
  return 1
}

# PulseAudio 16 with its Bluetooth module, as root, on a tmpfs runtime directory; a null sink
# (module-always-sink) when no headset is there.
start_pulseaudio() {
  export XDG_RUNTIME_DIR=/run/user/0 HOME=/dev/shm/home
  # The server's directory made first, for its socket's coming to be watched (PulseAudio takes
  # one of its user's with mode 700).
  mkdir -p "$XDG_RUNTIME_DIR/pulse" "$HOME"
  chmod 700 "$XDG_RUNTIME_DIR" "$XDG_RUNTIME_DIR/pulse"
  pulseaudio -n --daemonize=no --exit-idle-time=-1 --log-level=info --log-target=file:"$share/pulseaudio.log" \
    -L module-native-protocol-unix -L module-always-sink -L module-bluetooth-policy \
    -L module-bluetooth-discover </dev/null >/dev/null 2>&1 &
  await_events 20 "PulseAudio to answer" "^watching$" . python3 -S -u -c "$WATCH_FILES" "$XDG_RUNTIME_DIR/pulse" -- pulseaudio_up
}
pulseaudio_up() { pactl info >/dev/null 2>&1; }

# PipeWire 0.3 with WirePlumber 0.4 and PipeWire's Bluetooth module, as apt installs them on a
# bare Debian 12, as root on a tmpfs runtime directory, each with its own log: PipeWire, its
# pulse server (pipewire-pulse's own configuration, which contrib/setup.sh --test unpacks into
# the VM suite's venv), and WirePlumber with heartline-board's own file, which lets it start
# Bluetooth audio with no login seat (there is no logind here at all). WirePlumber needs a
# session bus, which a board's login has from dbus-user-session; heartline-board's volume file
# gives the headset its full volume when it first meets it. A null sink stands for the
# board's own sound card, as PulseAudio's module-always-sink does in start_pulseaudio.
pulse_on_pipewire() { pactl info 2>/dev/null | grep -q "^Server Name: PulseAudio (on PipeWire"; }
PIPEWIRE_PULSE_CONF=${HEARTLINE_VM_VENV:-/opt/heartline-vm}/pipewire-pulse/usr/share/pipewire/pipewire-pulse.conf
start_pipewire() {
  export XDG_RUNTIME_DIR=/run/user/0 HOME=/dev/shm/home XDG_CONFIG_HOME=/dev/shm/home/.config
  export DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/0/bus
  mkdir -p "$XDG_RUNTIME_DIR/pulse" "$XDG_CONFIG_HOME/wireplumber/bluetooth.lua.d" "$XDG_CONFIG_HOME/wireplumber/main.lua.d"
  chmod 700 "$XDG_RUNTIME_DIR" "$XDG_RUNTIME_DIR/pulse"
  cp contrib/board/wireplumber.lua "$XDG_CONFIG_HOME/wireplumber/bluetooth.lua.d/51-heartline-board.lua"
  cp contrib/board/wireplumber-volume.lua "$XDG_CONFIG_HOME/wireplumber/main.lua.d/51-heartline-board.lua"
  dbus-daemon --session --address="$DBUS_SESSION_BUS_ADDRESS" --fork --nopidfile 2>>"$share/pipewire.log" || return 1
  pipewire </dev/null >>"$share/pipewire.log" 2>&1 &
  WIREPLUMBER_DEBUG=3 wireplumber </dev/null >>"$share/wireplumber.log" 2>&1 &
  PIPEWIRE_DEBUG=3 pipewire -c "$PIPEWIRE_PULSE_CONF" </dev/null >>"$share/pipewire-pulse.log" 2>&1 &
  await_events 20 "PipeWire's pulse server to answer" "^watching$" . \
    python3 -S -u -c "$WATCH_FILES" "$XDG_RUNTIME_DIR/pulse" -- pulse_on_pipewire
  if pactl load-module module-null-sink sink_name=board >/dev/null 2>>"$share/pipewire.log"; then
    # The graph's nodes and links each second, for reading a failure afterwards.
    contrib/vm/pipewire-sample.sh "$share/pipewire-samples.txt" </dev/null >/dev/null 2>&1 &
    return 0
  fi
  log "PipeWire's pulse server did not start"
}

# The journey by ear: Settings, Headset, find; the headset chosen (paired, connected); speech
# to it; a workout; the headset out of range for 20 s and back; a clean disconnect by the
# headset and back; its play/pause button.
HEADSET="SHOKZ FAKE"
headset_journey() {
  # The way to the workout keeps a person's rhythm of keys, a second or two apart, each cutting
  # the speech of the screen before, so that the journey's speech reaches the headset between
  # them (see vm-suite.md, "How the guest waits").
  local why="a person's rhythm of keys, each cutting the last screen's speech"
  wait_said "Heartline is ready" 60
  let_time_pass 1 "$why"
  printf 'settings\r'
  let_time_pass 1 "$why"
  printf 'headset\r'
  wait_said "Remembered headset|No headset is remembered" 20
  printf 'find headsets\r'
  wait_said "^1, $HEADSET|No headset was found" 90
  let_time_pass 1 "$why"
  printf 1
  wait_said "$HEADSET is connected|did not pair|did not connect|did not answer" 90
  let_time_pass 1 "$why"
  # PulseAudio's module makes the headset's sink the default once its profile is up.
  await_events 20 "PulseAudio's default sink to be the headset's" "$PULSE_READY" "$PULSE_WAKE" \
    "${PULSE_EVENTS[@]}" -- default_sink_bluez
  pactl list short sinks >"$share/sinks-connected.txt" 2>&1
  pactl info >>"$share/sinks-connected.txt" 2>&1
  pactl list sink-inputs >>"$share/sinks-connected.txt" 2>&1
  printf 'home\r'
  let_time_pass 1 "$why"
  printf 'configure\r'
  let_time_pass 1 "$why"
  # A plan with a phase change every 5 seconds, so that events fall while the headset is away
  # whatever the virtual link's timing: they are held, and said when it is back.
  local step
  for step in 1 2 3 4 5 6; do
    grep -q "^Training plan\.\s*$" <(sed -E 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\r/\n/g' "$transcript") && break
    printf 'next\r'
    let_time_pass 2 "$why"
  done
  printf 'warm up 10 seconds, 30 times 5 seconds work, 5 seconds rest\r'
  wait_said "Ready to start" 20
  printf 'start workout\r'
  wait_said "Workout started" 30
  # Three seconds of speech decoded by the headset before it goes.
  wait_radio "$HEADSET audio" 3 30
  pactl list sink-inputs >"$share/streams-workout.txt" 2>&1
  local back streams gone held
  back=$(said_count "$HEADSET is back")
  streams=$(radio_count "$HEADSET stream started")
  gone=$(radio_count "$HEADSET disconnected")
  held=$(said_count "[0-9]+ seconds? ago\.")
  radio "away $HEADSET 20"
  wait_radio "$HEADSET out of range" 1 10
  # The link's supervision timeout: the headset gone for the kernel and PulseAudio.
  wait_radio "$HEADSET disconnected" $((gone + 1)) 10
  await_events 8 "PulseAudio to drop the headset's sink" "$PULSE_READY" "$PULSE_WAKE" "${PULSE_EVENTS[@]}" -- no_sink_bluez
  pactl list short sinks >"$share/sinks-away.txt" 2>&1
  pactl list sink-inputs >>"$share/sinks-away.txt" 2>&1
  # During a workout on a terminal every key is a command: h is the heart rate.
  printf h
  wait_said_more "$HEADSET is back" "$back" 150
  # What was held said, and its stream up again, before the headset switches itself off.
  wait_said_more "[0-9]+ seconds? ago\." "$held" 30
  wait_radio "$HEADSET stream started" $((streams + 1)) 30
  back=$(said_count "$HEADSET is back")
  streams=$(radio_count "$HEADSET stream started")
  local buttons
  buttons=$(said_count "Media buttons connected")
  radio "disconnect $HEADSET"
  wait_radio "$HEADSET switched off" 1 10
  wait_said_more "$HEADSET is back" "$back" 90
  wait_radio "$HEADSET stream started" $((streams + 1)) 30
  # The input subsystem's events: the device's event node comes after the device is in the
  # list /proc/bus/input/devices reads.
  await_events 20 "bluetoothd's input device $HEADSET (AVRCP)" "$UDEV_READY" . \
    "${UDEV_EVENTS[@]}" --subsystem-match=input -- input_device "$HEADSET (AVRCP)"
  # Heartline reads the list of input devices every 5 s: the AVRCP device found again.
  wait_said_more "Media buttons connected" "$buttons" 30
  cp /proc/bus/input/devices "$share/input-devices.txt"
  local lines
  lines=$(wc -l <"$transcript")
  radio "press $HEADSET play"
  # The answer, said after the press (not a heart rate said before it). A press can be lost
  # while the headset's control channel settles after it came back (bluetoothd makes its input
  # device again): an athlete presses again, and so does this, once, saying so in the file
  # run.sh shows when the check fails, and in the guest's log.
  if ! await "$transcript" 12 "Heartline to answer the headset's play with the heart rate" \
    said_after "$lines" "Heart rate, [0-9]+ beats per minute\."; then
    log "no answer to the first press of play in 12 s: pressed again"
    echo "(no answer to the first press in 12 s; play pressed again)" >"$share/play-pressed-again.txt"
    radio "press $HEADSET play"
    await "$transcript" 20 "Heartline to answer the second press of play with the heart rate" \
      said_after "$lines" "Heart rate, [0-9]+ beats per minute\."
  fi
  # What was said after the press, for run.sh.
  said_since "$lines" >"$share/play-answer.txt"
  # On the workout screen every key is a command: e asks to end, y says yes.
  printf e
  wait_said "Definitely end workout" 15
  printf y
  wait_said "Workout summary" 15
  wait_said "1, Save workout\." 15
  printf 1 # Save
  wait_said "Workout saved" 15
  printf 'quit\r'
  wait_said "Goodbye" 15
  await_exit 20 "Heartline to exit after Goodbye" $(pgrep -xf "$heartline .*")
}
# PulseAudio names a headset's sink bluez_sink.ADDRESS..., PipeWire bluez_output.ADDRESS...
default_sink_bluez() { pactl info 2>/dev/null | grep -Eq "^Default Sink: bluez_(sink|output)\."; }
no_sink_bluez() { ! pactl list short sinks 2>/dev/null | grep -Eq "bluez_(sink|output)\."; }
# What the terminal showed after its first LINES lines, without its escape sequences.
said_since() { tail -n +$(($1 + 1)) "$transcript" | sed -E 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\r//g'; }
said_after() { said_since "$1" | grep -Eq -- "$2"; }
input_device() { grep -qF "N: Name=\"$1\"" /proc/bus/input/devices; }

ulimit -c unlimited
echo "/dev/shm/core.%e.%p" >/proc/sys/kernel/core_pattern
if [[ $group != devices && $group != stick ]]; then
  modprobe hci_vhci
  modprobe virtio_console
  # udev's rule links each named port as /dev/virtio-ports/NAME.
  await_device /dev/virtio-ports/hci 10 "the virtio port named hci"
fi

case $group in
  core)
    # Extended advertising, no bluetoothd: the adapter stays powered off until Heartline
    # powers it for its scan.
    adapter_in
    hciconfig hci0 >"$share/adapter-at-start.txt" 2>&1
    chmod 1777 /dev/shm
    run_heartline find identity_input
    "$heartline" --check --speech transcript --data-dir /dev/shm/find >"$share/check.txt" 2>"$share/check.log"
    others=$(other_connections "TICKR B321")
    run_heartline workout workout_input --sensor C8:03:F1:B9:0B:4E
    echo "other straps connected: $(($(other_connections "TICKR B321") - others))" >"$share/workout-others.txt"
    "$heartline" export --format csv --all --data-dir /dev/shm/workout --output "$share/csv" >>"$share/workout.log" 2>&1
    others=$(other_connections "Polar H10 0A1B2C3D")
    run_heartline public public_input --sensor 00:22:D0:0A:1B:2C
    echo "other straps connected: $(($(other_connections "Polar H10 0A1B2C3D") - others))" >"$share/public-others.txt"
    run_heartline encrypted encrypted_input --sensor D4:36:39:E5:77:12
    # No CAP_NET_ADMIN (an unprivileged user, the setcap line not applied): a scan, and a
    # workout that would have to power the adapter on, each said in one sentence.
    as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all --bounding-set=-all)
    run_heartline nopriv-find find_input
    btmgmt --index 0 power off >/dev/null 2>&1
    run_heartline nopriv-workout unusable_input --sensor C8:03:F1:B9:0B:4E
    as_user=()
    # Another program holds the adapter on the user channel.
    hold_adapter
    run_heartline busy-find find_input
    run_heartline busy busy_input --sensor C8:03:F1:B9:0B:4E
    release_adapter
    rfkill_soft 1
    run_heartline rfkill find_input
    rfkill_soft 0
    adapter_out
    run_heartline no-adapter find_input
    ;;
  unplug)
    # The adapter pulled out and plugged back. It comes back powered up only for the kernel's
    # setup, which powers it off two seconds later; a connection started in that window was
    # aborted (ECONNABORTED), and closing its socket hit a Linux 6.1 bug that killed Heartline
    # (list corruption in hci_chan_del). The kernel's log is kept to show that it did not.
    adapter_in
    run_heartline unplug unplug_input --sensor C8:03:F1:B9:0B:4E
    dmesg >"$share/dmesg.txt"
    ;;
  bluetoothd)
    # A Bluetooth 4.2 adapter (legacy advertising reports) with bluetoothd running and
    # discovering itself, as on a desktop with its Bluetooth panel open.
    adapter_in
    start_bluetoothd || log "bluetoothd did not start"
    bluetoothctl power on >>"$share/bluetoothd.log" 2>&1
    (bluetoothctl --timeout 40 scan on </dev/null >>"$share/bluetoothd.log" 2>&1 &)
    await "$share/bluetoothd.log" 20 "bluetoothd to discover" grep -qE "discovering_callback\(\) hci0 type [0-9]+ discovering 1" "$share/bluetoothd.log"
    btmgmt --index 0 info >"$share/adapter-with-bluetoothd.txt" 2>&1
    run_heartline find-bluetoothd find_input
    run_heartline workout-bluetoothd workout_input --sensor C8:03:F1:B9:0B:4E
    ;;
  stick)
    # USB sticks (issue 26): FAT images made with mkfs.vfat behind a real USB gadget, found by
    # udisks2 (with udev) and then by the kernel's own events alone.
    stick_setup || log "no USB gadget (dummy_hcd, libcomposite, usb_f_mass_storage)"
    stick_image /dev/shm/stick-plans.img 16384 Tests/Fixtures/coach/gorby.zwo
    stick_image /dev/shm/stick-full.img 1280
    stick_image /dev/shm/stick-early.img 16384
    stick_cut_image /dev/shm/stick-cut.img
    stick_fsck /dev/shm/stick-cut.img stick-cut-before
    "$heartline" generate --days 6 --seed 7 --data-dir /dev/shm/stick >"$share/stick-generate.log" 2>&1
    start_udisks || log "udisks2 did not start"
    cp -a /dev/shm/stick /dev/shm/stick-board-before
    run_heartline_terminal stick stick_input
    ls /dev/shm/stick/plans >"$share/stick-plans-dir.txt" 2>&1
    # The stick pulled out mid-write, as the pull left it: the next plug-in must mend it first.
    stick_fsck /dev/shm/stick-early.img stick-early-pulled
    # No udisks2, and no system bus that could start it again.
    kill "$(cat /run/udisksd.pid)" "$(cat /run/dbus-system.pid)" 2>/dev/null
    await_exit 10 "udisksd and the system bus to exit" "$(cat /run/udisksd.pid)" "$(cat /run/dbus-system.pid)"
    rm -f /run/dbus/system_bus_socket
    rm -rf /dev/shm/stick-kernel
    cp -a /dev/shm/stick /dev/shm/stick-kernel
    run_heartline_terminal stick-kernel stick_kernel_input
    "$heartline" export --format fit --all --data-dir /dev/shm/stick-kernel --output /dev/shm/stick-export \
      >"$share/stick-board-after.txt" 2>&1
    stick_contents /dev/shm/stick-plans.img stick-plans
    stick_contents /dev/shm/stick-full.img stick-full
    stick_contents /dev/shm/stick-early.img stick-early
    stick_contents /dev/shm/stick-cut.img stick-cut
    stick_cut_unmended
    dmesg >"$share/stick-dmesg.txt"
    ;;
  headset | headset-6.12 | headset-pipewire | headset-6.12-pipewire)
    # A Bluetooth Classic headset (contrib/vm/classic.py on the radio) through the real
    # bluetoothd and PulseAudio, or PipeWire for the groups named so: the journey by ear, with
    # the kernel's log kept.
    modprobe uinput
    # Every HCI packet, for btmon -r on the host.
    btmon -w "$share/btmon.snoop" </dev/null >/dev/null 2>&1 &
    adapter_in
    start_bluetoothd_kept
    if [[ $group == *-pipewire ]]; then start_pipewire; else start_pulseaudio; fi
    terminal_speech=(--speech espeak --captions)
    run_heartline_terminal headset headset_journey --simulate
    pactl list short sinks >"$share/sinks-end.txt" 2>&1
    dmesg >"$share/dmesg.txt"
    kill "$(cat /run/bluetoothd-loop.pid)" 2>/dev/null
    ;;
  machine)
    # A treadmill on the Fitness Machine Service: found, remembered and steered by a plan over
    # the kernel's L2CAP ATT socket, with no bluetoothd.
    adapter_in
    run_heartline machine machine_input
    dmesg >"$share/dmesg.txt"
    ;;
  devices)
    # The other real devices a board has and this machine lacks: a headset's media buttons
    # (uinput) and a sound card with no sound server (snd-aloop).
    modprobe uinput
    headset_in
    cp /proc/bus/input/devices "$share/input-devices.txt"
    run_heartline_terminal buttons buttons_input --simulate
    kill "$(cat /run/headset.pid)" 2>/dev/null
    modprobe snd-aloop
    cat /proc/asound/cards >"$share/sound-cards.txt"
    recording_started=$(date +%s.%N)
    arecord -D hw:Loopback,1,0 "${LOOPBACK_FORMAT[@]}" "$share/speech.wav" </dev/null 2>"$share/arecord.log" &
    recording=$!
    # A /proc attribute: procfs raises no inotify event, and opening a PCM sends no uevent.
    wait_until 20 "arecord to open the loopback's capture side" card_open /proc/asound/Loopback/pcm1c/sub0/hw_params
    let_time_pass 2 "silence recorded before Heartline starts"
    run_heartline_espeak speech speech_input
    echo "Heartline ended $(elapsed) s into the recording" >>"$share/loopback-playback.txt"
    kill -INT "$recording"
    wait "$recording"
    ;;
esac
log "group $group done"
