#!/usr/bin/env bash
# Launch time, CPU and memory of the heartline binary, measured from outside as a user's
# system sees them, and printed with how each figure was taken (BENCHMARKS.md, "Launch, CPU and
# memory").
#
# Usage: contrib/bench-system.sh [--quick] [--no-audio]
#   --quick                a 20-second real-time run instead of 60, and fewer launches
#   --no-audio             skip the launch to the first audible sentence (which needs
#                          speech-dispatcher and PulseAudio's parec, run under contrib/with-audio.sh)
# Environment:
#   HEARTLINE_BINARY       measure this binary instead of building a release one
#   BASELINE_BINARY        also measure this one, side by side in the same run (an older build)
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
    --quick) launches=10; real_seconds=20 ;;
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
  source contrib/release-flags.sh
  swift build -c release --product heartline "${release_flags[@]}" "${scratch[@]}" 2>&1 | tail -n 1 >&2
  binary="$(swift build -c release "${release_flags[@]}" "${scratch[@]}" --show-bin-path)/heartline"
fi
# The binaries measured: "this" and, when given, the baseline, each under a label.
labels=(this)
binaries=("$binary")
if [[ -n "${BASELINE_BINARY:-}" ]]; then
  labels=(baseline this)
  binaries=("$BASELINE_BINARY" "$binary")
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

# Milliseconds from launching a command (heartline with real speech, or a C client saying the
# same sentence) to the first sound on the null sink: parec reads its monitor in 10 ms chunks,
# each timestamped as it arrives; the first chunk with a sample above 500 is the first sentence
# being heard. speech-dispatcher is already running, kept by a client of its own, and whatever is
# still queued is cancelled between launches. audible_ms COMMAND...
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
  { sleep 1.5; printf 'quit\n'; } | "$@" >/dev/null 2>&1 &
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
  echo "Launch to the first audible sentence (--speech speechd, speech-dispatcher already running,"
  echo "a PulseAudio null sink recorded by parec in 10 ms chunks), 10 launches after one warm-up,"
  echo "the binaries taking turns; milliseconds, including PulseAudio's capture latency:"
  heartline_speaks() { audible_ms "$1" --speech speechd --config /dev/null --data-dir "$work/audible"; }
  for i in "${!binaries[@]}"; do
    heartline_speaks "${binaries[$i]}" >/dev/null  # creates the database
    rm -f "$work/audible-$i.ms"
  done
  rm -f "$work/audible-c.ms"
  for _ in $(seq 10); do
    for i in "${!binaries[@]}"; do heartline_speaks "${binaries[$i]}" >>"$work/audible-$i.ms"; done
    # The floor: libspeechd's own client, connecting and saying the same sentence.
    audible_ms spd-say "Heartline is ready." >>"$work/audible-c.ms"
  done
  for i in "${!binaries[@]}"; do echo "  ${labels[$i]}: $(summary <"$work/audible-$i.ms")"; done
  echo "  spd-say \"Heartline is ready.\" (a C client of speech-dispatcher saying the same sentence): $(summary <"$work/audible-c.ms")"
  exit 0
fi

echo "heartline system benchmark"
for i in "${!binaries[@]}"; do
  b="${binaries[$i]}"
  echo "${labels[$i]}: $b ($(du -h "$b" | cut -f1), $(file -b "$b" 2>/dev/null | cut -d, -f1-2 || echo unknown))"
done
echo "machine: $(uname -sm), $(uname -r), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //' || true)"
echo

# 1. Launch to first sentence, the binaries taking turns.
input=$'quit\n'
for i in "${!binaries[@]}"; do
  first_line_ms "${binaries[$i]}" "${common[@]}" --data-dir "$work/launch-$i" >/dev/null  # creates the database
  rm -f "$work/launch-$i.ms" "$work/fresh-$i.ms"
done
for _ in $(seq "$launches"); do
  for i in "${!binaries[@]}"; do first_line_ms "${binaries[$i]}" "${common[@]}" --data-dir "$work/launch-$i" >>"$work/launch-$i.ms"; done
done
for _ in $(seq "$launches"); do
  first_line_ms /bin/echo "echo"
done >"$work/echo.ms"
for run in 1 2 3 4 5; do
  for i in "${!binaries[@]}"; do first_line_ms "${binaries[$i]}" "${common[@]}" --data-dir "$work/fresh-$i-$run" >>"$work/fresh-$i.ms"; done
done
echo "Launch to the first sentence (\"Heartline is ready.\" on a pipe, --speech transcript), $launches launches"
echo "after one warm-up, database already created, page cache warm; milliseconds:"
for i in "${!binaries[@]}"; do
  echo "  ${labels[$i]}: $(summary <"$work/launch-$i.ms"); on a fresh data directory (creates the database), 5 launches: $(summary <"$work/fresh-$i.ms")"
