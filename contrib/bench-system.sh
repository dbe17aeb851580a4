#!/usr/bin/env bash
# Launch time, CPU and memory of the heartline binary, measured from outside as a user's
# system sees them, and printed with how each figure was taken (BENCHMARKS.md, "Launch, CPU and
# memory").
#
# Usage: contrib/bench-system.sh [--quick] [--no-audio]
#   --quick                a 10-second real-time run instead of 60, and fewer launches
#   --no-audio             skip the launch to the first audible sentence (which needs
#                          speech-dispatcher and PulseAudio's parec, run under contrib/with-audio.sh)
# Environment:
#   HEARTLINE_BINARY       measure this binary instead of building a release one
#   SCRATCH                SwiftPM scratch directory for the release build (default .build)
#   REAL_SECONDS           length of the real-time run (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

launches=30
real_seconds="${REAL_SECONDS:-60}"
audio=yes
audio_only=no
for argument in "$@"; do
  case "$argument" in
    --quick) launches=10; real_seconds=10 ;;
    --no-audio) audio=no ;;
    --audio-only) audio_only=yes ;;
    *) echo "usage: contrib/bench-system.sh [--quick] [--no-audio]" >&2; exit 2 ;;
  esac
done

if [[ ! -x /usr/bin/time ]]; then
  contrib/setup.sh --test
fi
if [[ -n "${HEARTLINE_BINARY:-}" ]]; then
  binary="$HEARTLINE_BINARY"
else
  scratch=(--scratch-path "${SCRATCH:-.build}")
  # Built as contrib/install.sh builds it.
  swift build -c release --product heartline --static-swift-stdlib "${scratch[@]}" 2>&1 | tail -n 1 >&2
  binary="$(swift build -c release --static-swift-stdlib "${scratch[@]}" --show-bin-path)/heartline"
fi

work="$(mktemp -d -t heartline-bench-system.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# A home of its own: no configuration file of the user's changes what is measured.
export HOME="$work/home"
mkdir -p "$HOME"
common=(--speech transcript --config /dev/null)

# Median, 90th percentile and maximum of the numbers on standard input, to 1 decimal.
summary() {
  sort -n | awk '{ v[NR] = $1 } END {
    p90 = int(NR * 0.9 + 0.5); if (p90 < 1) p90 = 1
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "median %.1f, 90th percentile %.1f, maximum %.1f", m, v[p90], v[NR] }'
}

# Milliseconds from just before launching "$@" to the first line on its standard output (a
# pipe), the command's standard input being "$input".
first_line_ms() {
  local start end line
  start=$EPOCHREALTIME
  { IFS= read -r line; end=$EPOCHREALTIME; cat >/dev/null; } < <(printf '%s' "$input" | "$@" 2>/dev/null)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f\n", (e - s) * 1000 }'
}

# "elapsed user system maxrss_kB" of one run of "$@" with "$input" on standard input.
measure() {
  printf '%s' "$input" | /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >/dev/null 2>"$work/stderr"
  cat "$work/time"
}

echo

# Milliseconds from launching heartline with real speech to the first sound on the null sink:
# parec reads its monitor in 10 ms chunks, each timestamped as it arrives; the first chunk with a
# sample above 500 is the first sentence being heard. speech-dispatcher is already running, kept
# by a client of its own, and whatever is still queued is cancelled between launches.
audible_ms() {
  local start rec first
  rm -f "$work/first-sound"
  (timeout 8 parec -d null.monitor --format=s16le --rate=16000 --channels=1 --latency-msec=10 |
    stdbuf -oL od -An -v -td2 -w320 |
    while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done |
    awk '{ for (i = 2; i <= NF; i++) { v = $i < 0 ? -$i : $i; if (v >= 500) { print $1; fflush(); exit } } }' \
      >"$work/first-sound") 2>/dev/null &
  rec=$!
  sleep 0.5
  start=$EPOCHREALTIME
  { sleep 1.5; printf 'quit\n'; } | "$binary" --speech speechd --config /dev/null --data-dir "$work/audible" >/dev/null 2>&1 &
  wait "$rec" || true
  wait $! || true
  spd-say -C >/dev/null 2>&1 || true
  sleep 1
  first="$(cat "$work/first-sound")"
  if [[ -n "$first" ]]; then awk -v s="$start" -v e="$first" 'BEGIN { printf "%.1f\n", (e - s) * 1000 }'; fi
}

if [[ "$audio_only" == yes ]]; then
  # A client that stays connected (until this script exits) keeps the server running.
  exec {keep}> >(spd-say -e >/dev/null 2>&1)
  spd-say -w "warm up" >/dev/null 2>&1 || true
  audible_ms >/dev/null  # creates the database
  for _ in $(seq 10); do audible_ms; done >"$work/audible.ms"
  echo "Launch to the first audible sentence (--speech speechd, speech-dispatcher already running,"
  echo "a PulseAudio null sink recorded by parec in 10 ms chunks), $(wc -l <"$work/audible.ms") launches after one"
  echo "warm-up; milliseconds, including PulseAudio's capture latency:"
  echo "  heartline: $(summary <"$work/audible.ms")"
  exit 0
fi

