#!/usr/bin/env bash
# Kills the built binary with SIGKILL at random moments of simulated workouts, many times over,
# and checks after each kill that no sample older than the loss window (5 s) was lost and that
# PRAGMA integrity_check says ok. The test suite runs 50 rounds; this runs as many as you like.
# Usage: contrib/crash-stress.sh [ROUNDS [SEED]]
#   ROUNDS  default 500 (about a minute on two cores)
#   SEED    default a new one each run, printed first so a failing run can be repeated
# Exits non-zero when any round loses data or finds the database damaged.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
case ${1:-} in -h|--help) sed -n '2,8p' "$0"; exit 0 ;; esac

rounds=${1:-500}
seed=${2:-$(date +%s)}
scratch=${HEARTLINE_SCRATCH:-.build}
echo "crash-stress: $rounds rounds, seed $seed"
swift build --scratch-path "$scratch" --build-tests 2>&1 | tail -n 1
HEARTLINE_CRASH_ROUNDS=$rounds HEARTLINE_CRASH_SEED=$seed \
  swift test --scratch-path "$scratch" --skip-build --filter CrashTests
