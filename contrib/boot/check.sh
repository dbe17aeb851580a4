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
# How this script waits, as contrib/vm/guest.sh does: wait_until for a state that sends no event
# here (a /proc file, a daemon's answer, the console's text), its test every 0.2 s within a
# bound; let_time_pass for the pauses whose point is real time passing, each with its reason in
# check.log. No other pause.
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
# The shared folder's transport module may still be on its way: tried for 30 seconds.
mount_share() { mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 results "$out" 2>/dev/null; }
note() { echo "$(cut -d' ' -f1 /proc/uptime) $*" >>"$out/check.log"; }
if ! wait_until 30 "the shared folder" mount_share; then
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
loopback_card() { [ -e /proc/asound/Loopback ]; }
alsa_sink() { as_user pactl list short sinks 2>/dev/null | grep -q alsa_output; }
# The loopback card's first capture subdevice is running: arecord has it.
capturing() { grep -qs "^state: RUNNING" /proc/asound/Loopback/pcm1c/sub0/status; }
# arecord either holds the capture or has given up on it.
capture_settled() { capturing || ! kill -0 "$recorder" 2>/dev/null; }
heartline_running() { pgrep -x heartline >/dev/null; }
ready_on_screen() { screen | grep -q "Heartline is ready\."; }
case $boot in
  image | pulse)
    wait_until 30 "the loopback card" loopback_card
    # The sound server leaves alone a card any of whose devices is open, so the recording
    # starts only once the user's sound server (PulseAudio, or PipeWire's pulse server) has
    # taken the loopback card as its output.
    wait_until "$(left)" "the sound server to take the loopback card" alsa_sink
    note "the sound server's sinks: $(as_user pactl list short sinks 2>&1 | cut -f2 | tr '\n' ' ')"
    # The capture side of the first subdevice, which hears what is played into the first
    # playback subdevice, the one the sound server opens. The server's own input holds it for
    # its first seconds: try again until it is free.
    while :; do
      arecord -q -D plughw:Loopback,1,0 -f S16_LE -r 44100 -c 2 -t raw "$out/speech.raw" 2>>"$out/arecord.log" &
      recorder=$!
      wait_until 5 "arecord to take the capture or give up" capture_settled
      # Still running: it holds the capture (as it does when the card's state lags).
      if kill -0 "$recorder" 2>/dev/null || [ "$(elapsed)" -ge "$limit" ]; then break; fi
      wait "$recorder" 2>/dev/null
    done
    note "recording from the loopback card (arecord $recorder)"
    # Heartline starts right after the sound server and says its first sentences at once;
    # under emulation the speech engine needs some seconds to start.
    wait_until "$(left)" "Heartline to run" heartline_running
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
    wait_until "$(left)" "tty1 to say Heartline is ready" ready_on_screen
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
