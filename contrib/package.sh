#!/usr/bin/env bash
# Builds the Debian package of Heartline for this machine's architecture, and checks it.
#
# Usage: contrib/package.sh [--output DIR]           build heartline_VERSION_ARCH.deb and
#                                                     heartline-board_VERSION_all.deb in DIR
#                                                     (default .build/debian); prints their paths
#        contrib/package.sh --check [--output DIR]   build it, then check its fields and files
#                                                     and run lintian; exit status 1 on a fault
#        contrib/package.sh --check-only DEB...      check packages already built
#
# The files are contrib/install.sh's, staged with DESTDIR and PREFIX=/usr, from a release build
# (or HEARTLINE_BUILT_BINARY), with the binary stripped as Debian does, the manual page gzipped,
# and the documentation Debian asks for: copyright (from LICENSE), changelog.Debian.gz and
# README.Debian (the set-up of the administrator's guide's "Starting at boot with no screen" with
# Debian's paths); beside them the user's and administrator's guides (contrib/doc), gzipped.
#
# Environment:
#   HEARTLINE_BUILT_BINARY  package this heartline executable instead of building one
#   HEARTLINE_DEB_REVISION  the Debian revision (default 1): VERSION-REVISION, where VERSION is
#                           the one `heartline --version` prints (HeartlineRelease.version)
#   HEARTLINE_MAINTAINER    the Maintainer field (default below)
#
# heartline declares what the binary links (found by dpkg-shlibdeps, from dpkg-dev), what it
# loads or talks to (libespeak-ng1, speech-dispatcher and its espeak-ng module, a sound server),
# recommends what a headset needs (bluez, the sound server's Bluetooth module), and has one
# maintainer script: postinst gives the binary the capabilities that searching for straps needs,
# again after every upgrade. Nothing touches a user's files: removing or purging the package
# leaves ~/.local/share/heartline, ~/.config/heartline and ~/.local/state/heartline.
#
# heartline-board turns a Debian 12 machine into a Heartline board in one step (the
# administrator's guide, contrib/doc/admin-guide.md, "A board with no screen"): the user heartline, logged in on tty1 at boot, whose login starts Heartline;
# the sound server's Bluetooth audio with no login seat; bluetoothd restarted when it dies. Its
# files are drop-ins and fragments in the places systemd, udev, WirePlumber and the login read,
# so removing it puts the machine back; neither removal nor purge deletes the user or its home.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

maintainer=${HEARTLINE_MAINTAINER:-The Heartline authors <heartline@example.org>}
revision=${HEARTLINE_DEB_REVISION:-1}
output=$root/.build/debian
mode=build
debs=()
while (($#)); do
  case $1 in
    --check) mode=check ;;
    --check-only)
      mode=check-only
      shift
      debs=("$@")
      ((${#debs[@]})) || {
        echo "usage: contrib/package.sh --check-only DEB..." >&2
        exit 2
      }
      break
      ;;
    --output)
      output=${2:?usage: contrib/package.sh --output DIR}
      shift
      ;;
    *)
      echo "usage: contrib/package.sh [--check] [--output DIR] | --check-only DEB..." >&2
      exit 2
      ;;
  esac
  shift
done

# The version is the program's own, from the one line that declares it (HeartlineRelease, which
# `heartline --version` and the exported files print). A line that cannot be read stops the
# build: a package named 0.0.0 would never be an upgrade.
release=Sources/HeartlineCore/Export/HeartlineRelease.swift
version=$(sed -n 's/^ *public static let version = "\([0-9][^"]*\)".*/\1/p' "$release")
if [[ ! $version =~ ^[0-9]+(\.[0-9]+)*$ ]]; then
  echo "package: no version could be read from $release" >&2
  exit 1
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
# A Bluetooth headset: bluetoothd, and the sound server's Bluetooth module (PipeWire's first, the
# one apt chooses on a bare system, where pipewire-pulse is the sound server it chose above).
recommends=(libpam-systemd dbus-user-session libcap2-bin dosfstools bluez
  "libspa-0.2-bluetooth | pulseaudio-module-bluetooth")
suggests=(heartline-board sqlite3)
# The board: Heartline itself, bluetoothd, and one sound server with its Bluetooth audio. Debian
# has no way to depend on (A and B) or C, so each part of PipeWire's stack is an alternative to
# PulseAudio's Bluetooth module (which brings PulseAudio itself): on a bare system apt takes
# PipeWire's three; with pulseaudio-module-bluetooth installed, or named beside the board on
# apt's command line, PulseAudio's stack satisfies all three and no PipeWire is installed.
board_depends=(bluez adduser "libspa-0.2-bluetooth | pulseaudio-module-bluetooth"
  "pipewire-pulse | pulseaudio-module-bluetooth" "wireplumber | pulseaudio-module-bluetooth")
