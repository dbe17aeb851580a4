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
# The shared folder's transport module may still be on its way: try for 30 seconds.
tries=0
until mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 results "$out" 2>/dev/null; do
  tries=$((tries + 1))
  if [ "$tries" -ge 30 ]; then
    echo "check: cannot mount the shared folder" >/dev/ttyS0
    systemctl poweroff -f
  fi
  sleep 1
done
uptime() { cut -d' ' -f1 /proc/uptime; }
note() { echo "$(uptime) $*" >>"$out/check.log"; }
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
waited=0
recorder=""
case $boot in
  image | pulse)
    while [ ! -e /proc/asound/Loopback ] && [ "$waited" -lt 30 ]; do
      sleep 1
      waited=$((waited + 1))
    done
    # The sound server leaves alone a card any of whose devices is open, so the recording
    # starts only once the user's sound server (PulseAudio, or PipeWire's pulse server) has
    # taken the loopback card as its output.
    until as_user pactl list short sinks 2>/dev/null | grep -q alsa_output ||
      [ "$waited" -ge "$limit" ]; do
      sleep 1
      waited=$((waited + 1))
    done
    note "the sound server's sinks: $(as_user pactl list short sinks 2>&1 | cut -f2 | tr '\n' ' ')"
    # The capture side of the first subdevice, which hears what is played into the first
    # playback subdevice, the one the sound server opens. The server's own input holds it for
    # its first seconds: try again until it is free.
    while :; do
      arecord -q -D plughw:Loopback,1,0 -f S16_LE -r 44100 -c 2 -t raw "$out/speech.raw" 2>>"$out/arecord.log" &
      recorder=$!
      sleep 1
      waited=$((waited + 1))
      if kill -0 "$recorder" 2>/dev/null || [ "$waited" -ge "$limit" ]; then break; fi
    done
    note "recording from the loopback card (arecord $recorder)"
    # Heartline starts right after the sound server and says its first sentences at once;
    # under emulation the speech engine needs some seconds to start.
    while ! pgrep -x heartline >/dev/null && [ "$waited" -lt "$limit" ]; do
      sleep 1
      waited=$((waited + 1))
    done
    note "heartline running: $(pgrep -x heartline || echo no)"
    sleep 12
    streams >"$out/streams.txt"
    sleep 13
    kill -INT "$recorder" 2>/dev/null
    wait "$recorder"
    if [ "$boot" = image ] && [ -e /dev/virtio-ports/hci ]; then
      # The headset, paired by ear: the host types on the machine's keyboard (contrib/boot/keys.py)
      # and reads what Heartline says from tty1's screen, which this copies to the share each
      # second, until the host says it is done.
      note "recorded; the host pairs the headset by keys (adapter: $(ls /sys/class/bluetooth 2>&1 | tr '\n' ' '))"
      echo done >"$out/recorded"
      waited=0
      while [ ! -e "$out/paired" ] && [ "$waited" -lt "$limit" ]; do
        screen >"$out/live.tmp" && mv "$out/live.tmp" "$out/live.txt"
        sleep 1
        waited=$((waited + 1))
      done
      note "the host is done after $waited s"
      { as_user pactl info; as_user pactl list short sinks; } >"$out/pactl-headset.txt" 2>&1
      journalctl -b -u bluetooth --no-pager >"$out/bluetoothd.txt" 2>&1
    fi
    ;;
  *)
    while ! screen | grep -q "Heartline is ready\." && [ "$waited" -lt "$limit" ]; do
      sleep 1
      waited=$((waited + 1))
    done
    # What follows the first sentence (the fallback's log line, the home screen) settles.
    sleep 3
    ;;
esac
note "collecting after $waited s"

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