done
echo "  /bin/echo launched and read the same way (the harness's own cost): $(summary <"$work/echo.ms")"
echo

# 2. CPU for one hour of a simulated workout: every metric read each minute.
# The configuration's steps: the sport (running), the metrics (as they are), the interval.
workout=$'configure\nnext\nnext\n1 minute\nstart workout\n:wait 3600\nend\nyes\nsave\nquit\n'
echo "One simulated workout hour (--simulate, script mode, :wait 3600 on the simulated clock;"
echo "time elapsed, heart rate and calories read every minute; the strap beats and the core ticks"
echo "once per simulated second; samples committed to SQLite as in a live workout):"
for i in "${!binaries[@]}"; do
  b="${binaries[$i]}"
  input=$'quit\n'
  read -r _ base_user base_system base_rss < <(measure "$b" "${common[@]}" --simulate --data-dir "$work/base-$i")
  input="$workout"
  read -r hour_elapsed hour_user hour_system hour_rss < <(measure "$b" "${common[@]}" --simulate --data-dir "$work/hour-$i")
  readouts=$(printf '%s' "$workout" | "$b" "${common[@]}" --simulate --data-dir "$work/hour-count-$i" 2>/dev/null | grep -c '^readout: ' || true)
  # A script that no longer walks the configuration measures an idle shell, not a workout.
  if ((readouts < 60)); then
    echo "bench-system: the simulated hour gave $readouts readouts, not one a minute: its script no longer starts a workout" >&2
    exit 1
  fi
  echo "$base_user $base_system $base_rss $hour_rss" >"$work/simulated-$i"
  awk -v l="${labels[$i]}" -v n="$readouts" -v u="$hour_user" -v s="$hour_system" -v bu="$base_user" -v bs="$base_system" -v e="$hour_elapsed" 'BEGIN {
    printf "  %s: %d readouts; whole run %.2f s CPU (user %.2f, system %.2f) in %.2f s; a launch and quit alone %.2f s;\n", l, n, u + s, u, s, e, bu + bs
    printf "    per workout hour, launch subtracted: %.2f s CPU\n", (u + s) - (bu + bs) }'
done
echo

# 3. Real time: the same workout on the real clock, as a user has it, every binary at once (they
# sleep most of the time, and so share the same conditions). Each runs twice: from where it is
# (for the CPU figures) and copied to a tmpfs (for memory as a kernel without large folios for
# the file maps it: see BENCHMARKS.md). Standard input stays open, as a terminal's does: at the
# end of a pipe, script mode would see end of input during the wait instead.
shm="$(mktemp -d -p /dev/shm heartline-bench.XXXXXX)"
trap 'rm -rf "$work" "$shm"' EXIT
input=$'configure\nnext\nnext\n1 minute\nstart workout\n:wait '"$real_seconds"$'\nend\nyes\nsave\nquit\n'
# CPU of the whole process so far, in nanoseconds: its live threads' to the nanosecond
# (/proc/PID/task/*/schedstat), and the threads that have already ended from /proc/PID/stat,
# which keeps their time with the process's, in clock ticks (the whole less the live threads').
# Live threads alone miss a thread that ends between the two readings, as a dispatch queue's
# borrowed thread does once idle: the storage thread's time was missed so, about a fifth of it.
process_ns() {
  local live whole tasks tick
  tick=$(getconf CLK_TCK)
  live=$(cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ t += $1 } END { printf "%d", t }')
  # After "PID (NAME) ", utime and stime are the 12th and 13th fields.
  whole=$(sed 's/.*) //' /proc/"$1"/stat 2>/dev/null | awk '{ print $12 + $13 }')
  tasks=$(for task in /proc/"$1"/task/*/stat; do sed 's/.*) //' "$task"; done 2>/dev/null | awk '{ t += $12 + $13 } END { print t + 0 }')
  echo $((live + (whole - tasks > 0 ? whole - tasks : 0) * 1000000000 / tick))
}
real_run() {  # real_run RUN-NAME BINARY: the workout, with snapshots of CPU and memory
  local name="$1" b="$2" pid a s e
  { printf '%s' "$input"; sleep $((real_seconds + 3)); } |
    /usr/bin/time -f '%e %U %S %M' -o "$work/$name.time" "$b" "${common[@]}" --simulate-unless-paired --data-dir "$work/real-$name" >/dev/null 2>&1 &
  sleep 8
  pid="$(pgrep -n -f "^$b ${common[*]} --simulate-unless-paired --data-dir $work/real-$name" || true)"
  if [[ -z "$pid" ]]; then wait; return; fi
  a="$(process_ns "$pid")"; s=$EPOCHREALTIME
  sleep $((real_seconds - 10))
  e=$EPOCHREALTIME
  echo "$(process_ns "$pid") $a $s $e" >"$work/$name.window"
  cp "/proc/$pid/smaps" "$work/$name.smaps"
  wait
}
for i in "${!binaries[@]}"; do
  cp "${binaries[$i]}" "$shm/heartline-$i"
  real_run "disk-$i" "${binaries[$i]}" &
  real_run "tmpfs-$i" "$shm/heartline-$i" &
done
wait
echo "Real time: a workout of $real_seconds real seconds (--simulate-unless-paired: the simulated strap"
echo "on the real clock, the core ticked while the workout records, readouts every minute), per hour:"
for i in "${!binaries[@]}"; do
  read -r base_user base_system _ <"$work/simulated-$i"
  read -r real_elapsed real_user real_system _ <"$work/disk-$i.time"
  read -r w1 w0 ws we <"$work/disk-$i.window"
  awk -v l="${labels[$i]}" -v u="$real_user" -v s="$real_system" -v bu="$base_user" -v bs="$base_system" -v e="$real_elapsed" -v n="$real_seconds" \
    -v w1="$w1" -v w0="$w0" -v ws="$ws" -v we="$we" 'BEGIN {
    c = (u + s) - (bu + bs); if (c < 0) c = 0
    printf "  %s: the process'"'"'s CPU from 8 s after the start to 2 s before the end (%.1f s; live threads from\n    /proc/PID/task/*/schedstat, threads ended meanwhile from /proc/PID/stat):\n", l, we - ws
    printf "    %.1f ms, %.2f s CPU per real hour\n", (w1 - w0) / 1e6, (w1 - w0) / 1e9 * 3600 / (we - ws)
    printf "    GNU time, whole run less a launch, times %d: %.1f s per real hour (whole run %.2f s CPU in %.1f s; the clock counts in 10 ms steps)\n", 3600 / n, c * 3600 / n, u + s, e }'
