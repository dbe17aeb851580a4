#!/usr/bin/env bash
# Installs every Debian package Heartline needs to build, run and test.
# Idempotent: packages already present are left alone, so it is safe to re-run.
# Usage: contrib/setup.sh            (build and run dependencies)
#        contrib/setup.sh --test     (also what the test suite needs, with the VM suite's
#                                     QEMU, kernel and Python venv, and the boot test's
#                                     debootstrap, on x86-64)
set -euo pipefail

runtime_packages=(
  pkg-config
  libsqlite3-dev
  libreadline-dev
  libspeechd-dev
  libespeak-ng-dev
  libbluetooth-dev
  # The headset client talks to bluetoothd over D-Bus (libdbus-1-3 is its runtime library).
  libdbus-1-dev
  libdbus-1-3
  # Upload to intervals.icu: libcurl is loaded with dlopen on the first upload (no headers).
  libcurl4
  speech-dispatcher
  speech-dispatcher-espeak-ng
  espeak-ng
  pulseaudio
  pulseaudio-utils
  # Starting at boot (contrib/doc/admin-guide.md): the login's systemd user manager, and
  # systemctl --user reaching it.
  libpam-systemd
  dbus-user-session
  # A USB stick left dirty by an early pull is mended with fsck.vfat before Heartline writes to it.
  dosfstools
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
  # The headset tests: a mock bluetoothd (the bluez5 template) on a private dbus-daemon.
  python3-dbusmock
  dbus-daemon
  # gdbus: the tests wait for the mock to take its name on the bus (gdbus wait), and call it.
  libglib2.0-bin
  # The stick tests: a small FAT image (mkfs.vfat) stands in for a USB stick.
  dosfstools
  # The Debian package (contrib/package.sh): dpkg-shlibdeps finds what the binary links, and
  # lintian checks the package.
  dpkg-dev
  lintian
)

# The VM suite (contrib/vm): Debian's kernel under QEMU with the Bluetooth stack, and a
# Python venv with virtme-ng (boots it) and Bumble (the virtual radio), from PyPI.
vm_packages=(
  qemu-system-x86
  linux-image-amd64
  busybox-static
  bluez
  kmod
  python3-venv
  # The devices group: arecord records the snd-aloop card's capture side.
  alsa-utils
  # The stick group: udisks2 mounts a FAT image made with mkfs.vfat, offered as a USB stick;
  # mtools puts a plan on it and reads it back with no mount.
  udisks2
  dosfstools
  mtools
  # The headset groups: PulseAudio's Bluetooth module in the VM plays to the virtual headset,
  # and sbcdec (sbc-tools) decodes what reached it.
  pulseaudio-module-bluetooth
  sbc-tools
  # The headset groups on PipeWire, the sound server apt chooses on a bare Debian 12: PipeWire,
  # WirePlumber 0.4 and PipeWire's Bluetooth module. Not pipewire-pulse, which would make PipeWire
  # this machine's sound server at its users' next login: the VM runs PipeWire's pulse server
  # from that package's own configuration, unpacked into the VM suite's venv (below).
  pipewire
  wireplumber
  libspa-0.2-bluetooth
  # The PipeWire groups' sampler (contrib/vm/pipewire-sample.sh) reads pw-dump with jq.
  jq
)
# The headset-6.12 group boots Debian's 6.12 kernel from bookworm-backports (the generation
# Debian 13 runs) beside Debian 12's own 6.1.
backports_kernel='^linux-image-6\.12\.[0-9.]*\+deb12-amd64$'
# The boot test (contrib/boot): debootstrap makes a Debian 12 system once per machine, mke2fs
# (e2fsprogs) turns it into a disk, QEMU boots it, sox measures the speech recorded there. The
# board's disk image (contrib/board/disk-image.sh), which it boots through UEFI: GRUB's EFI
# image, a FAT system partition (dosfstools, mtools), a GPT (fdisk's sfdisk), OVMF for QEMU.
boot_packages=(
  debootstrap
  e2fsprogs
  qemu-system-x86
  sox
  grub-efi-amd64-bin
  dosfstools
  mtools
  fdisk
  uuid-runtime
  ovmf
)
vm_venv=${HEARTLINE_VM_VENV:-/opt/heartline-vm}
vm_python_packages=(virtme-ng==1.42 bumble==0.0.236)

