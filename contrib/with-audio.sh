#!/usr/bin/env bash
# Runs a command with a private PulseAudio whose only sink is a null sink, so that
# speech-dispatcher and espeak-ng speak for real on a machine with no sound card.
# The recording of what was spoken is available from the "null.monitor" source.
# Usage: contrib/with-audio.sh COMMAND [ARGS...]
#
# speech-dispatcher is not started here: the first client starts it, with its socket and pid
# file under the private $XDG_RUNTIME_DIR, and it is stopped on exit.
# The null sink runs at a 2 s latency unless a recording stream asks for less: record with
# `parec -d null.monitor --latency-msec=10` (as the tests do) for timings near real hardware.
set -euo pipefail

runtime=$(mktemp -d -t heartline-audio.XXXXXX)
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
export PULSE_RUNTIME_PATH="$runtime/pulse"
# speech-dispatcher autospawns with its socket under $XDG_RUNTIME_DIR; start from nothing.
unset SPEECHD_ADDRESS PULSE_SERVER

cleanup() {
  # Only the server this run started (its pid file lives in the private runtime directory);
  # its output modules exit when it does. Nothing that could start a new one is called here.
  local pidfile="$runtime/speech-dispatcher/pid/speech-dispatcher.pid"
  if [[ -f "$pidfile" ]]; then
    local pid
    pid=$(cat "$pidfile" 2>/dev/null || true)
    if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    fi
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
pulseaudio "${pulse_args[@]}" >/dev/null 2>&1 || pulseaudio "${pulse_args[@]}" || true
ready=no
for _ in $(seq 50); do
  if pactl info >/dev/null 2>&1; then ready=yes; break; fi
  sleep 0.1
done
if [[ $ready == no ]]; then
  # The command still runs (most tests need no audio); the speech tests fail on CI without it.
  echo "with-audio: PulseAudio did not start; speech will not be heard" >&2
fi
pactl set-default-sink null >/dev/null 2>&1 || true
"$@"