# The login's user manager, which runs Heartline as a unit; without it the login runs Heartline
# itself (the boot test's nouser case).
board_recommends=(libpam-systemd dbus-user-session)

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
  gzip -9n "$tree/usr/share/man/man1/heartline.1" "$tree/usr/share/man/man5/heartline.conf.5"
  install -m 644 contrib/70-heartline-input.rules "$doc/70-heartline-input.rules"

  copyright "$doc/copyright"
  changelog heartline "$doc/changelog.Debian.gz"

  readme_debian >"$doc/README.Debian"
  # The guides, compressed as Debian's policy asks of documentation over 4 kB.
  local guide
  for guide in user-guide admin-guide; do
    gzip -9n <"contrib/doc/$guide.md" >"$doc/$guide.md.gz"
    chmod 644 "$doc/$guide.md.gz"
  done

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
  {
    control_fields heartline "$arch" "$tree"
    echo "Depends: $shlibs, $(join "${depends_extra[@]}")"
    echo "Recommends: $(join "${recommends[@]}")"
    echo "Suggests: $(join "${suggests[@]}")"
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
  local deb=$output/heartline_${version}-${revision}_$arch.deb
  dpkg-deb --root-owner-group -Zxz --build "$tree" "$deb" >/dev/null
  echo "$deb"
  build_board
}

