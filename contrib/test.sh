#!/usr/bin/env bash
# Installs what the tests need, then builds and runs the whole test suite against real
# components: SQLite files, speech-dispatcher and espeak-ng on a private PulseAudio null sink,
# a pseudo-terminal for the shell, and a fake Bluetooth strap on a socket; then the VM suite,
# Heartline on the kernel's own Bluetooth stack with virtual straps (contrib/vm/run.sh); and the
# boot test, Heartline installed from its Debian package and started at boot on Debian 12
# (contrib/boot/run.sh), beside the VM suite. Ends with a table of each stage's seconds against its budget
# (.ci/budgets), the launches of the built binary and the slowest tests.
#
# Usage: contrib/test.sh [--long] [--filter REGEX] [--stages LIST] [--no-setup]
#   (none)          every stage, as CI runs it
#   --long          also what is too slow for every submission: the crash stress's 500 rounds
#                   of each kind (CI runs contrib/crash-stress.sh's own number), each fuzz
#                   target for FUZZ_SECONDS (default 600) instead of 7 s, the VM suite's four
#                   headset groups (each sound server on each kernel; CI runs the two on
#                   PulseAudio), and the boot test's headset paired on the booted board image.
#                   Run it before touching storage, Bluetooth, sound or the loop.
#   --filter REGEX  only the unit tests whose names match (swift test --filter), and only the
#                   stages format, build and unit unless --stages says otherwise
#   --stages LIST   only these stages, comma-separated, of: setup format build unit fuzz tsan
#                   crash vm boot package
#   --no-setup      leave out the setup stage (what the tests need is installed already)
# The report is kept in .build/test-report/ (the event streams, the stage table).
set -uo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

all_stages=(setup format build unit fuzz tsan crash vm boot package)
long=0
filter=""
stages=""
setup=1
while (($#)); do
  case $1 in
    --long) long=1 ;;
    --filter)
      filter=${2:?usage: contrib/test.sh --filter REGEX}
      shift
      ;;
    --stages)
      stages=${2:?usage: contrib/test.sh --stages LIST}
      shift
      ;;
    --no-setup) setup=0 ;;
    -h | --help)
      sed -n '2,22p' "$0"
      exit 0
      ;;
    *)
      echo "contrib/test.sh: unknown argument $1 (see --help)" >&2
      exit 2
      ;;
  esac
  shift
done
if [[ -z $stages ]]; then
  if [[ -n $filter ]]; then stages="setup,format,build,unit"; else stages=$(
    IFS=,
    echo "${all_stages[*]}"
  ); fi
