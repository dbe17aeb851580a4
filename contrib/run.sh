#!/usr/bin/env bash
# Installs what Heartline needs, builds it, and runs it. With no strap given or remembered,
# it runs with the simulated strap. Extra arguments go to heartline (see heartline --help).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d /opt/swift/usr/bin ]]; then export PATH="/opt/swift/usr/bin:$PATH"; fi

contrib/setup.sh
swift build -c release --product heartline 2>&1 | tail -n 1 >&2
exec "$(swift build -c release --show-bin-path)/heartline" --simulate-unless-paired "$@"
