#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz into a temporary directory and runs each one.
# Usage: contrib/fuzz.sh [--short] [TARGET...]
#   TARGET is measurement, advertising, att, sensors, cycling, machine (the Bluetooth decoders),
#   zwift or fitworkout (a coach's plan files); all eight when none is named.
#   --short  about 56 seconds of fuzzing in all (CI): each target 7 s from its seeds.
#   without  each target FUZZ_SECONDS seconds (default 600), its corpus kept in fuzz-out/corpus/.
# Crashing inputs are written to fuzz-out/crashes/; the script exits non-zero when any target
# crashes, times out or fails to build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

short=false
targets=()
for argument in "$@"; do
  case $argument in
    --short) short=true ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) targets+=("$argument") ;;
  esac
done
declare -A sources=([measurement]=FuzzMeasurement [advertising]=FuzzAdvertising [att]=FuzzATT
  [sensors]=FuzzSensors [cycling]=FuzzCycling [machine]=FuzzFitnessMachine [zwift]=FuzzZwift
  [fitworkout]=FuzzFITWorkout)
if ((${#targets[@]} == 0)); then targets=(measurement advertising att sensors cycling machine zwift fitworkout); fi
# Short runs build without optimisation: they fuzz for seconds, and building dominates.
if $short; then seconds=7 optimisation=-Onone; else seconds=${FUZZ_SECONDS:-600} optimisation=-O; fi

# The decoders and the GATT client live in Sources/HeartlineBluetooth/Protocol, which needs
# nothing but HeartlineCore's sensor types: each target compiles them into its own module.
protocol_sources=(Sources/HeartlineBluetooth/Protocol/*.swift Sources/HeartlineCore/Sensor/SensorEvent.swift
  Sources/HeartlineCore/Sensor/SensorReading.swift Sources/HeartlineCore/Sensor/MachineReading.swift
  Sources/HeartlineCore/Speech/SafeText.swift)
# The coach files' readers and the plan they give need these of HeartlineCore (no prompts: the
# generated catalogue's enum is not among them).
plan_sources=(Sources/HeartlineCore/Plans/{CoachWorkout,FITWorkoutReader,ZwiftWorkoutReader}.swift
  Sources/HeartlineCore/Export/{FITWriter,HeartlineRelease,TCXWriter,Timestamp}.swift
  Sources/HeartlineCore/Model/{DecimalText,Laps,Motion,PhaseTarget,Profile,TargetZone,TrainingPlan,Workout,WorkoutConfiguration}.swift
  Sources/HeartlineCore/Sensor/MachineReading.swift Sources/HeartlineCore/Speech/SafeText.swift
  Sources/HeartlineCore/Workout/{Calories,Science}.swift Tests/Fuzz/PlanChecks.swift)

build=$(mktemp -d "${TMPDIR:-/tmp}/heartline-fuzz.XXXXXX")
trap 'rm -rf "$build"' EXIT
mkdir -p fuzz-out/crashes

failed=()
for target in "${targets[@]}"; do
  source=${sources[$target]:-}
  if [[ -z $source ]]; then
    echo "fuzz: unknown target '$target' (known: ${!sources[*]})" >&2
    exit 2
  fi
  binary="$build/fuzz-$target"
  echo "fuzz: building $target" >&2
  # One compile of the whole module (-wmo): each target's build parses the protocol's files once,
  # not once a batch, which halves it (27 s to 13.5 s for att, -Onone, on two loaded cores).
  case $target in
    zwift | fitworkout) module_sources=("${plan_sources[@]}") ;;
    *) module_sources=("${protocol_sources[@]}") ;;
  esac
  # Compiled in the build directory: an optimised build leaves its module's files where it runs.
  (cd "$build" && swiftc -sanitize=fuzzer,address -parse-as-library "$optimisation" -wmo -g -use-ld=lld \
    -module-name HeartlineFuzz "$root/Tests/Fuzz/$source.swift" "${module_sources[@]/#/$root/}" -o "$binary")

  # Seeds: one input per line in hexadecimal, '#' starting a comment.
  seeds="$build/seeds-$target"
  mkdir -p "$seeds"
  count=0
  while IFS= read -r line; do
    line=${line%%#*}
    line=${line//[[:space:]]/}
    [[ -n $line ]] || continue
    count=$((count + 1))
    printf '%b' "$(sed 's/../\\x&/g' <<<"$line")" >"$seeds/seed-$count"
  done <"Tests/Fuzz/seeds/$target.hex"

  if $short; then corpus="$build/corpus-$target"; else corpus="fuzz-out/corpus/$target"; fi
  mkdir -p "$corpus"
  echo "fuzz: running $target for $seconds s" >&2
  log="$build/log-$target"
  # libFuzzer reports the crash itself; Swift's backtracer would outlive the crashed process.
  if SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="fuzz-out/crashes/$target-" "$corpus" "$seeds" 2>"$log"; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    edges=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    echo "fuzz: $target: $runs inputs, $edges, no crash" >&2
  else
    tail -n 40 "$log" >&2
    failed+=("$target")
  fi
done

if ((${#failed[@]} > 0)); then
  echo "fuzz: crashed: ${failed[*]} (inputs in fuzz-out/crashes/)" >&2
  exit 1
fi
