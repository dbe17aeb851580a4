#!/usr/bin/env bash
# Kills the built binary with SIGKILL at random moments of simulated workouts, many times over.
# Strap rounds (CrashTests) check after each kill that no sample older than the loss window (5 s)
# was lost and that PRAGMA integrity_check says ok. Ride rounds (RideCrashTests) ride a simulated
# bike with readouts every 0.5 km, kill it, start again and save or resume it from the unfinished
# offer, then check the stored summary's distance against the samples' distance and its laps by
# distance against where the samples pass each 0.5 km; they count the rounds with a stale distance,
# with stale laps and with more than the loss window lost. One ride round in 50 (at least one)
# runs on a pseudo-terminal on the real clock, killed 7 to 13 seconds in.
# Usage: contrib/crash-stress.sh [--long | ROUNDS] [SEED]
#   --long  500 rounds of each, for CI (about four minutes on two cores)
#   ROUNDS  rounds of each kind, default 50
#   SEED    default a new one each run, printed first so a failing run can be repeated
# Prints the counts at the end; exits non-zero when any round loses data, finds the database
# damaged, or finds a stale distance or stale laps.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
case ${1:-} in -h|--help) sed -n '2,15p' "$0"; exit 0 ;; esac

rounds=50
if [[ ${1:-} == --long ]]; then
  rounds=500
  shift
elif [[ -n ${1:-} ]]; then
  rounds=$1
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
echo "crash-stress: $rounds rounds of each kind, seed $seed"
swift build --scratch-path "$scratch" --build-tests 2>&1 | tail -n 1
status=0
realtime=$(( rounds / 50 > 0 ? rounds / 50 : 1 ))
HEARTLINE_CRASH_ROUNDS=$rounds HEARTLINE_RIDE_CRASH_ROUNDS=$rounds HEARTLINE_RIDE_REALTIME_ROUNDS=$realtime \
  HEARTLINE_CRASH_SEED=$seed swift test --scratch-path "$scratch" --skip-build \
  --filter 'CrashTests/killedAtRandomMomentsNoWorkoutIsLost|RideCrashTests/killed' \
  >"$log" 2>&1 || status=$?
grep -E 'recorded an issue' "$log" | head -n 40 || true
echo "crash-stress: seed $seed"
if grep -q 'Test killedAtRandomMomentsNoWorkoutIsLost() passed' "$log"; then
  echo "crash-stress: strap rounds: $rounds, none lost data or damaged the database"
else
  echo "crash-stress: strap rounds: FAILED (see the issues above)"
fi
grep -E 'ride-crash:' "$log" | sed 's/^.*ride-crash:/crash-stress: ride rounds:/' || echo "crash-stress: ride rounds: did not finish"
exit $status
