#!/usr/bin/env bash
# Builds the Debian package of Heartline for this machine's architecture, and checks it.
#
# Usage: contrib/package.sh [--output DIR]           build heartline_VERSION_ARCH.deb in DIR
#                                                     (default .build/debian); prints its path
#        contrib/package.sh --check [--output DIR]   build it, then check its fields and files
#                                                     and run lintian; exit status 1 on a fault
#        contrib/package.sh --check-only DEB         check a package already built
#
# The files are contrib/install.sh's, staged with DESTDIR and PREFIX=/usr, from a release build
# (or HEARTLINE_BUILT_BINARY), with the binary stripped as Debian does, the manual page gzipped,
# and the documentation Debian asks for: copyright (from LICENSE), changelog.Debian.gz and
# README.Debian (the set-up of README's "Starting at boot with no screen" with Debian's paths).
#
# Environment:
#   HEARTLINE_BUILT_BINARY  package this heartline executable instead of building one
#   HEARTLINE_DEB_REVISION  the Debian revision (default 1): VERSION-REVISION, where VERSION is
#                           the one `heartline --version` prints (HeartlineMain.version)
#   HEARTLINE_MAINTAINER    the Maintainer field (default below)
#
# The package declares what the binary links (found by dpkg-shlibdeps, from dpkg-dev), what it
# loads or talks to (libespeak-ng1, speech-dispatcher and its espeak-ng module, a sound server),
# and has one maintainer script: postinst gives the binary the capabilities that searching for
# straps needs, again after every upgrade. Nothing touches a user's files: removing or purging
# the package leaves ~/.local/share/heartline, ~/.config/heartline and ~/.local/state/heartline.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

maintainer=${HEARTLINE_MAINTAINER:-The Heartline authors <heartline@example.org>}
revision=${HEARTLINE_DEB_REVISION:-1}
output=$root/.build/debian
mode=build
deb=""
while (($#)); do
  case $1 in
    --check) mode=check ;;
    --check-only)
      mode=check-only
      deb=${2:?usage: contrib/package.sh --check-only DEB}
      shift
      ;;
    --output)
      output=${2:?usage: contrib/package.sh --output DIR}
      shift
      ;;
    *)
      echo "usage: contrib/package.sh [--check] [--output DIR] | --check-only DEB" >&2
      exit 2
      ;;
  esac
  shift
done

# The version is the program's own, from the one line that declares it; a checkout where that
# line cannot be read falls back to the latest tag, then to 0.0.0.
version=$(sed -n 's/^ *public static let version = "\([0-9][^"]*\)".*/\1/p' Sources/HeartlineShell/HeartlineMain.swift)
if [[ -z $version ]]; then
  version=$(git describe --tags --abbrev=0 2>/dev/null | sed 's/^v//') || true
  version=${version:-0.0.0}
fi
arch=$(dpkg --print-architecture)

# The Depends that are not libraries the binary links: libespeak-ng1 is loaded with dlopen,
# speech-dispatcher is reached through its socket and needs a voice, and the speech reaches the
# headset through the session's sound server, which pactl (pulseaudio-utils) asks and steers;
# libcurl4 is loaded with dlopen on the first upload.
depends_extra=(speech-dispatcher speech-dispatcher-espeak-ng espeak-ng libespeak-ng1 libcurl4 "pipewire-pulse | pulseaudio"
  pulseaudio-utils)
# Starting at boot (a user manager for the login, and systemctl --user reaching it), setcap, and
# fsck.vfat, which mends a USB stick left dirty by an early pull before anything is written to it.
recommends=(libpam-systemd dbus-user-session libcap2-bin dosfstools)
suggests=(bluez sqlite3)