fi
if ((!setup)); then stages=${stages//setup/}; fi
declare -A wanted=()
for stage in ${stages//,/ }; do
  if [[ " ${all_stages[*]} " != *" $stage "* ]]; then
    echo "contrib/test.sh: no stage named $stage (see --help)" >&2
    exit 2
  fi
  wanted[$stage]=1
done

report=$PWD/.build/test-report
rm -rf "$report"
mkdir -p "$report"
declare -A budget=() took=() result=() launched=()
while read -r name seconds _; do
  [[ -z $name || $name == \#* ]] && continue
  budget[$name]=$seconds
done <.ci/budgets

# Launches of the built binary: each start appends a line to this file (Sources/heartline).
export HEARTLINE_LAUNCH_LOG=$report/launches
: >"$HEARTLINE_LAUNCH_LOG"
accounted() { wc -l <"$HEARTLINE_LAUNCH_LOG"; }

failed=()
started_all=$SECONDS
# stage NAME COMMAND...: runs COMMAND as the stage NAME when it is wanted, and notes its time,
# its result and the launches of the binary during it.
stage() {
  local name=$1 started before status
  shift
  [[ -n ${wanted[$name]:-} ]] || return 0
  echo "==== $name: $*"
  started=$SECONDS
  before=$(accounted)
  "$@"
  status=$?
  noted "$name" "$status" $((SECONDS - started)) $(($(accounted) - before))
  return "$status"
}

# noted NAME STATUS SECONDS LAUNCHES: the stage's figures for the table, and its result said.
noted() {
  took[$1]=$3
  launched[$1]=$4
  if (($2 == 0)); then result[$1]=ok; else
    result[$1]="FAILED ($2)"
    failed+=("$1")
  fi
  echo "==== $1: ${result[$1]} in ${took[$1]} s"
}

# lane NAME...: runs the stages NAME... (each the function of that name) one after another in
# the background, beside what follows; `joined` waits for them, shows each one's output and notes
# its time, result and launches. The lane's stages count their launches in a log of their own,
# so that neither the lane's nor the foreground's figures hold the other's.
lane_pid=""
lane_stages=()
lane() {
  local name
  lane_stages=()
  for name; do [[ -n ${wanted[$name]:-} ]] && lane_stages+=("$name"); done
  ((${#lane_stages[@]})) || return 0
  echo "==== ${lane_stages[*]}: one after another, beside the next stage (their output follows it)"
  (
    export HEARTLINE_LAUNCH_LOG=$report/launches.lane
    : >"$HEARTLINE_LAUNCH_LOG"
    for name in "${lane_stages[@]}"; do
      local started=$SECONDS before
      before=$(accounted)
      "$name" >"$report/$name.out" 2>&1
      echo "$? $((SECONDS - started)) $(($(accounted) - before))" >"$report/$name.status"
    done
  ) &
  lane_pid=$!
}
joined() {
  local name status seconds count
  [[ -n $lane_pid ]] || return 0
  wait "$lane_pid"
  for name in "${lane_stages[@]}"; do
    echo "==== $name (beside)"
    cat "$report/$name.out" 2>/dev/null
    read -r status seconds count <"$report/$name.status" || status=1 seconds=0 count=0
    noted "$name" "$status" "$seconds" "$count"
  done
}

table() {
  local name total=$((SECONDS - started_all)) launches=0 over=()
  echo
  printf '%-8s %8s %8s %9s  %s\n' stage seconds budget launches result
  for name in "${all_stages[@]}"; do
    [[ -n ${took[$name]:-} ]] || continue
    local mark=""
    if [[ -n ${budget[$name]:-} ]] && ((took[$name] > budget[$name])); then
      mark=" (over budget)"
      over+=("$name")
    fi
    printf '%-8s %8d %8s %9s  %s%s\n' "$name" "${took[$name]}" "${budget[$name]:--}" "${launched[$name]:--}" "${result[$name]}" "$mark"
    [[ ${launched[$name]:-0} == - ]] || launches=$((launches + ${launched[$name]:-0}))
  done
  printf '%-8s %8d %8s %9s\n' total "$total" "${budget[total]:--}" "$launches"
  for name in "${over[@]}"; do echo "warning: the stage $name took ${took[$name]} s, over its budget of ${budget[$name]} s (.ci/budgets)"; done
  if [[ -n ${budget[total]:-} ]] && ((total > budget[total])); then
    echo "warning: the whole run took $total s, over its budget of ${budget[total]} s (.ci/budgets)"
  fi
  if [[ -s $report/unit.times ]]; then
    echo
    python3 contrib/test-report.py slowest "$report/unit.times" 15
  fi
}

# What failed, said again after the table: a log cut to its last lines still shows it. A stage
# beside the VM suite is read from its whole output (.out, which holds what it chose to show of
# its own log), one in the foreground from its log.
failures() {
  local name log
  for name in "${failed[@]}"; do
    echo
    echo "what failed in $name:"
    log=$report/$name.out
    [[ -f $log ]] || log=$report/$name.log
    # A failed expectation's comment (a transcript, a log) follows its line, as "↳" and then
    # lines indented by two spaces: kept with it, for a run whose log is gone.
    [[ -f $log ]] && awk '
      /(^✘|recorded an issue|ThreadSanitizer|SUMMARY:|FAIL|error:)/ { print; comment = /recorded an issue/; next }
      comment && /^(↳|  )/ { print; next }
      { comment = 0 }' "$log" | head -n 200
  done
}

finish() {
  table | tee "$report/table.txt"
  failures
  if ((${#failed[@]})); then
    echo "contrib/test.sh: failed: ${failed[*]}"
    exit 1
  fi
  exit 0
}

# Stages whose failure leaves nothing for the later ones to test end the run at once.
stage setup contrib/setup.sh --test || finish
# The sources keep one format (contrib/swift-format.json): a difference fails the run.
stage format swift format lint --strict --configuration contrib/swift-format.json -r Sources Tests
build() { swift build --build-tests 2>&1 | tail -n 3; }
stage build build || finish

unit() {
  local narrowed=()
  [[ -n $filter ]] && narrowed=(--filter "$filter")
  HEARTLINE_TEST_TIMES=$report/unit.times contrib/with-audio.sh swift test --skip-build "${narrowed[@]}" >"$report/unit.log" 2>&1
  local status=$?
  grep -E '(^✘|recorded an issue|Test run with|error:)' "$report/unit.log" | tail -n 60
  return "$status"
}
# The boot test's release build, made beside the unit stage at the lowest priority: the unit
# tests mostly wait (on speech, terminals, child processes; three runs in a row passed with a
# busy loop on one of the two processors), and the boot test then packages that binary instead
# of building it while the VM suite runs beside it. A build that fails is left to the boot test.
release_pid=""
if [[ -n ${wanted[boot]:-} && -n ${wanted[unit]:-} ]]; then
  (
    source contrib/release-flags.sh
    nice -n 19 swift build -c release --product heartline --scratch-path .build-release "${release_flags[@]}"
  ) >"$report/release-build.log" 2>&1 &
  release_pid=$!
fi
stage unit unit

# A short run of each fuzz target; contrib/fuzz.sh without --short runs them long.
# It runs beside the VM suite, after the boot test (below).
fuzz() { if ((long)); then contrib/fuzz.sh; else contrib/fuzz.sh --short; fi; }

# ThreadSanitizer over the suites tagged .threads (Tests/*/Tags.swift says which): the storage
# thread and its store, the loop's inbox and background work, espeak-ng's synthesis thread, and
# the shell end to end (the binary built with TSan too, a race stops it). A report fails the run,
# and so does a suite found by the rule that runs no test. Left out: the file-size-limit test
# (TSan's runtime cannot start under a 120 kB RLIMIT_FSIZE).
tsan() {
  local suites
  mapfile -t suites < <(python3 contrib/test-report.py tagged threads)
  ((${#suites[@]})) || {
    echo "tsan: no suite is tagged .threads"
    return 1
  }
  echo "tsan: ${#suites[@]} suites tagged .threads"
  swift build --build-tests --sanitize=thread --scratch-path .build-tsan 2>&1 | tail -n 3 || return
  # Each suite by its own name, wherever it is nested (swift test matches the names of a test
  # and of the suites around it). No other suite's name holds a tagged one; test-report.py ran
  # below fails the run if a tagged suite matched nothing.
  local pattern="" suite
  for suite in "${suites[@]}"; do pattern+="${pattern:+|}${suite##*.}"; done
  TSAN_OPTIONS="halt_on_error=1" contrib/with-audio.sh swift test --skip-build --sanitize=thread \
    --scratch-path .build-tsan --skip theFileSizeLimitIsAFullDiskAndLosesNothing --filter "$pattern" \
    --event-stream-output-path "$report/tsan.events" --event-stream-version 0 >"$report/tsan.log" 2>&1
  local status=$?
  grep -E '(^✘|recorded an issue|Test run with|ThreadSanitizer|error:)' "$report/tsan.log" | tail -n 60
  python3 contrib/test-report.py ran "$report/tsan.events" "${suites[@]}" || status=1
  return "$status"
}
# It runs beside the VM suite, after the crash stress (below).

# Kills of each kind, strap and ride: no sample older than 5 s lost, no stale distance. CI's
# number of rounds is the crash stress's own (the rounds that found every defect it has caught).
# It runs beside the VM suite, after the fuzz targets (below).
crash() { if ((long)); then contrib/crash-stress.sh --long; else contrib/crash-stress.sh; fi; }

# Heartline installed on a Debian 12 system and started at boot; the base system is made once
# per machine. Its packages are checked there (package.sh --check-only: fields, files, lintian).
# Skipped, with the reason, without QEMU or debootstrap.
boot() {
  if ((long)); then contrib/boot/run.sh image-headset pulse nouser; else contrib/boot/run.sh; fi
}
# The VM suite keeps QEMU busy for a quarter of an hour while its groups mostly wait on the
# guest; beside it, one after another: the boot test (QEMU without KVM on one processor, its
# release build made beside the unit stage), then the fuzz targets, the crash stress and
# ThreadSanitizer's build and suites, which have no part in the VM's. Each stage's output is
# shown after the VM suite's. One after the other on a quiet machine, the VM suite took 886 to
# 987 s and these 300 + 100 + 65 + 280.
if [[ -n $release_pid ]]; then
  if wait "$release_pid" && [[ -x .build-release/release/heartline ]]; then
    export HEARTLINE_BUILT_BINARY=$PWD/.build-release/release/heartline
    echo "==== boot: packages the release build made beside the unit stage"
  else
    echo "==== boot: the release build beside the unit stage failed; the boot test builds its own"
    tail -n 5 "$report/release-build.log"
  fi
fi
lane boot fuzz crash tsan
# Skipped, with the reason, where QEMU or the kernel image cannot be had.
vm() {
  local groups=()
  ((long)) && groups=(all)
  contrib/vm/run.sh "${groups[@]}" 2>&1 | tee "$report/vm.log"
  return "${PIPESTATUS[0]}"
}
stage vm vm
joined
# The Debian package's own check, when the boot test did not make and check it.
package() { contrib/package.sh --check; }
if [[ -n ${wanted[boot]:-} ]] && ! grep -q '^boot: SKIPPED' "$report/boot.out" 2>/dev/null; then
  unset 'wanted[package]'
fi
stage package package

finish
