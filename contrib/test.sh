#!/usr/bin/env bash
# Installs what the tests need, then builds and runs the whole test suite against real
# components: SQLite files, speech-dispatcher and espeak-ng on a private PulseAudio null sink,
# a pseudo-terminal for the shell, and a fake Bluetooth strap on a socket; then the VM suite,
# Heartline on the kernel's own Bluetooth stack with virtual straps (contrib/vm/run.sh); and the
# boot test, Heartline installed from its Debian package and started at boot on Debian 12
# (contrib/boot/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

contrib/setup.sh --test
tsan_suites=(
  HeartlineStorageTests LoopBoundTests EspeakSpeakerTests SpeechDriverTests SpeechScheduleTests
  TranscriptSpeakerTests BackgroundCommitsTests ConfinementTests CrashTests RideCrashTests
  SignalTests StartupTests ScriptModeTests PasteTests StrapFloodEndToEndTests BinaryEndToEndTests
  SensorsEndToEndTests FullDiskTests StorageAttackTests EchoTests
)
# The sources keep one format (contrib/swift-format.json): a difference fails the run.
swift format lint --strict --configuration contrib/swift-format.json -r Sources Tests
swift build --build-tests 2>&1 | tail -n 3
contrib/with-audio.sh swift test --skip-build "$@"
# A short run of each fuzz target; contrib/fuzz.sh without --short runs them long.
contrib/fuzz.sh --short
# Only when no arguments narrowed the test run: the long runs.
if (($# == 0)); then
  # ThreadSanitizer over the suites whose code runs on more than one thread: the storage
  # thread and its store, the loop's inbox and background work, espeak-ng's synthesis thread,
  # and the shell end to end (the binary built with TSan too, a race stops it). A report fails
  # the run. Left out: the suites that open libspeechd in this process or in the binary
  # (libspeechd cancels its reader thread inside an intercepted read, which TSan cannot follow
  # and ends the process for), and the file-size-limit test (TSan's runtime cannot start under
  # a 120 kB RLIMIT_FSIZE).
  swift build --build-tests --sanitize=thread --scratch-path .build-tsan 2>&1 | tail -n 1
  TSAN_OPTIONS="halt_on_error=1" contrib/with-audio.sh swift test --skip-build --sanitize=thread \
    --scratch-path .build-tsan --skip theFileSizeLimitIsAFullDiskAndLosesNothing --filter "$(
      IFS='|'
      echo "${tsan_suites[*]}"
    )"
  # 500 kills of each kind, strap and ride: no sample older than 5 s lost, no stale distance.
  contrib/crash-stress.sh --long
  # The Debian package from the release build: its fields, its files and lintian.
  contrib/package.sh --check
  # Skipped, with the reason, where QEMU or the kernel image cannot be had.
  contrib/vm/run.sh
  # Heartline installed on a Debian 12 system and started at boot, three boots in QEMU; the
  # base system is made once per machine. Skipped, with the reason, without QEMU or debootstrap.
  contrib/boot/run.sh
fi