echo "heartline system benchmark"
echo "binary: $binary ($(du -h "$binary" | cut -f1), $(file -b "$binary" 2>/dev/null | cut -d, -f1-2 || echo unknown))"
echo "machine: $(uname -sm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //' || true)"
echo

# 1. Launch to first sentence.
input=$'quit\n'
first_line_ms "$binary" "${common[@]}" --data-dir "$work/launch" >/dev/null  # creates the database
for _ in $(seq "$launches"); do
  first_line_ms "$binary" "${common[@]}" --data-dir "$work/launch"
done >"$work/launch.ms"
for _ in $(seq "$launches"); do
  first_line_ms /bin/echo "echo"
done >"$work/echo.ms"
echo "Launch to the first sentence (\"Heartline is ready.\" on a pipe, --speech transcript), $launches launches"
echo "after one warm-up, database already created, page cache warm; milliseconds:"
echo "  heartline: $(summary <"$work/launch.ms")"
echo "  /bin/echo launched and read the same way (the harness's own cost): $(summary <"$work/echo.ms")"
for run in 1 2 3 4 5; do
  first_line_ms "$binary" "${common[@]}" --data-dir "$work/fresh-$run"
done >"$work/fresh.ms"
echo "  heartline on a fresh data directory (creates the database), 5 launches: $(summary <"$work/fresh.ms")"
echo

# 2. CPU for one hour of a simulated workout: every metric read each minute.
# The configuration's steps: the sport (running), the metrics (as they are), the interval.
workout=$'configure\nnext\nnext\n1 minute\nstart workout\n:wait 3600\nend\nyes\nsave\nquit\n'
input=$'quit\n'
read -r _ base_user base_system base_rss < <(measure "$binary" "${common[@]}" --simulate --data-dir "$work/base")
input="$workout"
read -r hour_elapsed hour_user hour_system hour_rss < <(measure "$binary" "${common[@]}" --simulate --data-dir "$work/hour")
readouts=$(printf '%s' "$workout" | "$binary" "${common[@]}" --simulate --data-dir "$work/hour-count" 2>/dev/null | grep -c '^readout: ' || true)
# A script that no longer walks the configuration measures an idle shell, not a workout.
if ((readouts < 60)); then
  echo "bench-system: the simulated hour gave $readouts readouts, not one a minute: its script no longer starts a workout" >&2
  exit 1
fi
echo "One simulated workout hour (--simulate, script mode, :wait 3600 on the simulated clock;"
echo "time elapsed, heart rate and calories read every minute: $readouts readouts; the strap beats"
echo "and the core ticks once per simulated second; samples committed to SQLite as in a live workout):"
awk -v u="$hour_user" -v s="$hour_system" -v bu="$base_user" -v bs="$base_system" -v e="$hour_elapsed" 'BEGIN {
  printf "  whole run: %.2f s CPU (user %.2f, system %.2f) in %.2f s\n", u + s, u, s, e
  printf "  a launch and quit alone: %.2f s CPU\n", bu + bs
  printf "  per workout hour, launch subtracted: %.2f s CPU\n", (u + s) - (bu + bs) }'
echo

# 3. Real time: the same workout on the real clock, as a user has it.
# Standard input stays open, as a terminal's does: at the end of a pipe, script mode would see
# end of input during the wait instead.
input=$'configure\nnext\nnext\n1 minute\nstart workout\n:wait '"$real_seconds"$'\nend\nyes\nsave\nquit\n'
{ printf '%s' "$input"; sleep $((real_seconds + 3)); } |
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$binary" "${common[@]}" --simulate-unless-paired --data-dir "$work/real" >/dev/null 2>&1
read -r real_elapsed real_user real_system real_rss <"$work/time"
echo "Real time: a workout of $real_seconds real seconds (--simulate-unless-paired: the simulated strap"
echo "on the real clock, the core ticked twice a second while the workout records, readouts every minute), extrapolated to an hour:"
awk -v u="$real_user" -v s="$real_system" -v bu="$base_user" -v bs="$base_system" -v e="$real_elapsed" -v n="$real_seconds" 'BEGIN {
  c = (u + s) - (bu + bs); if (c < 0) c = 0
  printf "  whole run: %.2f s CPU (user %.2f, system %.2f) in %.1f s\n", u + s, u, s, e
  printf "  per real hour, launch subtracted, times %d: %.1f s CPU (the clock counts in 10 ms steps)\n", 3600 / n, c * 3600 / n }'
echo

# 4. Peak memory.
echo "Peak memory (maximum resident set size, GNU time's %M, from the kernel's rusage of the child):"
awk -v b="$base_rss" -v h="$hour_rss" -v r="$real_rss" 'BEGIN {
  printf "  launch and quit: %.1f MiB\n  simulated workout hour: %.1f MiB\n  real-time workout: %.1f MiB\n", b / 1024, h / 1024, r / 1024 }'

# 5. Launch to the first audible sentence, under a private PulseAudio with a null sink.
if [[ "$audio" == yes ]] && command -v parec >/dev/null && command -v spd-say >/dev/null; then
  echo
  HEARTLINE_BINARY="$binary" contrib/with-audio.sh "$0" --audio-only
fi
