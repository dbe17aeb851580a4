#!/bin/sh
# The boot test's eyes and ears inside the booted image (contrib/boot/run.sh puts it there, with
# heartline-boot-check.service). One run per boot: it waits for what the boot should show,
# copies tty1's screen, the journal and Heartline's log to the host's shared folder, and powers
# the machine off. The host judges; this script only collects.
#
# The kernel command line (or /etc/heartline-boot.conf) says which boot this is: heartline.boot=image
# or pulse (a board with the loopback card: record what it plays) or nouser (wait for tty1's
# first sentence);
# heartline.user=NAME who trains there (default ann); heartline.wait=SECONDS bounds the wait
# (default 300).
set -u
# A disk image started by its own bootloader has its settings in /etc/heartline-boot.conf instead.
settings=$(cat /proc/cmdline /etc/heartline-boot.conf 2>/dev/null | tr '\n' ' ')
boot=$(echo "$settings" | sed -n 's/.*heartline\.boot=\([a-z]*\).*/\1/p')
user=$(echo "$settings" | sed -n 's/.*heartline\.user=\([a-z][a-z0-9-]*\).*/\1/p')
user=${user:-ann}
home=$(getent passwd "$user" | cut -d: -f6)
uid=$(id -u "$user")
limit=$(echo "$settings" | sed -n 's/.*heartline\.wait=\([0-9]*\).*/\1/p')
limit=${limit:-300}
out=/run/heartline-boot
mkdir -p "$out"
# How this script waits, as contrib/vm/guest.sh does: await_events for a state that an event
# tells (a device's udev event, a program's start, tty1's text changing), its test run once the
# source listens and again after each event, within a bound; wait_until for a state that sends no
# event here (a /proc file, a daemon's answer), its test every 0.2 s within a bound, each site
# with its reason; let_time_pass for the pauses whose point is real time passing, each with its
# reason in check.log. No other pause.
now() { cut -d. -f1 /proc/uptime; }
started=$(now)
elapsed() { echo $(($(now) - started)); }
# Seconds left of the whole wait (heartline.wait), at least 1.
left() { l=$((limit - $(elapsed))); [ "$l" -gt 0 ] && echo "$l" || echo 1; }
wait_until() { # SECONDS WHAT TEST...
  end=$(($(now) + $1))
  what=$2
  shift 2
  until "$@"; do
    if [ "$(now)" -ge "$end" ]; then
      note "timed out waiting for $what"
      return 1
    fi
    sleep 0.2
  done
}
note() { echo "$(cut -d' ' -f1 /proc/uptime) $*" >>"$out/check.log"; }
# await_events SECONDS WHAT READY SOURCE TEST...: SOURCE, a function here, prints a line matching
# READY (a case pattern) once it listens, then a line for each event; TEST runs then and again
# after each line, until it passes. A FIFO between them, for the shell's read.
events=/run/heartline-boot-check.events
await_events() {
  bound=$1
  what=$2
  ready=$3
  source=$4
  shift 4
  "$@" </dev/null && return 0
  rm -f "$events"
  mkfifo "$events"
  "$source" >"$events" 2>/dev/null &
  source_pid=$!
  listening=""
  found=""
  while IFS= read -r line; do
    if [ -z "$listening" ]; then
      case $line in $ready) listening=1 ;; *) continue ;; esac
    fi
    if "$@" </dev/null; then
      found=1
      break
    fi
  done <"$events"
  kill "$source_pid" 2>/dev/null
  wait "$source_pid" 2>/dev/null
  rm -f "$events"
  [ -n "$found" ] && return 0
  "$@" </dev/null && return 0
  note "timed out waiting for $what"
  return 1
}
# The sources, each ended by timeout at the bound. udevadm monitor for one subsystem (the
# variable subsystem), after udevd's rules.
udev_events() { exec timeout "$bound" stdbuf -oL udevadm monitor --udev --subsystem-match="$subsystem"; }
UDEV_READY="UDEV - the event*"
# A line for each program started with the name program (the kernel's process connector).
exec_events() {
  exec timeout "$bound" python3 -u -c '
import os, socket, struct, sys
name = sys.argv[1]
s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 11)  # NETLINK_CONNECTOR
s.bind((0, 1))  # CN_IDX_PROC
op = struct.pack("=I", 1)  # PROC_CN_MCAST_LISTEN
cn = struct.pack("=IIIIHH", 1, 1, 0, 0, len(op), 0) + op
s.send(struct.pack("=IHHII", 16 + len(cn), 3, 0, 0, 0) + cn)
print("watching")
while True:
    data = s.recv(65536)
    if len(data) < 60 or struct.unpack_from("=I", data, 36)[0] != 2:  # PROC_EVENT_EXEC
        continue
    pid = struct.unpack_from("=I", data, 56)[0]  # its process_tgid
    try:
        with open("/proc/%d/comm" % pid) as f:
            comm = f.read().strip()
    except OSError:
        continue
    if comm == name:
        print(pid)