want=("${runtime_packages[@]}")
vm=0
if [[ "${1:-}" == "--test" ]]; then
  want+=("${test_packages[@]}")
  if [[ $(uname -m) == x86_64 ]]; then
    vm=1
    want+=("${vm_packages[@]}" "${boot_packages[@]}")
  fi
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

if ((vm)) && ! compgen -G "/boot/vmlinuz-6.12.*" >/dev/null; then
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  if [[ ! -e /etc/apt/sources.list.d/bookworm-backports.sources ]]; then
    printf '%s\n' "Types: deb" "URIs: http://deb.debian.org/debian" "Suites: bookworm-backports" \
      "Components: main" "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" |
      $sudo tee /etc/apt/sources.list.d/bookworm-backports.sources >/dev/null
  fi
  $sudo apt-get update -qq
  # The newest 6.12 image the archive has; a failure leaves the headset-6.12 group skipped.
  image=$(apt-cache search --names-only "$backports_kernel" | awk '{ print $1 }' | grep -v unsigned | sort -V | tail -n 1)
  if [[ -z $image ]] || ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    -t bookworm-backports "$image" >&2; then
    echo "setup: no 6.12 kernel from bookworm-backports; the headset-6.12 VM group will be skipped" >&2
  fi
fi

if ((vm)) && ! "$vm_venv/bin/python3" -c "import bumble, virtme_ng" 2>/dev/null; then
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  echo "setup: making the VM suite's Python venv in $vm_venv" >&2
  # Debian's python3, whatever else is first on the PATH. A failure here is not fatal: the VM
  # suite then says it is skipped, and why.
  if ! { $sudo /usr/bin/python3 -m venv "$vm_venv" &&
    $sudo "$vm_venv/bin/pip" install -q "${vm_python_packages[@]}" >&2; }; then
    echo "setup: could not install ${vm_python_packages[*]} into $vm_venv; the VM suite will be skipped" >&2
  fi
fi

# pipewire-pulse's configuration, of the PipeWire installed here, for the VM's headset groups on
# PipeWire (contrib/vm/guest.sh starts `pipewire -c` with it). A failure leaves those groups
# skipped, and says why.
if ((vm)); then
  pipewire_version=$(dpkg-query -W -f='${Version}' pipewire 2>/dev/null)
  pulse_conf=$vm_venv/pipewire-pulse/usr/share/pipewire/pipewire-pulse.conf
  if [[ -n $pipewire_version && ! -e $vm_venv/pipewire-pulse/$pipewire_version ]]; then
    sudo=""
    if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
    download=$(mktemp -d)
    chmod 755 "$download"
    if (cd "$download" && apt-get download -q "pipewire-pulse=$pipewire_version" >&2) &&
      $sudo rm -rf "$vm_venv/pipewire-pulse" && $sudo dpkg -x "$download"/pipewire-pulse_*.deb "$vm_venv/pipewire-pulse" &&
      [[ -e $pulse_conf ]]; then
      $sudo touch "$vm_venv/pipewire-pulse/$pipewire_version"
    else
      echo "setup: could not unpack pipewire-pulse $pipewire_version; the headset groups on PipeWire will be skipped" >&2
    fi
    rm -rf "$download"
  fi
fi

if ! command -v swift >/dev/null 2>&1 && [[ ! -x /opt/swift/usr/bin/swift ]]; then
  echo "setup: Swift 6.3 is not installed. Install the Swift 6.3 toolchain for Debian 12 into /opt/swift (see contrib/doc/admin-guide.md, Installing)." >&2
  exit 1
fi

# The tests check FIT files with an independent decoder, fitdecode from PyPI, and write a
# coach's FIT workout files with fit-tool from PyPI, both kept in a virtual environment of its
# own (FITExportTests and CoachFileTests find it there).
if [[ "${1:-}" == "--test" ]]; then
  venv="${XDG_CACHE_HOME:-$HOME/.cache}/heartline/test-venv"
  if ! "$venv/bin/python" -c "import fitdecode, fit_tool" >/dev/null 2>&1; then
    echo "setup: installing fitdecode and fit-tool in $venv" >&2
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "fitdecode==0.11.0" "fit-tool==0.9.16" >&2
  fi
fi
