#!/usr/bin/env bash
# Runs a command with a private PulseAudio whose only sink is a null sink, so that
# speech-dispatcher and espeak-ng speak for real on a machine with no sound card.
# The recording of what was spoken is available from the "null.monitor" source.
# Usage: contrib/with-audio.sh COMMAND [ARGS...]
set -euo pipefail

runtime=$(mktemp -d -t heartline-audio.XXXXXX)
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
export PULSE_RUNTIME_PATH="$runtime/pulse"
# speech-dispatcher autospawns with its socket under $XDG_RUNTIME_DIR; start from nothing.
unset SPEECHD_ADDRESS PULSE_SERVER

cleanup() {
  pkill -u "$(id -u)" -f "speech-dispatcher.*$runtime" 2>/dev/null || true
  if [[ -S "$runtime/speech-dispatcher/speechd.sock" ]]; then
    spd-say -S >/dev/null 2>&1 || true
  fi
  pulseaudio --kill >/dev/null 2>&1 || true
  rm -rf "$runtime"
}
trap cleanup EXIT

# Root may run PulseAudio only in system mode unless told otherwise; a per-run daemon is what we want.
pulse_args=(-D --exit-idle-time=-1 -n --disallow-exit
  --load="module-null-sink sink_name=null"
  --load="module-native-protocol-unix auth-anonymous=1")
if [[ $(id -u) -eq 0 ]]; then
  pulse_args+=(--system=false)
fi
pulseaudio "${pulse_args[@]}" >/dev/null 2>&1 || pulseaudio "${pulse_args[@]}"
for _ in $(seq 50); do
  pactl info >/dev/null 2>&1 && break
  sleep 0.1
done
pactl set-default-sink null >/dev/null 2>&1 || true
"$@"