done
echo

# 4. Peak memory.
echo "Peak memory (maximum resident set size, GNU time's %M, from the kernel's rusage of the child),"
echo "the binary on its own file system, and copied to a tmpfs:"
for i in "${!binaries[@]}"; do
  read -r _ _ base_rss hour_rss <"$work/simulated-$i"
  read -r _ _ _ real_rss <"$work/disk-$i.time"
  read -r _ _ _ tmpfs_rss <"$work/tmpfs-$i.time"
  awk -v l="${labels[$i]}" -v b="$base_rss" -v h="$hour_rss" -v r="$real_rss" -v t="$tmpfs_rss" 'BEGIN {
    printf "  %s: launch and quit %.1f MiB, simulated hour %.1f MiB, real-time workout %.1f MiB, on a tmpfs %.1f MiB\n", l, b / 1024, h / 1024, r / 1024, t / 1024 }'
done
echo
echo "Resident pages $((real_seconds - 2)) s into the real-time workout, by mapping (/proc/PID/smaps; MiB; Rss counts"
echo "every page mapped, Pss shares each page among the processes mapping it, Private is the"
echo "process's alone; \"binary\" is heartline's own file, \"libraries\" the shared objects):"
smaps_groups() {  # smaps_groups SMAPS BINARY-PATH
  awk -v bin="$2" '
    /^[0-9a-f]+-[0-9a-f]+ / {
      name = (NF >= 6) ? $6 : ""
      if (name == bin) kind = "binary " $2; else if (name ~ /\.so/) kind = "libraries"; else kind = "anonymous and other"
      if (!(kind in rss)) order[++n] = kind
      rss[kind] += 0; next }
    /^Rss:/ { rss[kind] += $2; total += $2 } /^Pss:/ { pss[kind] += $2; tpss += $2 }
    /^Private_(Clean|Dirty):/ { priv[kind] += $2; tpriv += $2 }
    END {
      for (i = 1; i <= n; i++) { k = order[i]; if (rss[k] > 0) printf "      %-20s Rss %5.1f  Pss %5.1f  Private %5.1f\n", k, rss[k] / 1024, pss[k] / 1024, priv[k] / 1024 }
      printf "      %-20s Rss %5.1f  Pss %5.1f  Private %5.1f\n", "all", total / 1024, tpss / 1024, tpriv / 1024 }' "$1"
}
for i in "${!binaries[@]}"; do
  echo "  ${labels[$i]}, from its own file system ($(grep -c '\.so' "$work/disk-$i.smaps") library mappings):"
  smaps_groups "$work/disk-$i.smaps" "${binaries[$i]}"
  echo "  ${labels[$i]}, from a tmpfs:"
  smaps_groups "$work/tmpfs-$i.smaps" "$shm/heartline-$i"
done

# 5. Launch to the first audible sentence, under a private PulseAudio with a null sink.
if [[ "$audio" == yes ]] && command -v parec >/dev/null && command -v spd-say >/dev/null; then
  echo
  HEARTLINE_BINARY="$binary" contrib/with-audio.sh "$0" --audio-only
fi