' "$program"
}
# A line each time tty1's text changes: /dev/vcs1 polled for POLLPRI (the console's update), a
# read taking each update.
screen_events() {
  exec timeout "$bound" python3 -u -c '
import os, select
fd = os.open("/dev/vcs1", os.O_RDONLY)
poll = select.poll()
poll.register(fd, select.POLLPRI)
poll.poll(0)  # listening from here on
print("watching")
while True:
    poll.poll()
    os.pread(fd, 1, 0)
    print("update")
'
}
# The shared folder's transport (virtio's device, 9p's module) may still be on its way: tried
# again on each of virtio's udev events.
mount_share() { mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 results "$out" 2>/dev/null; }
subsystem=virtio
if ! await_events 30 "the shared folder" "$UDEV_READY" udev_events mount_share; then
  echo "check: cannot mount the shared folder" >/dev/ttyS0
  systemctl poweroff -f
fi
let_time_pass() { # SECONDS WHY
  note "letting $1 s pass: $2"
  sleep "$1"
}
note "boot $boot for $user, waiting up to $limit s"

# tty1's text, one line per row: /dev/vcsa1 starts with the screen's rows and columns (a
# framebuffer console is wider than 80).
screen() {
  columns=$(od -An -tu1 -j1 -N1 /dev/vcsa1 | tr -d ' ')
  fold -w "${columns:-80}" /dev/vcs1 2>/dev/null | sed 's/ *$//'
}
# As the user, in the user's session (no PAM session of its own, unlike runuser).
as_user() { setpriv --reuid="$user" --regid="$user" --init-groups env HOME="$home" XDG_RUNTIME_DIR="/run/user/$uid" "$@"; }
# Which of the loopback card's subdevices are open, and the sound server's view of its sinks.
streams() {
  for status in /proc/asound/Loopback/pcm*/sub*/status; do
    state=$(sed -n 's/^state: //p' "$status")
    [ -n "$state" ] && echo "$status: $state"
  done
  as_user pactl list sinks 2>&1 | grep -E "^Sink|Name:|State:"
  as_user pactl list short sink-inputs 2>&1
}
recorder=""
# The card's id in sysfs: its device comes with the card's first udev event.
loopback_card() { grep -qsx Loopback /sys/class/sound/card*/id; }
alsa_sink() { as_user pactl list short sinks 2>/dev/null | grep -q alsa_output; }
# The loopback card's first capture subdevice is running: arecord has it.
capturing() { grep -qs "^state: RUNNING" /proc/asound/Loopback/pcm1c/sub0/status; }
# arecord either holds the capture or has given up on it.
capture_settled() { capturing || ! kill -0 "$recorder" 2>/dev/null; }
heartline_running() { pgrep -x heartline >/dev/null; }
ready_on_screen() { screen | grep -q "Heartline is ready\."; }
case $boot in
  image | pulse)
    subsystem=sound
    await_events 30 "the loopback card" "$UDEV_READY" udev_events loopback_card
    # The sound server leaves alone a card any of whose devices is open, so the recording
    # starts only once the user's sound server (PulseAudio, or PipeWire's pulse server) has
    # taken the loopback card as its output. Polled: until the user's server answers there is
    # nothing to subscribe to, and this image has nothing to watch its socket come (no inotify
    # tool; python3-minimal has no ctypes).
    wait_until "$(left)" "the sound server to take the loopback card" alsa_sink
    note "the sound server's sinks: $(as_user pactl list short sinks 2>&1 | cut -f2 | tr '\n' ' ')"
    # The capture side of the first subdevice, which hears what is played into the first
    # playback subdevice, the one the sound server opens. The server's own input holds it for
    # its first seconds: try again until it is free.
    while :; do
      arecord -q -D plughw:Loopback,1,0 -f S16_LE -r 44100 -c 2 -t raw "$out/speech.raw" 2>>"$out/arecord.log" &
      recorder=$!
      # Polled: the capture's state is a /proc file (procfs raises no inotify event), and a
      # child's exit cannot be waited for with a bound in this shell.
      wait_until 5 "arecord to take the capture or give up" capture_settled
      # Still running: it holds the capture (as it does when the card's state lags).
      if kill -0 "$recorder" 2>/dev/null || [ "$(elapsed)" -ge "$limit" ]; then break; fi
      wait "$recorder" 2>/dev/null
    done
    note "recording from the loopback card (arecord $recorder)"
    # Heartline starts right after the sound server and says its first sentences at once;
    # under emulation the speech engine needs some seconds to start.
    program=heartline
    await_events "$(left)" "Heartline to run" watching exec_events heartline_running
    note "heartline running: $(pgrep -x heartline || echo no)"
    let_time_pass 12 "Heartline's first sentences, recorded before the streams are listed"
    streams >"$out/streams.txt"
    let_time_pass 13 "the rest of the recording"
    kill -INT "$recorder" 2>/dev/null
    wait "$recorder"
    if [ "$boot" = image ] && [ -e /dev/virtio-ports/hci ]; then
      # The headset, paired by ear: the host types on the machine's keyboard (contrib/boot/keys.py)
      # and reads what Heartline says from tty1's screen, which this copies to the share each
      # second (the host's only view of it), until the host says it is done.
      note "recorded; the host pairs the headset by keys (adapter: $(ls /sys/class/bluetooth 2>&1 | tr '\n' ' '))"
      echo done >"$out/recorded"
      paired_from=$(now)
      while [ ! -e "$out/paired" ] && [ $(($(now) - paired_from)) -lt "$limit" ]; do
        screen >"$out/live.tmp" && mv "$out/live.tmp" "$out/live.txt"
        sleep 1 # The screen's copy for the host, once a second.
      done
      note "the host is done after $(($(now) - paired_from)) s"
      { as_user pactl info; as_user pactl list short sinks; } >"$out/pactl-headset.txt" 2>&1
      journalctl -b -u bluetooth --no-pager >"$out/bluetoothd.txt" 2>&1
    fi
    ;;
  *)
    await_events "$(left)" "tty1 to say Heartline is ready" watching screen_events ready_on_screen
    let_time_pass 3 "what follows the first sentence (the fallback's log line, the home screen) settles"
    ;;
esac
note "collecting after $(elapsed) s"

screen >"$out/screen.txt"
journalctl -b --no-pager -o short-monotonic >"$out/journal.txt" 2>&1
cp "$home/.local/state/heartline/heartline.log" "$out/heartline.log" 2>/dev/null
ps -eo user:12,tty:8,pid,ppid,args >"$out/ps.txt"
loginctl list-sessions --no-pager >"$out/sessions.txt" 2>&1
loginctl show-seat seat0 >"$out/seat.txt" 2>&1
for session in $(loginctl list-sessions --no-legend --no-pager | awk '{ print $1 }'); do
  loginctl show-session "$session" -p Type -p Seat -p TTY -p Name >>"$out/sessions.txt" 2>&1
done
cat /proc/asound/cards >"$out/cards.txt" 2>&1
as_user pactl info >"$out/pactl-info.txt" 2>&1
id "$user" >"$out/id.txt" 2>&1
ls -l /run/user >"$out/run-user.txt" 2>&1
note "done"
echo done >"$out/done"
sync
umount "$out"
systemctl poweroff -f
