#!/usr/bin/env bash
# Kills the built binary with SIGKILL at random moments of simulated workouts, many times over.
# Strap rounds (CrashTests) check after each kill that no sample older than the loss window (5 s)
# was lost and that PRAGMA integrity_check says ok. Ride rounds (RideCrashTests) ride a simulated
# bike with readouts every 0.5 km, kill it, start again and save or resume it from the unfinished
# offer, then check the stored summary's distance against the samples' distance and its laps by
# distance against where the samples pass each 0.5 km; they count the rounds with a stale distance,
# with stale laps and with more than the loss window lost. Both run on the script's simulated
# clock, without the storage thread; real-clock rounds ride on a pseudo-terminal, with the storage
# thread's batches, killed 7 to 13 seconds in. Upload rounds (CrashTests, a fifth as many) choose
# "Upload and save workout" and kill a few milliseconds after "Workout saved.": the upload must
# be owed in the database every time. Stick rounds (CrashTests, as many) kill a USB
# stick's transfer (workouts copied to it, its plans read onto the board) at random on a
# terminal: no file under a real name may be partial on either side, the stick's marker lists
# only whole files, and the next plug-in copies the rest whole.
# Usage: contrib/crash-stress.sh [--ci | --long | ROUNDS] [SEED]
#   --ci    the default, CI's number: 100 rounds of each and 6 on the real clock (about two
#           minutes on two cores)
#   --long  500 rounds of each and 10 on the real clock (about five minutes on two cores)
#   ROUNDS  rounds of each kind, one in 50 (at least one) on the real clock
#   SEED    default a new one each run, printed first so a failing run can be repeated
# CI's number is three times the most rounds a mutant caught in every seed needed, 5 to 10 seeds
# each (BENCHMARKS.md, "Crash stress: rounds to detection"): a crashed ride's distance and laps
# left uncounted (2f2b940's fix undone) fail the first ride round; the store committing every 10 s
# instead of 5 fails by strap round 27; the storage thread's batches every 10 s fail by the
# second real-clock round. A ride killed before its first commit (3db0b0c, the test's own fix)
# comes about once in 500 ride rounds, left to --long; packing a workout's chunks in two
# transactions and a dropped sync were not caught at all. A stick's marker listing a file before
# the file is written fails by stick round 32 at the latest in 6 seeds of 8 (100 rounds in CI);
# writing a workout under its own name rather than a temporary one was not caught in 150 rounds
# (a SIGKILL leaves what was written: only a pull shows it, StickTests and the VM's stick group).
# Prints the counts at the end; exits non-zero when any round loses data, finds the database
# damaged, or finds a stale distance or stale laps.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
case ${1:-} in -h|--help) sed -n '2,27p' "$0"; exit 0 ;; esac

rounds=100
realtime=6
if [[ ${1:-} == --long ]]; then
  rounds=500
  realtime=10
  shift
elif [[ ${1:-} == --ci ]]; then
  shift
elif [[ -n ${1:-} ]]; then
  rounds=$1
  realtime=
  shift
fi
seed=${1:-$(date +%s)}
if ! [[ $rounds =~ ^[1-9][0-9]*$ && $seed =~ ^[0-9]+$ ]]; then
  echo "crash-stress: ROUNDS and SEED are whole numbers (see --help)" >&2
  exit 2
fi
scratch=${HEARTLINE_SCRATCH:-.build}
log=$(mktemp /tmp/crash-stress.XXXXXX)
trap 'rm -f "$log"' EXIT
realtime=${realtime:-$(( rounds / 50 > 0 ? rounds / 50 : 1 ))}
echo "crash-stress: $rounds rounds of each kind, $realtime on the real clock, seed $seed"
swift build --scratch-path "$scratch" --build-tests 2>&1 | tail -n 1
status=0
HEARTLINE_CRASH_ROUNDS=$rounds HEARTLINE_RIDE_CRASH_ROUNDS=$rounds HEARTLINE_RIDE_REALTIME_ROUNDS=$realtime \
  HEARTLINE_STICK_CRASH_ROUNDS=$rounds \
  HEARTLINE_CRASH_SEED=$seed swift test --scratch-path "$scratch" --skip-build \
  --filter 'CrashTests/killedAtRandomMomentsNoWorkoutIsLost|CrashTests/killedJustAfterSavingForUpload|CrashTests/killedDuringAStickTransfer|RideCrashTests/killed' \
  >"$log" 2>&1 || status=$?
grep -E 'recorded an issue' "$log" | head -n 40 || true
echo "crash-stress: seed $seed"
if grep -q 'Test killedAtRandomMomentsNoWorkoutIsLost() passed' "$log"; then
  echo "crash-stress: strap rounds: $rounds, none lost data or damaged the database"
else
  echo "crash-stress: strap rounds: FAILED (see the issues above)"
fi
if grep -q 'Test killedJustAfterSavingForUploadTheUploadIsStillOwed() passed' "$log"; then
  echo "crash-stress: upload rounds: $(( rounds / 5 > 0 ? rounds / 5 : 1 )), every upload owed after the kill"
else
  echo "crash-stress: upload rounds: FAILED (see the issues above)"
fi
if grep -q 'Test killedDuringAStickTransferNothingIsLeftPartial() passed' "$log"; then
  grep -E 'stick-crash:' "$log" | sed 's/^.*stick-crash:/crash-stress: stick rounds:/' || true
else
  echo "crash-stress: stick rounds: FAILED (see the issues above)"
fi
grep -E 'ride-crash:' "$log" | sed 's/^.*ride-crash:/crash-stress: ride rounds:/' || echo "crash-stress: ride rounds: did not finish"
exit $status