# guide_profile INDENT: the lines the administrator's guide (contrib/doc/admin-guide.md) gives
# for the end of ~/.profile, exactly, each indented by INDENT instead of the guide's three spaces.
guide_profile() {
  local profile
  profile=$(INDENT=$1 awk '/add these lines to the end of ~\/.profile/ { found = 1 }
    found && /^ *```/ { if (inside) exit; inside = 1; next }
    inside { sub(/^   /, ENVIRON["INDENT"]); print }' contrib/doc/admin-guide.md)
  [[ $profile == *"systemctl --user start"* ]] || {
    echo "package: the administrator's guide's ~/.profile lines were not found" >&2
    exit 1
  }
  echo "$profile"
}

# The board's login hook: the administrator's guide's ~/.profile lines, exactly, for the user
# heartline.
board_login() {
  local profile
  profile=$(guide_profile "") || exit 1
  echo "# heartline-board: sourced by /etc/profile.d/heartline-board.sh in the login shell of the"
  echo "# user heartline. On tty1 it starts Heartline as the user unit and waits for it (the"
  echo "# administrator's guide, \"Starting at boot with no screen\"); anywhere else (an SSH login)"
  echo "# it does nothing."
  echo "$profile"
}

build_board() {
  local stage
  stage=$(mktemp -d)
  local tree=$stage/tree doc=$stage/tree/usr/share/doc/heartline-board
  install -d "$tree/DEBIAN" "$doc" "$tree/usr/share/heartline-board" \
    "$tree/usr/lib/systemd/system/getty@tty1.service.d" "$tree/usr/lib/systemd/system/bluetooth.service.d" \
    "$tree/usr/lib/udev/rules.d" "$tree/usr/share/wireplumber/bluetooth.lua.d" "$tree/usr/share/wireplumber/main.lua.d" \
    "$tree/usr/share/wireplumber/wireplumber.conf.d" "$tree/etc/profile.d" "$tree/usr/share/lintian/overrides" \
    "$tree/usr/lib/systemd/user/heartline.service.d"
  # Autologin on tty1 for the user heartline, and bluetoothd restarted when it dies: drop-ins in
  # /usr/lib, so that an administrator's own in /etc still win, and removal takes them away.
  sed "s/@USER@/heartline/" contrib/autologin.conf >"$tree/usr/lib/systemd/system/getty@tty1.service.d/heartline-board.conf"
  install -m 644 contrib/bluetooth-restart.conf "$tree/usr/lib/systemd/system/bluetooth.service.d/heartline-board.conf"
  # Heartline, started by the login as the user unit, begins with the set-up by ear.
  install -m 644 contrib/board/heartline-set-up.conf "$tree/usr/lib/systemd/user/heartline.service.d/heartline-board.conf"
  # The headset's and keypad's keys for the user at the console (heartline is also in input).
  install -m 644 contrib/70-heartline-input.rules "$tree/usr/lib/udev/rules.d/70-heartline-board.rules"
  # WirePlumber reads fragments from /usr/share, /etc and ~/.config alike.
  install -m 644 contrib/board/wireplumber.lua "$tree/usr/share/wireplumber/bluetooth.lua.d/51-heartline-board.lua"
  install -m 644 contrib/board/wireplumber-volume.lua "$tree/usr/share/wireplumber/main.lua.d/51-heartline-board.lua"
  install -m 644 contrib/board/wireplumber.conf "$tree/usr/share/wireplumber/wireplumber.conf.d/90-heartline-board.conf"
  install -m 644 contrib/board/profile.sh "$tree/etc/profile.d/heartline-board.sh"
  board_login >"$tree/usr/share/heartline-board/login.sh"
  chmod 644 "$tree/usr/share/heartline-board/login.sh"
  echo /etc/profile.d/heartline-board.sh >"$tree/DEBIAN/conffiles"
  copyright "$doc/copyright"
  changelog heartline-board "$doc/changelog.Debian.gz"
  {
    echo "# Not in Debian's archive: no bug to close."
    echo "heartline-board: initial-upload-closes-no-bugs"
    echo "# Drop-ins for Debian's own bluetooth.service and getty@tty1, not services of this"
    echo "# package: under sysvinit there is nothing to drop in, and no script to ship."
    echo "heartline-board: package-supports-alternative-init-but-no-init.d-script [usr/lib/systemd/system/*]"
  } >"$tree/usr/share/lintian/overrides/heartline-board"
  board_postinst >"$tree/DEBIAN/postinst"
  board_postrm >"$tree/DEBIAN/postrm"
  chmod 755 "$tree/DEBIAN/postinst" "$tree/DEBIAN/postrm"
  find "$tree" -type d -exec chmod 755 {} +
  (cd "$tree" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$tree/DEBIAN/md5sums"
  chmod 644 "$tree/DEBIAN/md5sums" "$tree/DEBIAN/conffiles"
  {
    control_fields heartline-board all "$tree"
    echo "Depends: heartline (= $version-$revision), $(join "${board_depends[@]}")"
    echo "Recommends: $(join "${board_recommends[@]}")"
    echo "Description: makes this machine a Heartline board with no screen"
    echo " Heartline is a voice-first workout shell for blind athletes. This package"
    echo " sets a Debian machine up as a board with a headset and a keypad and no"
    echo " screen: the user heartline is logged in on the first virtual console at"
    echo " boot and its login starts Heartline; the sound server plays Bluetooth audio"
    echo " with no graphical seat, so a headset paired by ear in Heartline is heard;"
    echo " bluetoothd is restarted when it dies. Removing the package puts the machine"
    echo " back; the user heartline and its workouts stay, also on purge."
  } >"$tree/DEBIAN/control"
  local deb=$output/heartline-board_${version}-${revision}_all.deb
  dpkg-deb --root-owner-group -Zxz --build "$tree" "$deb" >/dev/null
  rm -rf "$stage"
  echo "$deb"
}

board_postinst() {
  cat <<'SCRIPT'
#!/bin/sh
# heartline-board: the user heartline (made once, never changed after), its groups, and its
# user manager kept running with no login (linger), so the sound server and the headset's link
# stay up between one Heartline and the next.
set -e
if [ "$1" = configure ]; then
  if ! getent passwd heartline >/dev/null; then
    adduser --quiet --disabled-password --gecos Heartline --shell /bin/bash heartline
  fi
  # audio: the board's own sound card; bluetooth: bluetoothd's D-Bus interface (pairing);
  # input: the headset's and keypad's keys when no login seat is active.
  for group in audio bluetooth input; do
    if getent group "$group" >/dev/null; then adduser --quiet heartline "$group"; fi
  done
  mkdir -p /var/lib/systemd/linger
  touch /var/lib/systemd/linger/heartline
  if [ -d /run/systemd/system ]; then
    systemctl daemon-reload || true
    udevadm trigger --subsystem-match=input || true
  fi
fi
exit 0
SCRIPT
}

board_postrm() {
  cat <<'SCRIPT'
#!/bin/sh
# heartline-board: removal puts the machine back (dpkg takes the drop-ins away; linger goes
# here). The user heartline and its home, with its workouts, stay, on purge too: delete them by
# hand with deluser --remove-home heartline.
set -e
case "$1" in
  remove | purge)
    rm -f /var/lib/systemd/linger/heartline
    if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
    ;;
esac
exit 0
SCRIPT
}

# copyright FILE: Debian's machine-readable format, from LICENSE.
copyright() {
  {
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: heartline"
    echo
    echo "Files: *"
    echo "Copyright: $(sed -n 's/^Copyright (c) //p' LICENSE | head -n 1)"
    echo "License: Expat"
    sed -e '1,/^Copyright/d' LICENSE | sed -e '/./,$!d' -e 's/^$/./' -e 's/^/ /'
  } >"$1"
}

# changelog PACKAGE FILE: changelog.Debian, one entry for this version, dated by the commit it
# was built from.
changelog() {
  local date
  date=$(git log -1 --format=%aD 2>/dev/null) || date=$(date -R)
  {
    echo "$1 ($version-$revision) unstable; urgency=medium"
    echo
    echo "  * Heartline $version, packaged by contrib/package.sh."
    echo
    echo " -- $maintainer  $date"
  } | gzip -9n >"$2"
  chmod 644 "$2"
}

# control_fields PACKAGE ARCHITECTURE TREE: the fields every package of this version has.
control_fields() {
  echo "Package: $1"
  echo "Version: $version-$revision"
  echo "Architecture: $2"
  echo "Maintainer: $maintainer"
  echo "Installed-Size: $(du -sk --exclude=DEBIAN "$3" | cut -f1)"
  echo "Section: misc"
  echo "Priority: optional"
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

# README.Debian, with the ~/.profile lines exactly as the administrator's guide gives them.
readme_debian() {
  local profile
  profile=$(guide_profile "    ") || exit 1
  readme_debian_text | PROFILE=$profile awk '$0 == "@PROFILE@" { print ENVIRON["PROFILE"]; next } { print }'
}

readme_debian_text() {
  cat <<'EOF'
Heartline on Debian
===================

Heartline speaks through speech-dispatcher (or espeak-ng directly) and the session's sound
server, PipeWire or PulseAudio. `heartline --check` says how speech, Bluetooth, the strap and
storage are. The manual page is `man heartline`.

Guides
------

Two guides are installed here, in Markdown, compressed (read them with zless):

- user-guide.md.gz: the screens, workouts, settings, keys, the headset, the strap and the other
  sensors, exports, upload and the USB stick, as the athlete meets them.
- admin-guide.md.gz: installing, a board with no screen, starting at boot, the configuration
  file, checking the system, permissions, and the workouts on disk.

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
session it would also start for an SSH login). The package heartline-board does what follows
for its own user, heartline, with the headset's Bluetooth audio and a bluetoothd that comes back
(admin-guide.md.gz, "A board with no screen"). By hand, for a user called ann who trains:

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

# check DEB: the fields, the files, the maintainer scripts and lintian. Says each fault.
check() {
  local deb=$1 faults=0 info contents package
  fault() {
    echo "package: FAIL $*" >&2
    faults=$((faults + 1))
  }
  info=$(dpkg-deb --info "$deb")
  contents=$(dpkg-deb --contents "$deb" | awk '{ print $NF }')
  package=$(dpkg-deb --field "$deb" Package)
  local field
  for field in Package Version Architecture Maintainer Installed-Size Depends Recommends Section Priority Description; do
    grep -q "^ $field: ." <<<"$info" || fault "the control file has no $field"
  done
  grep -qx " Version: $version-[0-9][0-9a-z.+~]*" <<<"$info" || fault "the version is not $version-REVISION"
  case $package in
    heartline) check_program ;;
    heartline-board) check_board ;;
    *) fault "no package called $package" ;;
  esac

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

# The program's own checks, in check's scope.
check_program() {
  grep -qx " Architecture: $arch" <<<"$info" || fault "the architecture is not $arch"
  local depends needed
  depends=$(sed -n 's/^ Depends: //p' <<<"$info")
  for needed in libc6 libbluetooth3 libreadline8 libsqlite3-0 libspeechd2 libespeak-ng1 libcurl4 espeak-ng \
    speech-dispatcher speech-dispatcher-espeak-ng "pipewire-pulse | pulseaudio" pulseaudio-utils; do
    [[ ", $depends," == *", $needed"[\ ,]* ]] || fault "Depends lacks $needed ($depends)"
  done
  local path
  for path in ./usr/bin/heartline ./usr/share/man/man1/heartline.1.gz ./usr/share/man/man5/heartline.conf.5.gz \
    ./usr/lib/systemd/user/heartline.service ./usr/share/heartline/autologin.conf \
    ./usr/share/doc/heartline/copyright ./usr/share/doc/heartline/changelog.Debian.gz \
    ./usr/share/doc/heartline/README.Debian ./usr/share/doc/heartline/heartline.conf.example \
    ./usr/share/doc/heartline/70-heartline-input.rules ./usr/share/doc/heartline/user-guide.md.gz \
    ./usr/share/doc/heartline/admin-guide.md.gz; do
    grep -qx -- "$path" <<<"$contents" || fault "the package lacks $path"
  done
  # The packaged program says the package's version.
  local unpacked said
  unpacked=$(mktemp -d)
  dpkg-deb --extract "$deb" "$unpacked"
  said=$("$unpacked/usr/bin/heartline" --version 2>/dev/null) || true
  rm -rf "$unpacked"
  [[ $said == "heartline $version" ]] || fault "the program says \"$said\", not heartline $version"
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
  local recommends
  recommends=$(sed -n 's/^ Recommends: //p' <<<"$info")
  for needed in bluez "libspa-0.2-bluetooth | pulseaudio-module-bluetooth"; do
    [[ ", $recommends," == *", $needed"[\ ,]* ]] || fault "Recommends lacks $needed ($recommends)"
  done
}

# The board's checks, in check's scope.
check_board() {
  grep -qx " Architecture: all" <<<"$info" || fault "the architecture is not all"
  local depends needed
  depends=$(sed -n 's/^ Depends: //p' <<<"$info")
  for needed in "heartline (= $(dpkg-deb --field "$deb" Version))" bluez adduser \
    "libspa-0.2-bluetooth | pulseaudio-module-bluetooth" "pipewire-pulse | pulseaudio-module-bluetooth" \
    "wireplumber | pulseaudio-module-bluetooth"; do
    [[ ", $depends," == *", $needed,"* ]] || fault "Depends lacks $needed ($depends)"
  done
  local path
  for path in ./usr/lib/systemd/system/getty@tty1.service.d/heartline-board.conf \
    ./usr/lib/systemd/system/bluetooth.service.d/heartline-board.conf \
    ./usr/lib/systemd/user/heartline.service.d/heartline-board.conf \
    ./usr/lib/udev/rules.d/70-heartline-board.rules \
    ./usr/share/wireplumber/bluetooth.lua.d/51-heartline-board.lua \
    ./usr/share/wireplumber/main.lua.d/51-heartline-board.lua \
    ./usr/share/wireplumber/wireplumber.conf.d/90-heartline-board.conf \
    ./etc/profile.d/heartline-board.sh ./usr/share/heartline-board/login.sh \
    ./usr/share/doc/heartline-board/copyright ./usr/share/doc/heartline-board/changelog.Debian.gz; do
    grep -qx -- "$path" <<<"$contents" || fault "the package lacks $path"
  done
  # In /etc only the login's hook, a conffile; nothing in anyone's home.
  grep -v '^\./$' <<<"$contents" | grep -vE '^\./(usr/|etc/$|etc/profile\.d/$|etc/profile\.d/heartline-board\.sh$)' |
    grep -q . && fault "the package has files outside /usr and its one file in /etc"
  [[ $(dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./conffiles) == /etc/profile.d/heartline-board.sh ]] ||
    fault "the conffiles are not /etc/profile.d/heartline-board.sh alone"
  local file
  file=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/lib/systemd/system/getty@tty1.service.d/heartline-board.conf)
  grep -q -- '--autologin heartline ' <<<"$file" || fault "the getty drop-in does not log heartline in"
  file=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/heartline-board/login.sh)
  grep -q 'systemctl --user start --wait heartline.service' <<<"$file" || fault "the login hook does not start the unit"
  local scripts
  scripts=$(dpkg-deb --ctrl-tarfile "$deb" | tar -t | sed 's|^\./||' | grep -vE '^(|control|md5sums|conffiles)$' | sort | tr '\n' ' ')
  [[ $scripts == "postinst postrm " ]] || fault "the maintainer scripts are [$scripts], not postinst and postrm"
  # Neither script deletes the user or a home directory.
  dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./postinst ./postrm | grep -v '^ *#' | grep -qE 'deluser|userdel|rm .*(/home|~)' &&
    fault "a maintainer script deletes the user or its files"
}

case $mode in
  build) build ;;
  check)
    mapfile -t debs < <(build)
    status=0
    for deb in "${debs[@]}"; do check "$deb" || status=1; done
    exit "$status"
    ;;
  check-only)
    status=0
    for deb in "${debs[@]}"; do check "$deb" || status=1; done
    exit "$status"
    ;;
esac