build() {
  command -v dpkg-shlibdeps >/dev/null || {
    echo "package: dpkg-shlibdeps is missing: sudo apt-get install dpkg-dev" >&2
    exit 1
  }
  local stage
  stage=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$stage'" EXIT
  local tree=$stage/tree doc=$stage/tree/usr/share/doc/heartline
  DESTDIR=$tree PREFIX=/usr contrib/install.sh 2>"$stage/install.log" || {
    cat "$stage/install.log" >&2
    exit 1
  }
  # dpkg keeps the list of installed files; install.sh's own list is for --uninstall.
  rm -f "$tree/usr/share/heartline/installed-files"
  strip --remove-section=.comment --remove-section=.note "$tree/usr/bin/heartline"
  gzip -9n "$tree/usr/share/man/man1/heartline.1"
  install -m 644 contrib/70-heartline-input.rules "$doc/70-heartline-input.rules"

  # copyright, in Debian's machine-readable format, from LICENSE.
  {
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: heartline"
    echo
    echo "Files: *"
    echo "Copyright: $(sed -n 's/^Copyright (c) //p' LICENSE | head -n 1)"
    echo "License: Expat"
    sed -e '1,/^Copyright/d' LICENSE | sed -e '/./,$!d' -e 's/^$/./' -e 's/^/ /'
  } >"$doc/copyright"

  # changelog.Debian: one entry for this version, dated by the commit it was built from.
  local date
  date=$(git log -1 --format=%aD 2>/dev/null) || date=$(date -R)
  {
    echo "heartline ($version-$revision) unstable; urgency=medium"
    echo
    echo "  * Heartline $version, packaged by contrib/package.sh."
    echo
    echo " -- $maintainer  $date"
  } | gzip -9n >"$doc/changelog.Debian.gz"
  chmod 644 "$doc/changelog.Debian.gz"

  readme_debian >"$doc/README.Debian"

  # Lintian's view of the two things Heartline does on purpose.
  mkdir -p "$tree/usr/share/lintian/overrides"
  {
    echo "# Not in Debian's archive: no bug to close."
    echo "heartline: initial-upload-closes-no-bugs"
  } >"$tree/usr/share/lintian/overrides/heartline"

  mkdir -p "$tree/DEBIAN"
  postinst >"$tree/DEBIAN/postinst"
  chmod 755 "$tree/DEBIAN/postinst"

  # The libraries the binary links, each with the lowest version that has what it uses.
  mkdir -p "$stage/src/debian"
  printf 'Source: heartline\n\nPackage: heartline\nArchitecture: any\n' >"$stage/src/debian/control"
  local shlibs
  shlibs=$(cd "$stage/src" && dpkg-shlibdeps -O "$tree/usr/bin/heartline" 2>"$stage/shlibdeps.log") || {
    cat "$stage/shlibdeps.log" >&2
    exit 1
  }
  shlibs=${shlibs#shlibs:Depends=}

  find "$tree" -type d -exec chmod 755 {} +
  (cd "$tree" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$tree/DEBIAN/md5sums"
  chmod 644 "$tree/DEBIAN/md5sums"
  local size
  size=$(du -sk --exclude=DEBIAN "$tree" | cut -f1)
  {
    echo "Package: heartline"
    echo "Version: $version-$revision"
    echo "Architecture: $arch"
    echo "Maintainer: $maintainer"
    echo "Installed-Size: $size"
    echo "Depends: $shlibs, $(join "${depends_extra[@]}")"
    echo "Recommends: $(join "${recommends[@]}")"
    echo "Suggests: $(join "${suggests[@]}")"
    echo "Section: misc"
    echo "Priority: optional"
    echo "Description: voice-first workout shell for a heart-rate strap"
    echo " Heartline is a workout shell for blind athletes, for a small Linux computer"
    echo " with a headset and a keyboard or keypad and no screen. It reads a Bluetooth"
    echo " LE heart-rate strap (and a footpod, bike sensor or power meter), speaks every"
    echo " answer through speech-dispatcher or espeak-ng, takes one-key questions and"
    echo " short commands in a GNU readline shell, and keeps the workouts in SQLite."
    echo " ."
    echo " It can start by itself at boot on the first virtual console: see"
    echo " /usr/share/doc/heartline/README.Debian."
  } >"$tree/DEBIAN/control"

  mkdir -p "$output"
  deb=$output/heartline_${version}-${revision}_$arch.deb
  dpkg-deb --root-owner-group -Zxz --build "$tree" "$deb" >/dev/null
  echo "$deb"
}

join() {
  local IFS=,
  local joined="$*"
  echo "${joined//,/, }"
}

postinst() {
  cat <<'EOF'
#!/bin/sh
# Searching for straps goes through the kernel's Bluetooth management socket, which needs
# CAP_NET_ADMIN; dpkg installs a new binary without it at every upgrade, so it is given here.
set -e
if [ "$1" = configure ]; then
  if ! command -v setcap >/dev/null 2>&1 ||
    ! setcap cap_net_raw,cap_net_admin+ep /usr/bin/heartline; then
    echo "heartline: could not give /usr/bin/heartline its capabilities: searching for straps" >&2
    echo "heartline: needs: sudo setcap cap_net_raw,cap_net_admin+ep /usr/bin/heartline" >&2
  fi
fi
exit 0
EOF
}

# README.Debian, with the ~/.profile lines exactly as README.md gives them.
readme_debian() {
  local profile
  profile=$(awk '/add these lines to the end of ~\/.profile/ { found = 1 }
    found && /^ *```/ { if (inside) exit; inside = 1; next }
    inside { sub(/^   /, "    "); print }' README.md)
  [[ $profile == *"systemctl --user start"* ]] || {
    echo "package: the README's ~/.profile lines were not found" >&2
    exit 1
  }
  readme_debian_text | PROFILE=$profile awk '$0 == "@PROFILE@" { print ENVIRON["PROFILE"]; next } { print }'
}

readme_debian_text() {
  cat <<'EOF'
Heartline on Debian
===================

Heartline speaks through speech-dispatcher (or espeak-ng directly) and the session's sound
server, PipeWire or PulseAudio. `heartline --check` says how speech, Bluetooth, the strap and
storage are. The manual page is `man heartline`.

Bluetooth
---------

The package gives /usr/bin/heartline the capabilities cap_net_raw and cap_net_admin when it is
installed or upgraded (libcap2-bin's setcap), so that it can search for straps through the
kernel's Bluetooth management socket. Where that failed, the installation said so; run:

    sudo setcap cap_net_raw,cap_net_admin+ep /usr/bin/heartline

Headset and keyboard buttons
----------------------------

To hear the play/pause, next, previous and volume buttons, the user needs to read the input
devices that have keys: either join the input group (then log in again)

    sudo adduser ann input

or let the user at the console read them, with the udev rule shipped here:

    sudo cp /usr/share/doc/heartline/70-heartline-input.rules /etc/udev/rules.d/
    sudo udevadm control --reload
    sudo udevadm trigger --subsystem-match=input

Starting at boot with no screen
-------------------------------

Nothing starts by itself after installing: the systemd user unit
/usr/lib/systemd/user/heartline.service has no [Install] section on purpose (enabled for every
session it would also start for an SSH login). For a user called ann who trains:

1. Log ann in on tty1 at boot, with no password:

    sudo mkdir -p /etc/systemd/system/getty@tty1.service.d
    sed "s/@USER@/ann/" /usr/share/heartline/autologin.conf |
      sudo tee /etc/systemd/system/getty@tty1.service.d/autologin.conf
    sudo systemctl daemon-reload

2. As ann, add these lines to the end of ~/.profile, so that the login on tty1 starts the unit
   and waits for it, and runs Heartline directly when the unit cannot run:

@PROFILE@

3. Reboot. To read what happened: journalctl --user -u heartline

The unit needs a user manager for the login: libpam-systemd and dbus-user-session, which the
package recommends.

What stays when the package is removed
--------------------------------------

Removing or purging the package removes only its own files. Each user's workouts and settings
(~/.local/share/heartline), configuration file (~/.config/heartline) and log
(~/.local/state/heartline) stay, as does an autologin drop-in made in /etc; delete those by hand
to remove them.
EOF
}

# check DEB: the fields, the files, the unit's path and lintian. Says each fault.
check() {
  local deb=$1 faults=0 info contents
  fault() {
    echo "package: FAIL $*" >&2
    faults=$((faults + 1))
  }
  info=$(dpkg-deb --info "$deb")
  contents=$(dpkg-deb --contents "$deb" | awk '{ print $NF }')
  local field
  for field in Package Version Architecture Maintainer Installed-Size Depends Recommends Section Priority Description; do
    grep -q "^ $field: ." <<<"$info" || fault "the control file has no $field"
  done
  grep -qx " Architecture: $arch" <<<"$info" || fault "the architecture is not $arch"
  grep -qx " Version: $version-[0-9][0-9a-z.+~]*" <<<"$info" || fault "the version is not $version-REVISION"
  local depends needed
  depends=$(sed -n 's/^ Depends: //p' <<<"$info")
  for needed in libc6 libbluetooth3 libreadline8 libsqlite3-0 libspeechd2 libespeak-ng1 libcurl4 espeak-ng \
    speech-dispatcher speech-dispatcher-espeak-ng "pipewire-pulse | pulseaudio" pulseaudio-utils; do
    [[ ", $depends," == *", $needed"[\ ,]* ]] || fault "Depends lacks $needed ($depends)"
  done
  local path
  for path in ./usr/bin/heartline ./usr/share/man/man1/heartline.1.gz \
    ./usr/lib/systemd/user/heartline.service ./usr/share/heartline/autologin.conf \
    ./usr/share/doc/heartline/copyright ./usr/share/doc/heartline/changelog.Debian.gz \
    ./usr/share/doc/heartline/README.Debian ./usr/share/doc/heartline/heartline.conf.example \
    ./usr/share/doc/heartline/70-heartline-input.rules; do
    grep -qx -- "$path" <<<"$contents" || fault "the package lacks $path"
  done
  local prompts
  for prompts in Prompts/*/*.prompts; do
    path=./usr/share/heartline/prompts/${prompts#Prompts/}
    grep -qx -- "$path" <<<"$contents" || fault "the package lacks $path"
  done
  # Only /usr: nothing in /etc to keep as a conffile, nothing in anyone's home.
  grep -v '^\./$' <<<"$contents" | grep -qv '^\./usr/' && fault "the package has files outside /usr"
  grep -q 'installed-files' <<<"$contents" && fault "the package has install.sh's list of files"
  local unit
  unit=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/lib/systemd/user/heartline.service)
  grep -qx 'ExecStart=/usr/bin/heartline' <<<"$unit" || fault "the unit does not start /usr/bin/heartline"
  # The maintainer scripts: postinst alone, and it touches no home directory.
  local scripts
  scripts=$(dpkg-deb --ctrl-tarfile "$deb" | tar -t | sed 's|^\./||' | grep -vE '^(|control|md5sums)$' | tr '\n' ' ')
  [[ $scripts == "postinst " ]] || fault "the maintainer scripts are [$scripts], not postinst alone"
  dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./postinst | grep -qE 'home|\.local|rm ' &&
    fault "postinst touches a user's files"

  if command -v lintian >/dev/null; then
    local report
    # Every tag lintian gives, and a fault for each error or warning.
    report=$(lintian --display-info --show-overrides --fail-on none "$deb" 2>&1 | grep -v "^running with root privileges")
    echo "package: lintian $(lintian --version | awk '{ print $2 }') on ${deb##*/}:" >&2
    if [[ -n $report ]]; then sed 's/^/    /' <<<"$report" >&2; else echo "    (no tags)" >&2; fi
    grep -qE '^[EW]: ' <<<"$report" && fault "lintian gave errors or warnings"
  else
    fault "lintian is missing (contrib/setup.sh --test installs it)"
  fi
  if ((faults)); then return 1; fi
  echo "package: ok   ${deb##*/}: its fields, its files and lintian" >&2
}

case $mode in
  build) build ;;
  check) check "$(build)" ;;
  check-only) check "$deb" ;;
esac
