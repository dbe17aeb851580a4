#!/usr/bin/env bash
# Runs inside the VM that contrib/vm/devices-run.sh boots: Heartline on a terminal during a
# workout, and a virtual headset made with uinput (contrib/vm/uinput-headset.py) whose
# play/pause button is pressed, unplugged and plugged in again.
# Usage: devices-guest.sh SHARE BINARY
#   Leaves SHARE/headset.txt (the terminal's output), SHARE/headset.log (Heartline's log) and
#   SHARE/steps.log (what was done when) for devices-run.sh to check.
set -uo pipefail
share=$1
heartline=$2
cd "$(dirname "$0")/../.."
screen=$share/headset.txt
steps=$share/steps.log
step() { echo "$(cut -d' ' -f1 /proc/uptime) $*" >>"$steps"; }

# count PATTERN: lines of the terminal's output matching an extended regular expression.
count() {
  if [[ -e $screen ]]; then tr -d '\r' <"$screen" | grep -cE -- "$1"; else echo 0; fi
}
# wait_count PATTERN N [SECONDS]: until at least N lines match.
wait_count() {
  local i
  for ((i = 0; i < ${3:-30} * 5; i++)); do
    (($(count "$1") >= $2)) && return 0
    sleep 0.2
  done
  step "timed out waiting for $2 lines matching /$1/"
  return 1
}

modprobe uinput || step "no uinput module"
# Heartline on a pseudo-terminal, as on the console, with the keys typed through a FIFO.
mkfifo /run/keys /run/headset
exec 3<>/run/keys 4<>/run/headset
SWIFT_BACKTRACE=enable=no TERM=linux script -qfec \
  "$heartline --simulate --speech transcript --data-dir /dev/shm/heartline --log $share/headset.log" \
  "$screen" <&3 >/dev/null 2>&1 &
heartline_pid=$!
python3 contrib/vm/uinput-headset.py <&4 2>>"$steps" &

wait_count "Resting check" 1 60 && step "home screen"
printf '1' >&3
wait_count "Metrics|metrics" 1 && printf 'start workout\r' >&3
wait_count "^Workout started\.|Workout started\." 1 && step "workout started"
# The headset appears after the start: found at the next reading of the device list (5 s).
echo create >&4
wait_count "Media buttons connected\." 1 && step "headset found"
answers=$(count "Heart rate, [0-9]+ beats per minute\.")
echo press >&4
wait_count "Heart rate, [0-9]+ beats per minute\." $((answers + 1)) 10 && step "press answered"
echo destroy >&4
wait_count "Media buttons disconnected\." 1 && step "unplug said"
sleep 6 # one more reading of the device list: the unplug is said once, not again
echo create >&4
wait_count "Media buttons connected\." 2 && step "headset back"
answers=$(count "Heart rate, [0-9]+ beats per minute\.")
echo press >&4
wait_count "Heart rate, [0-9]+ beats per minute\." $((answers + 1)) 10 && step "press answered again"
echo destroy >&4
printf 'e' >&3
sleep 1
printf 'y' >&3
sleep 3
kill "$heartline_pid" 2>/dev/null
wait "$heartline_pid" 2>/dev/null
step "done"
