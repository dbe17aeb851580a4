#!/usr/bin/env bash
# A VM path for the input devices (issue 14): a virtual headset made with uinput, its
# play/pause button pressed during a workout and read through evdev by Heartline itself.
#
# Boots Debian's kernel with this machine's files (virtme-ng, QEMU without KVM, as
# contrib/vm/run.sh does), loads uinput there, and runs contrib/vm/devices-guest.sh: Heartline
# on a pseudo-terminal with a simulated strap, a workout started, then the headset plugged in,
# its button pressed, unplugged, plugged in again and pressed again. This script checks what
# Heartline said.
#
# Usage: contrib/vm/devices-run.sh
# Environment: HEARTLINE_BINARY (default .build/debug/heartline), HEARTLINE_VM_VENV (default
# /opt/heartline-vm), HEARTLINE_VM_KEEP=1 keeps the output.
# Exit status 0 when every check passed or the machine lacks what it needs (a line starting
# "devices: SKIPPED" says what), 1 when a check failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
venv=${HEARTLINE_VM_VENV:-/opt/heartline-vm}
binary=${HEARTLINE_BINARY:-$root/.build/debug/heartline}

skip() {
  echo "devices: SKIPPED: $*"
  exit 0
}
[[ $(uname -m) == x86_64 ]] || skip "it boots an x86-64 kernel with qemu-system-x86_64; this is $(uname -m)"
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is missing (contrib/setup.sh --test installs it)"
[[ -x $venv/bin/vng ]] || skip "no virtme-ng in $venv (contrib/setup.sh --test makes it)"
command -v script >/dev/null || skip "script is missing (apt-get install bsdutils)"
kernel=""
for candidate in /boot/vmlinuz-*; do
  version=${candidate#/boot/vmlinuz-}
  if [[ -r $candidate ]] && compgen -G "/lib/modules/$version/kernel/drivers/input/misc/uinput.ko*" >/dev/null; then
    kernel=$candidate
  fi
done
[[ -n $kernel ]] || skip "no readable kernel in /boot with the uinput module (apt-get install linux-image-amd64)"
command -v busybox >/dev/null || skip "busybox is missing (apt-get install busybox-static)"
if [[ ! -x $binary ]]; then
  echo "devices: FAIL no heartline binary at $binary (swift build first)"
  exit 1
fi

export PATH="$venv/bin:$PATH"
work=$(mktemp -d /tmp/heartline-devices.XXXXXX)
chmod 777 "$work"
cp "$binary" "$work/heartline"
vm_pid=""
cleanup() {
  [[ -n $vm_pid ]] && kill "$vm_pid" 2>/dev/null
  if [[ ${HEARTLINE_VM_KEEP:-} == 1 ]]; then echo "devices: output kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

started=$SECONDS
timeout 420 vng --run "$kernel" --user root --disable-kvm --cpus 1 --memory 1G --rwdir "$work" \
  --exec "$root/contrib/vm/devices-guest.sh $work $work/heartline" >"$work/console.log" 2>&1 &
vm_pid=$!
wait "$vm_pid"
vm_pid=""
echo "devices: the VM took $((SECONDS - started)) s"

failures=0
screen=$work/screen.txt
tr -d '\r' <"$work/headset.txt" >"$screen" 2>/dev/null
show() {
  echo "---- steps.log"
  sed 's/^/    /' "$work/steps.log" 2>/dev/null
  echo "---- terminal"
  sed 's/^/    /' "$screen" | tail -n 40
  echo "---- console"
  tail -n 15 "$work/console.log" | sed 's/^/    /'
}
# in_order NAME PATTERN...: lines matching each pattern come in this order.
in_order() {
  local name=$1
  shift
  if awk -v patterns="$(printf '%s\n' "$@")" 'BEGIN { n = split(patterns, p, "\n"); i = 1 }
    i <= n && $0 ~ p[i] { i++ } END { exit i <= n }' "$screen"; then
    echo "devices: ok   $name"
  else
    echo "devices: FAIL $name"
    failures=$((failures + 1))
  fi
}
in_order "a headset plugged in during a workout is found and said" \
  "Workout started\." "Media buttons connected\."
in_order "its play/pause button, read through evdev, answers the heart rate" \
  "Media buttons connected\." "Heart rate, [0-9]+ beats per minute\."
in_order "its unplugging is said, and its return picked up and said" \
  "Media buttons connected\." "Heart rate, [0-9]+ beats per minute\." "Media buttons disconnected\." \
  "Media buttons connected\." "Heart rate, [0-9]+ beats per minute\."
# While the headset is away (the guest waits through one more reading of the device list),
# its loss is said once: one line between the first loss and the return.
lost=$(awk '/Media buttons disconnected\./ { away = 1 } away && /Media buttons disconnected\./ { n++ }
  away && /Media buttons connected\./ { exit } END { print n + 0 }' "$screen")
if ((lost == 1)); then
  echo "devices: ok   the unplugging is said once"
else
  echo "devices: FAIL the unplugging is said $lost times before the headset is back, not once"
  failures=$((failures + 1))
fi
# The answers came from the presses: the steps log has each press answered in turn.
in_order_steps() {
  grep -q "press answered$" "$work/steps.log" 2>/dev/null && grep -q "press answered again" "$work/steps.log" 2>/dev/null
}
if in_order_steps; then
  echo "devices: ok   each press was answered within 10 seconds"
else
  echo "devices: FAIL a press went unanswered"
  failures=$((failures + 1))
fi
((failures == 0)) || {
  show
  exit 1
}
