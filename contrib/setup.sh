#!/usr/bin/env bash
# Installs every Debian package Heartline needs to build, run and test.
# Idempotent: packages already present are left alone, so it is safe to re-run.
# Usage: contrib/setup.sh            (build and run dependencies)
#        contrib/setup.sh --test     (also what the test suite needs)
set -euo pipefail

runtime_packages=(
  pkg-config
  libsqlite3-dev
  libreadline-dev
  libspeechd-dev
  libespeak-ng-dev
  libbluetooth-dev
  speech-dispatcher
  speech-dispatcher-espeak-ng
  espeak-ng
  pulseaudio
  pulseaudio-utils
  # Starting at boot (README): the login's systemd user manager, and systemctl --user reaching it.
  libpam-systemd
  dbus-user-session
)
test_packages=(
  sox
  libxml2-utils
  systemd
  man-db
  procps
  util-linux
  time
  python3-venv
  faketime
  strace
)

want=("${runtime_packages[@]}")
if [[ "${1:-}" == "--test" ]]; then
  want+=("${test_packages[@]}")
fi

missing=()
for package in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} > 0)); then
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

if ! command -v swift >/dev/null 2>&1 && [[ ! -x /opt/swift/usr/bin/swift ]]; then
  echo "setup: Swift 6.3 is not installed. Install the Swift 6.3 toolchain for Debian 12 into /opt/swift (see README)." >&2
  exit 1
fi

# The tests check FIT files with an independent decoder, fitdecode from PyPI, kept in a virtual
# environment of its own (FITExportTests finds it there).
if [[ "${1:-}" == "--test" ]]; then
  venv="${XDG_CACHE_HOME:-$HOME/.cache}/heartline/test-venv"
  if ! "$venv/bin/python" -c "import fitdecode" >/dev/null 2>&1; then
    echo "setup: installing fitdecode in $venv" >&2
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "fitdecode==0.11.0" >&2
  fi
fi
