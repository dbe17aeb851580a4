#!/usr/bin/env bash
# Installs what the tests need, then builds and runs the whole test suite against real
# components: SQLite files, speech-dispatcher and espeak-ng on a private PulseAudio null sink,
# a pseudo-terminal for the shell, and a fake Bluetooth strap on a socket.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

contrib/setup.sh --test
swift build --build-tests 2>&1 | tail -n 3
contrib/with-audio.sh swift test --skip-build "$@"
if [[ -x contrib/fuzz.sh ]]; then
  contrib/fuzz.sh --short
fi
