#!/usr/bin/env bash
# Installs what the tests need, then builds and runs the whole test suite against real
# components: SQLite files, speech-dispatcher and espeak-ng on a private PulseAudio null sink,
# a pseudo-terminal for the shell, and a fake Bluetooth strap on a socket; then the VM suite,
# Heartline on the kernel's own Bluetooth stack with virtual straps (contrib/vm/run.sh); and the
# boot test, Heartline installed and started at boot on Debian 12 (contrib/boot/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

contrib/setup.sh --test
# The sources keep one format (contrib/swift-format.json): a difference fails the run.
swift format lint --strict --configuration contrib/swift-format.json -r Sources Tests
swift build --build-tests 2>&1 | tail -n 3
contrib/with-audio.sh swift test --skip-build "$@"
# A short run of each fuzz target; contrib/fuzz.sh without --short runs them long.
contrib/fuzz.sh --short
# Skipped, with the reason, where QEMU or the kernel image cannot be had. Only when no
# arguments narrowed the test run.
if (($# == 0)); then
  contrib/vm/run.sh
  # Heartline installed on a Debian 12 system and started at boot, three boots in QEMU; the
  # base system is made once per machine. Skipped, with the reason, without QEMU or debootstrap.
  contrib/boot/run.sh
fi
