#!/usr/bin/env bash
# The boot test: Heartline installed from its Debian packages on a bare Debian 12 with apt's
# defaults, and started at boot in QEMU: the board's disk image (contrib/board/disk-image.sh),
# on PipeWire (what apt chooses on a bare system), through UEFI and GRUB; the heartline-board
# package on PulseAudio; and the administrator's guide's own steps (contrib/doc/admin-guide.md,
# "Starting at boot with no screen").
#
# Makes the base system once per machine (contrib/boot/image.sh, cached in
# ${XDG_CACHE_HOME:-~/.cache}/heartline/boot): debootstrap's minbase with systemd, udev and dbus,
# the kernel and the test's own tools, and none of Heartline's packages. Builds the packages
# twice with contrib/package.sh, as revisions 1 and 2 of the same version, and checks the first
# (package.sh --check-only: their fields, their files, lintian). The packages apt fetches are kept
# in the cache (archives/), so a run needs the mirror only when they change, and the list apt
# resolved is left there (resolved.txt). In a copy of the base system, through chroot and apt,
# with no boot:
#   install  apt installs heartline's revision 1 from the file with its defaults; what it resolved
#            has speech-dispatcher, PipeWire, bluez and libspa-0.2-bluetooth, and no PulseAudio;
#            postinst gives the binary its capabilities; ann saves a workout with it
#   upgrade  apt installs revision 2 over it: the capabilities again, ann's data, configuration
#            and log unchanged (checksums), and the workout saved before still exported
#   board    apt installs heartline-board with its defaults: the user heartline made, in the
#            groups audio, bluetooth and input, lingering; heartline saves a workout
# Then, still in the chroot:
#   board    apt removes heartline-board: none of its files but its conffile are left, linger
#            goes, the user heartline and its files stay; purged, dpkg forgets it, its conffile
#            goes and the user and its files still stay
#   remove   apt removes heartline: none of its files are left, ann's files are unchanged
#   purge    apt purges it: dpkg forgets it, ann's files are unchanged
# and apt installs revision 2 again for the nouser boot, which follows the guide's steps for
# the user ann (the autologin drop-in and the ~/.profile lines, taken from the guide itself).
# A second copy of the base system gets both packages beside pulseaudio-module-bluetooth in one
# apt command, as the guide has a PulseAudio board made: PulseAudio and its Bluetooth module, no
# PipeWire; the user heartline made. That is the disk of the pulse boot.
# It boots with Debian's kernel under QEMU without KVM. contrib/boot/check.sh, inside, reads tty1
# through /dev/vcs1 and hands what it saw to this script through a shared folder. One boot per
# case:
#   image    the board's disk image, made by contrib/board/disk-image.sh from the base system
#            and both packages (apt's defaults: PipeWire) with the check and snd-aloop laid over
#            it, started by OVMF (UEFI) and GRUB from its EFI system partition as a machine starts
#            it: Heartline runs as the user unit the login of heartline started; no graphical
#            session; pactl names PipeWire as the server; Heartline logged that server and the
#            loopback card's sink; the speech recorded from the card's capture side is at full
#            volume
#   image-headset  the image boot's checks, then a Bluetooth headset (the VM suite's radio,
#            joined to the board's kernel through a virtio serial port) is paired by keys typed
#            on the machine's keyboard, Heartline says it is connected, and its speech is decoded
#            at the headset. Not in the default set (contrib/test.sh --long runs it instead of
#            image): on PipeWire, espeak-ng's speech sometimes never reaches the headset
#            (contrib/doc/developer/vm-suite.md, "What PipeWire showed"), 1 run in 3 here
#   pulse    the same as image on the PulseAudio board, with pactl naming PulseAudio
#   nouser   the guide's steps for ann, with libpam-systemd and dbus-user-session removed, so no
#            user manager, and no sound card: the ~/.profile fallback runs Heartline directly on
#            tty1, tty1 shows "Heartline is ready.", and the log says why
#   package  no boot: only the package's checks above
#
# Usage: contrib/boot/run.sh [CASE...]          (default: image pulse nouser)
#        contrib/boot/run.sh image-headset pulse nouser   (contrib/test.sh --long)
# Environment: HEARTLINE_BOOT_CACHE (the cache directory), HEARTLINE_BOOT_KEEP=1 keeps the
# work directory (images, screens, journals), HEARTLINE_BUILT_BINARY (passed to package.sh:
# package that binary instead of building a release one).
# Exit status 0 when every check passed or the machine lacks what the test needs (said on a
# line starting "boot: SKIPPED"), 1 when a check failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
cache=${HEARTLINE_BOOT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/heartline/boot}
cases=("$@")
((${#cases[@]})) || cases=(image pulse nouser)

skip() {
  echo "boot: SKIPPED: $*"
  exit 0
}
[[ $(uname -m) == x86_64 ]] || skip "the boot test boots an x86-64 Debian with qemu-system-x86_64; this is $(uname -m)"
[[ $(id -u) == 0 ]] || skip "debootstrap and chroot need root: sudo contrib/boot/run.sh"
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is missing (contrib/setup.sh --test installs it)"
command -v debootstrap >/dev/null || skip "debootstrap is missing (contrib/setup.sh --test installs it)"
command -v sox >/dev/null || skip "sox is missing (contrib/setup.sh --test installs it)"
[[ $(mke2fs 2>&1) == *"[-d "* ]] || skip "mke2fs cannot fill a file system from a directory (e2fsprogs 1.43 or newer)"
venv=${HEARTLINE_VM_VENV:-/opt/heartline-vm}
ovmf=/usr/share/ovmf/OVMF.fd
[[ -r $ovmf ]] || skip "OVMF, the UEFI firmware that starts the board's disk image, is missing (contrib/setup.sh --test installs ovmf)"

failures=0
pass() { echo "boot: ok   $*"; }
fail() {
  echo "boot: FAIL $*"
  failures=$((failures + 1))
}
show() {
  local file
  for file in "$@"; do
    [[ -e $file ]] || continue
    echo "---- ${file##*/}"
    sed 's/^/    /' "$file" | tail -n 30
  done
}

started=$SECONDS
if ! contrib/boot/image.sh "$cache"; then
  fail "the base image could not be made"
  exit 1
fi
echo "boot: base image ready in $((SECONDS - started)) s ($cache)"

work=$(mktemp -d /var/tmp/heartline-boot.XXXXXX)
qemu_pid=""
proc_mounted=""
archives_mounted=""
cleanup() {
  [[ -n $qemu_pid ]] && kill "$qemu_pid" 2>/dev/null
  if [[ -n $archives_mounted ]] && ! umount "$archives_mounted"; then
    echo "boot: $archives_mounted is still mounted: $work is left as it is"
    return
  fi
  # The chroot's /proc, before anything under the work directory is removed.
  if [[ -n $proc_mounted ]] && ! umount "$proc_mounted"; then
    echo "boot: $proc_mounted is still mounted: $work is left as it is"
    return
  fi
  if [[ ${HEARTLINE_BOOT_KEEP:-} == 1 ]]; then echo "boot: work kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The packages: the same build twice, as revisions 1 and 2, so that the second is an upgrade.
started=$SECONDS
debs=$work/debs
for revision in 1 2; do
  if ! HEARTLINE_DEB_REVISION=$revision contrib/package.sh --output "$debs" >"$work/deb.$revision" 2>"$work/package.log"; then
    cat "$work/package.log"
    fail "contrib/package.sh failed"
    exit 1
  fi
done
first=$(sed -n 1p "$work/deb.1")
second=$(sed -n 1p "$work/deb.2")
board=$(sed -n 2p "$work/deb.2")
echo "boot: ${first##*/}, ${second##*/} and ${board##*/} built in $((SECONDS - started)) s"
if contrib/package.sh --check-only "$first" "$(sed -n 2p "$work/deb.1")" 2>"$work/package-check.log"; then
  pass "the packages' fields and files, and lintian: $(grep -cE '^    [EW]: ' "$work/package-check.log") errors or warnings"
else
  fail "the packages' check"
fi
sed -n '/lintian/,$p' "$work/package-check.log"

# The installed system: a bare Debian 12 (the base image), with Heartline installed from its
# package as a user installs a downloaded one, with apt's defaults. The packages apt fetches are
# kept per machine (archives/ in the cache), so a run needs the mirror only when they change;
# apt's lists are the base image's.
started=$SECONDS
system=$work/root
mkdir -p "$system" "$cache/archives/partial"
tar -C "$system" --numeric-owner --xattrs --xattrs-include='*' -xf "$cache/base.tar"
chroot "$system" useradd --create-home --shell /bin/bash ann
cp "$first" "$second" "$board" "$system/var/tmp/"
mount -t proc proc "$system/proc" && proc_mounted=$system/proc
mount --bind "$cache/archives" "$system/var/cache/apt/archives" && archives_mounted=$system/var/cache/apt/archives
in_system() { chroot "$system" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"; }
as_ann() { chroot --userspec=ann:ann "$system" /usr/bin/env -i HOME=/home/ann PATH=/usr/bin:/bin LANG=C.UTF-8 "$@"; }
apt_log=$work/apt.log
# package_is WHAT STATUS [PACKAGE]: dpkg's status of heartline (or PACKAGE) and its version
# ("ii 0.1.0-1"), or nothing when dpkg no longer knows it.
package_is() {
  local now name=${3:-heartline}
  now=$(in_system dpkg-query -W -f='${db:Status-Abbrev}${Version}' "$name" 2>/dev/null)
  [[ $now == "$2" || ($2 == "" && $now == "un ") ]] && return 0
  fail "$1: $name's status is [$now], not [$2]"
  return 1
}
# data_sums USER: every file in USER's data, configuration and state directories, with its
# checksum, as Heartline left them.
data_sums() { (cd "$system/home/$1" && find .local/share/heartline .config/heartline .local/state/heartline -type f -print0 2>/dev/null | sort -z | xargs -0 sha256sum); }
# data_kept WHAT USER SUMS: USER is still there, and its files are as SUMS has them.
data_kept() {
  if in_system id "$2" >/dev/null 2>&1 && [[ -n $3 && $(data_sums "$2") == "$3" ]]; then return 0; fi
  fail "$1: $2's data changed"
  diff <(echo "$3") <(data_sums "$2") | sed 's/^/    /'
  return 1
}
# files_of DEB: the files a package installs, without its directories.
files_of() { dpkg-deb --contents "$1" | awk '$1 !~ /^d/ { print $NF }' | sed 's|^\.||'; }
package_files=$(files_of "$first")
# none_left WHAT FILES [KEPT]: none of FILES is left after a removal, but KEPT (a conffile).
none_left() {
  local path left=()
  while read -r path; do [[ $path != "${3:-}" && -e $system$path ]] && left+=("$path"); done <<<"$2"
  ((${#left[@]} == 0)) && return 0
  fail "$1: files left: ${left[*]}"
  return 1
}
installed() { in_system dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^ii'; }
packages_now() { in_system dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' | awk '$1 == "ii" { print $2 }' | sort; }
# Of NAMES, those not installed.
not_installed() {
  local name
  for name in "$@"; do installed "$name" || printf '%s ' "$name"; done
}
version=$(dpkg-deb --field "$first" Version)
upgraded=$(dpkg-deb --field "$second" Version)

# Installed with apt from the bare system, with its defaults (Recommends too), as a user installs
# a downloaded package: what apt resolves is what a board gets.
# apt_installs WHAT LOG PACKAGE STATUS ARGUMENTS...: apt, with its defaults, installs ARGUMENTS
# (files or names) and PACKAGE's status is then STATUS; said with how many packages apt unpacked.
# apt's log goes to LOG; when it fails, the log is shown and the test ends: nothing after it can
# be checked.
apt_installs() {
  local what=$1 log=$2 package=$3 status=$4
  shift 4
  if in_system apt-get install -y "$@" >"$log" 2>&1 && package_is "$what" "$status" "$package"; then
    pass "apt installs $what with its defaults ($(grep -c '^Unpacking' "$log") packages unpacked)"
    return
  fi
  show "$log"
  fail "apt could not install $what"
  exit 1
}
bare_packages=$(packages_now)
apt_installs "${first##*/} on a bare Debian 12" "$apt_log" heartline "ii $version" "/var/tmp/${first##*/}"
comm -13 <(echo "$bare_packages") <(packages_now) >"$work/resolved.txt"
cp "$work/resolved.txt" "$cache/resolved.txt"
echo "boot: apt resolved $(wc -l <"$work/resolved.txt") packages: $(tr '\n' ' ' <"$work/resolved.txt")"
# What a board needs to speak and to reach a headset, as the package declares it: speech, the
# sound server apt chooses on a bare system (PipeWire), bluetoothd and PipeWire's Bluetooth audio,
# the user manager that starts Heartline at boot, and setcap for the capabilities.
missing=$(not_installed speech-dispatcher speech-dispatcher-espeak-ng espeak-ng libespeak-ng1 pipewire-pulse wireplumber \
  pulseaudio-utils bluez libspa-0.2-bluetooth libpam-systemd dbus-user-session libcap2-bin dosfstools libcurl4)
if [[ -z $missing ]] && ! installed pulseaudio; then
  pass "apt's resolution has speech, PipeWire, bluez and libspa-0.2-bluetooth, and no PulseAudio"
else
  fail "apt's resolution lacks [${missing% }]$(installed pulseaudio && echo ", and has pulseaudio")"
fi
in_system getcap /usr/bin/heartline | grep -q cap_net_admin &&
  pass "postinst gave /usr/bin/heartline its capabilities" || fail "install: /usr/bin/heartline has no capabilities"
# A workout saved by ann with the installed program, in ann's own data directory.
printf 'configure\nnext\nstart workout\n:wait 90\nheart rate\nend\nyes\nsave\n' |
  as_ann heartline --simulate --speech transcript >"$work/seed.log" 2>&1
as_ann mkdir -p /home/ann/.config/heartline
as_ann sh -c 'echo "speech.rate = 40" > /home/ann/.config/heartline/heartline.conf'
data=$(data_sums ann)
[[ $data == *heartline.sqlite* ]] || {
  fail "install: the installed heartline saved no workout"
  show "$work/seed.log"
}
# Upgraded over itself: the second revision over the first, ann's data untouched and readable.
if in_system apt-get install -y "/var/tmp/${second##*/}" >>"$apt_log" 2>&1 &&
  package_is "upgrade" "ii $upgraded" && data_kept "upgrade" ann "$data"; then
  pass "apt upgrades $version to $upgraded and ann's data is unchanged"
else
  show "$apt_log"
  fail "the upgrade (apt's log above)"
fi
in_system getcap /usr/bin/heartline | grep -q cap_net_admin &&
  pass "postinst gave the upgraded binary its capabilities again" || fail "upgrade: /usr/bin/heartline has no capabilities"
as_ann heartline export --format csv --all --output /home/ann/export >"$work/export.log" 2>&1
if compgen -G "$system/home/ann/export/heartline-*.csv" >/dev/null; then
  pass "the upgraded heartline exports the workout saved before the upgrade"
else
  fail "upgrade: the workout saved before it could not be exported"
  show "$work/export.log"
fi
rm -rf "$system/home/ann/export"
data=$(data_sums ann)

# The board on that system, as its section of the guide has a user make it: one apt command,
# apt's defaults. It is the PipeWire board.
board_files=$(files_of "$board")
packages_before_board=$(packages_now)
apt_installs "${board##*/}" "$work/board-apt.log" heartline-board "ii $upgraded" "/var/tmp/${board##*/}"
# user_made WHAT: the user heartline is made, in the groups audio, bluetooth and input, lingering,
# and saves a workout.
user_made() {
  local groups
  groups=$(in_system id -nG heartline 2>&1)
  if [[ " $groups " == *" audio "* && " $groups " == *" bluetooth "* && " $groups " == *" input "* && -e $system/var/lib/systemd/linger/heartline ]]; then
    pass "$1: the user heartline is made, in audio, bluetooth and input ($groups), and lingers"
  else
    fail "$1: the user heartline's groups are [$groups], linger: $(ls "$system/var/lib/systemd/linger" 2>&1)"
  fi
  printf 'configure\nnext\nstart workout\n:wait 30\nend\nyes\nsave\n' |
    chroot --userspec=heartline:heartline "$system" /usr/bin/env -i HOME=/home/heartline PATH=/usr/bin:/bin LANG=C.UTF-8 \
      heartline --simulate --speech transcript >"$work/board-seed.log" 2>&1
  heartline_data=$(data_sums heartline)
  [[ $heartline_data == *heartline.sqlite* ]] && return
  fail "$1: heartline saved no workout"
  show "$work/board-seed.log"
}
user_made "board on PipeWire"
# The check, which reports to the host and powers off.
add_check() {
  mkdir -p "$system/opt/heartline-boot"
  install -m 755 contrib/boot/check.sh "$system/opt/heartline-boot/check.sh"
  install -m 644 contrib/boot/heartline-boot-check.service "$system/etc/systemd/system/"
  ln -sf /etc/systemd/system/heartline-boot-check.service "$system/etc/systemd/system/multi-user.target.wants/"
}
add_check
umount "$archives_mounted" && archives_mounted=""
umount "$proc_mounted" && proc_mounted=""

# make_disk NAME: a disk image of the system as it is now.
make_disk() {
  local size
  size=$(($(du -sm "$system" | cut -f1) + 400))
  mke2fs -q -t ext4 -d "$system" -L heartline "$work/$1.img" "${size}M" >>"$work/mke2fs.log" 2>&1 || {
    cat "$work/mke2fs.log"
    return 1
  }
}
wanted() { [[ " ${cases[*]} " == *" $1 "* ]]; }
mount --bind "$cache/archives" "$system/var/cache/apt/archives" && archives_mounted=$system/var/cache/apt/archives
# The board removed: its files go but its conffile, the user heartline and its files stay.
mount -t proc proc "$system/proc" && proc_mounted=$system/proc
if in_system apt-get remove -y heartline-board >>"$apt_log" 2>&1 && package_is "board removed" "rc $upgraded" heartline-board &&
  none_left "board removed" "$board_files" /etc/profile.d/heartline-board.sh &&
  [[ ! -e $system/var/lib/systemd/linger/heartline ]] && data_kept "board removed" heartline "$heartline_data"; then
  pass "apt removes heartline-board: its files and linger go, the user heartline and its workouts stay"
else
  show "$apt_log"
  fail "the board's removal (apt's log above)"
fi
if in_system apt-get purge -y heartline-board >>"$apt_log" 2>&1 &&
  package_is "board purged" "" heartline-board &&
  [[ ! -e $system/etc/profile.d/heartline-board.sh ]] && data_kept "board purged" heartline "$heartline_data"; then
  pass "apt purges heartline-board: its conffile goes, the user heartline and its workouts stay"
else
  show "$apt_log"
  fail "the board's purge (apt's log above)"
fi
# What the board brought goes with apt's autoremove, but what an installed package still
# recommends (bluez, which heartline recommends, for one): apt keeps those, by its policy.
in_system apt-get autoremove --purge -y >>"$apt_log" 2>&1
kept=$(comm -13 <(echo "$packages_before_board") <(packages_now) | tr '\n' ' ')
gone=$(comm -23 <(echo "$packages_before_board") <(packages_now) | tr '\n' ' ')
if [[ -z $gone ]]; then
  pass "apt autoremove takes away what the board brought, and nothing from before it"
  echo "boot: note kept by apt as recommended by what is installed: ${kept:-none}"
else
  fail "after the board's purge and autoremove, packages from before it are gone: $gone"
fi
# Removed, then purged: the package's files go, ann's data, configuration and log stay.
if in_system apt-get remove -y heartline >>"$apt_log" 2>&1 && package_is "remove" "" &&
  none_left "remove" "$package_files" && data_kept "remove" ann "$data"; then
  pass "apt removes heartline: none of its files are left and ann's data is unchanged"
else
  show "$apt_log"
  fail "the removal (apt's log above)"
fi
# dpkg forgets a package with no conffiles when it is removed: installed again, then purged.
if in_system apt-get install -y --no-install-recommends "/var/tmp/${second##*/}" >>"$apt_log" 2>&1 &&
  package_is "install before purge" "ii $upgraded" &&
  in_system apt-get purge -y heartline >>"$apt_log" 2>&1 && package_is "purge" "" &&
  none_left "purge" "$package_files" && data_kept "purge" ann "$data"; then
  pass "apt purges heartline: dpkg forgets it and ann's data is unchanged"
else
  show "$apt_log"
  fail "the purge (apt's log above)"
fi
# Installed again after the purge, for the boot without a user manager.
if in_system apt-get install -y --no-install-recommends "/var/tmp/${second##*/}" >>"$apt_log" 2>&1 &&
  package_is "install after purge" "ii $upgraded"; then
  pass "apt installs heartline again after the purge"
else
  show "$apt_log"
  fail "apt could not install ${second##*/} after the purge"
  exit 1
fi
rm -f "$system/var/tmp/${first##*/}" "$system/var/tmp/${second##*/}" "$system/var/tmp/${board##*/}"
umount "$archives_mounted" && archives_mounted=""
umount "$proc_mounted" && proc_mounted=""
# The guide's step 1, the autologin drop-in (daemon-reload is the boot itself).
mkdir -p "$system/etc/systemd/system/getty@tty1.service.d"
sed "s/@USER@/ann/" "$system/usr/share/heartline/autologin.conf" >"$system/etc/systemd/system/getty@tty1.service.d/autologin.conf"
# The guide's step 2: the lines it gives for the end of ~/.profile, exactly as the guide has them.
profile_lines=$(awk '/add these lines to the end of ~\/.profile/ { found = 1 }
  found && /^ *```/ { if (inside) exit; inside = 1; next }
  inside { sub(/^   /, ""); print }' contrib/doc/admin-guide.md)
if [[ $profile_lines != *"systemctl --user start"* ]]; then
  fail "the administrator's guide's ~/.profile lines were not found"
  exit 1
fi
printf '\n%s\n' "$profile_lines" >>"$system/home/ann/.profile"
if wanted nouser; then
  # A minimal image with no user manager: without pam_systemd the login gets no systemd --user.
  # apt takes with them what needs logind (polkitd, and rtkit, which PipeWire recommends).
  in_system apt-get purge -y libpam-systemd dbus-user-session >"$work/purge.log" 2>&1 || {
    cat "$work/purge.log"
    fail "libpam-systemd and dbus-user-session could not be removed"
    exit 1
  }
  make_disk nouser || {
    fail "the disk image without a user manager could not be made"
    exit 1
  }
fi
rm -rf "$system"

# The PulseAudio board: a second bare system, where the user names PulseAudio's Bluetooth module
# beside both packages in the one apt command, as the guide says: apt satisfies the board's
# alternatives and heartline's sound server with PulseAudio, and installs no PipeWire (the two
# would both claim the user's pulse socket).
if wanted pulse; then
  mkdir "$system"
  tar -C "$system" --numeric-owner --xattrs --xattrs-include='*' -xf "$cache/base.tar"
  cp "$second" "$board" "$system/var/tmp/"
  mount -t proc proc "$system/proc" && proc_mounted=$system/proc
  mount --bind "$cache/archives" "$system/var/cache/apt/archives" && archives_mounted=$system/var/cache/apt/archives
  apt_installs "both packages beside pulseaudio-module-bluetooth on a bare Debian 12" "$work/pulse-apt.log" \
    heartline-board "ii $upgraded" "/var/tmp/${second##*/}" "/var/tmp/${board##*/}" pulseaudio-module-bluetooth
  missing=$(not_installed pulseaudio pulseaudio-module-bluetooth bluez speech-dispatcher libpam-systemd dbus-user-session)
  if [[ -z $missing ]] && ! installed pipewire-pulse && ! installed wireplumber; then
    pass "board on PulseAudio: bluez and PulseAudio's Bluetooth module installed, and no PipeWire"
  else
    fail "board on PulseAudio: missing [${missing% }]; installed: $(installed pipewire-pulse && echo pipewire-pulse) $(installed wireplumber && echo wireplumber)"
  fi
  user_made "board on PulseAudio"
  rm -f "$system/var/tmp/${second##*/}" "$system/var/tmp/${board##*/}"
  add_check
  umount "$archives_mounted" && archives_mounted=""
  umount "$proc_mounted" && proc_mounted=""
  make_disk pulse || {
    fail "the PulseAudio board's disk image could not be made"
    exit 1
  }
  rm -rf "$system"
fi

# The board's disk image, as contrib/board/disk-image.sh makes it for a user, from the same bare
# system and with the same packages, with the boot test's check and the loopback card (for the
# board's own sound card) laid over it. The kernel's command line is GRUB's, inside the image,
# so the check reads which boot this is from a file.
if wanted image || wanted image-headset; then
  overlay=$work/overlay
  mkdir -p "$overlay/opt/heartline-boot" "$overlay/etc/systemd/system/multi-user.target.wants" "$overlay/etc/modules-load.d"
  install -m 755 contrib/boot/check.sh "$overlay/opt/heartline-boot/check.sh"
  install -m 644 contrib/boot/heartline-boot-check.service "$overlay/etc/systemd/system/"
  ln -s /etc/systemd/system/heartline-boot-check.service "$overlay/etc/systemd/system/multi-user.target.wants/"
  echo "heartline.boot=image heartline.user=heartline heartline.wait=300" >"$overlay/etc/heartline-boot.conf"
  # The headset (image-headset only, whose machine has a virtio serial port): the kernel's
  # virtual controller joined to the host's radio (the VM suite's relay, through that port),
  # and Heartline's captions on tty1, so that the host reads what it says from the screen as it
  # types. The image boot has no such port, and its Heartline runs as the package has it, so its
  # start logs where speech goes. The port is looked for on the virtio bus, which the initrd
  # brought up for the root disk, so it is known before any service starts; /dev/virtio-ports/
  # waits on a module and udev.
  printf '%s\n' snd-aloop hci_vhci >"$overlay/etc/modules-load.d/heartline-boot.conf"
  install -m 755 contrib/vm/vhci-relay.py "$overlay/opt/heartline-boot/vhci-relay.py"
  virtio_port="grep -qsx 0x0003 /sys/bus/virtio/devices/*/device"
  printf '%s\n' "[Unit]" "Description=Heartline boot test: /dev/vhci joined to the host's radio" \
    "After=systemd-modules-load.service" "[Service]" \
    "ExecCondition=/bin/sh -c '$virtio_port'" \
    "ExecStart=/usr/bin/python3 /opt/heartline-boot/vhci-relay.py /dev/virtio-ports/hci" \
    "Restart=on-failure" "RestartSec=1" "[Install]" "WantedBy=multi-user.target" \
    >"$overlay/etc/systemd/system/heartline-boot-relay.service"
  ln -s /etc/systemd/system/heartline-boot-relay.service "$overlay/etc/systemd/system/multi-user.target.wants/"
  mkdir -p "$overlay/etc/systemd/user/heartline.service.d"
  printf '%s\n' "[Service]" "ExecStart=" \
    "ExecStart=/bin/sh -c 'if $virtio_port; then exec /usr/bin/heartline --set-up --captions; fi; exec /usr/bin/heartline --set-up'" \
    >"$overlay/etc/systemd/user/heartline.service.d/heartline-boot.conf"
  if contrib/board/disk-image.sh --output "$work/board.img" --base "$cache/base.tar" --archives "$cache/archives" \
    --overlay "$overlay" "$second" "$board" >"$work/disk-image.log" 2>&1; then
    pass "contrib/board/disk-image.sh made the board's disk image ($(sed -n 's/^disk-image: .*board.img: //p' "$work/disk-image.log"))"
  else
    show "$work/disk-image.log"
    fail "contrib/board/disk-image.sh could not make the board's disk image"
  fi
  fdisk -l "$work/board.img" 2>&1 | sed -n '/^Device/,$p' | sed 's/^/boot: /'
fi
# The packages apt fetched stay in the cache for the next run, whoever used it.
kept=$(find "$cache/archives" -maxdepth 1 -name '*.deb' | wc -l)
if ((kept > 100)); then
  pass "the package cache keeps the $kept packages apt fetched, for the next run"
else
  fail "the package cache holds $kept packages: something emptied it, and the next run needs the mirror"
fi
echo "boot: Heartline installed and the disks made in $((SECONDS - started)) s"

# boot CASE DISK [KERNEL ARGUMENTS...]: boots once; the check leaves its findings in $work/CASE.
# Each case is its own boot because what it checks is what the system does as it boots: the
# PipeWire and PulseAudio boards boot with snd-aloop loaded from the start, so their sound server
# takes the loopback card as its output as it would a board's own; nouser boots the guide's steps
# with no user manager and no sound card, where Heartline says that nothing can be heard and
# turns captions on, so tty1 shows its sentences.
boot() {
  local name=$1 disk=$2
  shift 2
  local share=$work/$name
  mkdir -p "$share"
  local started=$SECONDS start
  # The board's disk image starts as a machine does, from its firmware (OVMF, UEFI) and its
  # bootloader; the other disks hold a root file system only, and QEMU starts the kernel.
  if [[ $disk == board ]]; then
    start=(-bios "$ovmf")
    # With a keyboard the host types on (QMP), and a serial port to the host's radio.
    [[ $name == image-headset ]] && start+=(-qmp "unix:$share/qmp.sock,server=on,wait=off"
      -device virtio-serial -chardev "socket,id=hci,path=$share/radio.sock,reconnect=1"
      -device virtserialport,chardev=hci,name=hci)
  else
    start=(-kernel "$cache/vmlinuz" -initrd "$cache/initrd.img"
      -append "root=/dev/vda rw console=ttyS0 heartline.boot=$name heartline.wait=300 $*")
  fi
  timeout 900 qemu-system-x86_64 -accel tcg -smp 1 -m 1024 -display none -no-reboot -nic none "${start[@]}" \
    -drive "file=$work/$disk.img,format=raw,if=virtio,snapshot=on" \
    -virtfs "local,path=$share,mount_tag=results,security_model=none,id=results" \
    -serial "file:$share/console.log" >"$share/qemu.log" 2>&1 &
  qemu_pid=$!
  [[ $name == image-headset ]] && pair_by_keys "$share" >"$share/keys.log" 2>&1 &
  wait "$qemu_pid"
  qemu_pid=""
  echo "boot: $name took $((SECONDS - started)) s"
  if [[ ! -e $share/done ]]; then
    fail "$name: the check in the image did not finish"
    show "$share/check.log" "$share/console.log" "$share/qemu.log"
    return 1
  fi
}
# The headset, paired by ear on the booted board, as its user does: once the check in it has
# recorded the first sentences, the host types on the machine's keyboard (contrib/boot/keys.py:
# the set-up's Next step, Headset, Find headsets, the first found, Back, Skip set-up) and waits
# for what Heartline says, which the check copies from tty1 to live.txt; then it asks the check
# to end (paired).
pair_by_keys() { # SHARE
  local s=$1
  says() { # PATTERN SECONDS: Heartline's screen shows PATTERN within SECONDS
    local i
    for ((i = 0; i < $2 * 2; i++)); do
      grep -Eq -- "$1" "$s/live.txt" 2>/dev/null && return 0
      sleep 0.5
    done
    echo "keys: Heartline did not say /$1/ in $2 s"
    return 1
  }
  press() { echo "keys: $1" && python3 contrib/boot/keys.py "$s/qmp.sock" "$1"; }
  local i=0
  while [[ ! -e $s/recorded ]] && ((i++ < 1200)); do sleep 0.5; done
  says "Set-up, step 1 of 3: Language" 60 &&
    press 'next step\n' && says "Set-up, step 2 of 3: Headset" 30 &&
    press 'headset\n' && says "Remembered headset|No headset is remembered" 30 &&
    press 'find headsets\n' && says "^1, SHOKZ FAKE" 120 &&
    press '1' && says "SHOKZ FAKE is connected\. Speech goes to it\." 120 &&
    press 'back\n' && press 'skip set-up\n' && says "Set-up skipped\." 60 && sleep 10 ||
    echo "keys: the keys stopped there"
  echo done >"$s/paired"
}
# has NAME FILE PATTERN: an extended regular expression matches a line of FILE.
has() {
  grep -Eq -- "$3" "$2" 2>/dev/null && return 0
  fail "$1: no line matches /$3/ in ${2##*/}"
  show "$2"
  return 1
}
lacks() {
  grep -Eq -- "$3" "$2" 2>/dev/null || return 0
  fail "$1: a line matches /$3/ in ${2##*/}"
  show "$2"
  return 1
}

check_nouser() {
  local s=$work/nouser
  boot nouser nouser || return
  has "nouser: tty1 shows Heartline is ready." "$s/screen.txt" "Heartline is ready\." &&
    pass "no user manager: tty1 shows \"Heartline is ready.\""
  has "nouser: the fallback is logged" "$s/heartline.log" "login: heartline.service did not run.*starting Heartline directly" &&
    has "nouser: the log says why" "$s/heartline.log" "did not run \(.*(bus|Failed|failed).*\)" &&
    pass "no user manager: the log says why the login runs Heartline directly"
  has "nouser: heartline runs on tty1" "$s/ps.txt" "^ann +tty1 .*heartline" &&
    lacks "nouser: no user manager" "$s/ps.txt" "systemd --user" &&
    pass "no user manager: Heartline runs on tty1 in the login itself"
}

# The headset paired by ear on the booted board (pair_by_keys): found, paired and connected as
# Heartline said, its sink the default of the board's sound server, and speech decoded at it.
check_headset_paired() { # SHARE
  local s=$1 h="SHOKZ FAKE"
  if [[ ! -s $s/radio.log ]] || ! grep -q "radio: virtual machine joined" "$s/radio.log"; then
    fail "image-headset: the board's Bluetooth never reached the radio"
    show "$s/radio.log" "$s/keys.log"
    return
  fi
  has "image-headset: Heartline said the headset was connected, after keys typed on the board" "$s/live.txt" \
    "$h is connected\. Speech goes to it\." &&
    pass "image-headset: paired by ear from the first boot's set-up: Next step, Headset, Find headsets, 1, and \"$h is connected. Speech goes to it.\""
  has "image-headset: the set-up skipped by keys after the headset" "$s/live.txt" "Set-up skipped\." &&
    pass "image-headset: Back, then Skip set-up: \"Set-up skipped. Settings has each of its steps.\""
  grep -q "keys: the keys stopped" "$s/keys.log" && show "$s/keys.log" "$s/live.txt"
  has "image-headset: the headset's sink is the board's output" "$s/pactl-headset.txt" "^Default Sink: bluez_output\.20_74_CF_00_11_22\." &&
    pass "image-headset: $(grep -m1 '^Default Sink:' "$s/pactl-headset.txt")"
  local loud
  loud=$(grep -F "radio: $h audio " "$s/radio.log" | tail -n 1 | sed -nE 's/.* loud ([0-9]+).*/\1/p')
  if [[ $loud =~ ^[0-9]+$ ]] && ((loud >= 10)); then
    pass "image-headset: speech decoded at the headset: $(grep -F "radio: $h audio " "$s/radio.log" | tail -n 1 | sed 's/^radio: //')"
  else
    fail "image-headset: no speech reached the headset (${loud:-no audio})"
    show "$s/radio.log"
  fi
}

# check_board CASE SERVER: a board's boot with the loopback card. Heartline ran as the user unit
# the login of heartline started, with no graphical seat; the sound server is SERVER (a pattern
# for pactl's Server Name); Heartline logged that server and the loopback card's sink as where
# its speech went; and the speech recorded from the card's capture side is not silence.
check_board() {
  local name=$1 server=$2 s=$work/$1 disk=$1 radio=""
  mkdir -p "$s"
  [[ $name == image* ]] && disk=board
  if [[ $name == image-headset ]]; then
    # The VM suite's radio: a Bumble controller for the board's kernel, and the Bluetooth
    # Classic headset (contrib/vm/classic.py) that decodes what it is sent.
    "$venv/bin/python3" contrib/vm/radio.py --socket "$s/radio.sock" \
      --headset "name=SHOKZ FAKE,address=20:74:CF:00:11:22,rssi=-62" >"$s/radio.log" 2>&1 &
    radio=$!
  fi
  boot "$name" "$disk" heartline.user=heartline modules_load=snd-aloop
  local booted=$?
  [[ -n $radio ]] && kill "$radio" 2>/dev/null && wait "$radio" 2>/dev/null
  ((booted == 0)) || return
  has "$name: the loopback card is there" "$s/cards.txt" "Loopback" || return
  # The fallback of the login's lines, had it run, would have written its line to heartline.log.
  has "$name: the user manager ran heartline.service" "$s/journal.txt" "Started heartline\.service" &&
    lacks "$name: the login fell back" "$s/heartline.log" "starting Heartline directly" &&
    pass "$name: Heartline ran as the user unit the login of heartline started"
  # No graphical session: the login sessions are all text ones (logind's Type=tty; x11, wayland
  # or mir would be a display server's), and no display server runs. (seat0 itself says
  # CanGraphical=yes under QEMU, as on a board with HDMI: its display device is there, unused.)
  has "$name: heartline's login is a text session on tty1" "$s/sessions.txt" "^Type=tty$" &&
    lacks "$name: a graphical session" "$s/sessions.txt" "^Type=(x11|wayland|mir)" &&
    lacks "$name: a display server" "$s/ps.txt" "(Xorg|Xwayland|weston|gnome-shell|kwin_wayland|lightdm|gdm)" &&
    pass "$name: no graphical session: $(grep -c '^Type=tty$' "$s/sessions.txt") text session, no display server"
  has "$name: the user heartline's sound server" "$s/pactl-info.txt" "^Server Name: $server" &&
    pass "$name: the user heartline's sound server is $(sed -n 's/^Server Name: //p' "$s/pactl-info.txt") ($(grep -m1 '^Default Sink:' "$s/pactl-info.txt"))"
  # Heartline, run as the user unit, logs to the journal where its speech goes at start (with
  # captions on too, as image-headset runs it): before any headset, the loopback card.
  has "$name: Heartline logged the server and the loopback card's sink" "$s/journal.txt" \
    "heartline: sound: the sound server $server.* plays to alsa_output\..*(aloop|Loopback)" &&
    pass "$name: Heartline's log: $(grep -m1 -o 'sound: the sound server.*' "$s/journal.txt")"
  [[ $name == image ]] && lacks "image: the radio's relay ran, with no serial port to the host" "$s/journal.txt" \
    "heartline-boot-relay\.service: (Main process exited|Failed)"
  [[ $name == image-headset ]] && check_headset_paired "$s"
  local stat rms length
  stat=$(sox -t raw -r 44100 -e signed-integer -b 16 -c 2 "$s/speech.raw" -n stat 2>&1)
  rms=$(awk '/^RMS +amplitude/ { print $3 }' <<<"$stat")
  length=$(awk '/^Length/ { printf "%d", $3 }' <<<"$stat")
  echo "boot: $name: ${length:-0} s of samples recorded, RMS amplitude ${rms:-none}"
  # At full volume the first sentences and the home menu measure about 0.1 over the recording;
  # at WirePlumber's own default for a new card (40 %, 0.064 linear) 0.006: heartline-board
  # gives a new card its full volume, as PulseAudio does.
  if awk -v r="${rms:-0}" 'BEGIN { exit !(r > 0.03) }'; then
    pass "$name: the speech is recorded from the loopback card at full volume (RMS ${rms})"
  else
    fail "$name: the loopback recording is silence or too quiet (RMS ${rms:-none}, not over 0.03)"
    show "$s/check.log" "$s/heartline.log" "$s/streams.txt"
    grep -E "heartline|pulse|pipewire|wireplumber|speech" "$s/journal.txt" | tail -n 30
  fi
}

for name in "${cases[@]}"; do
  case $name in
    image | image-headset) check_board "$name" "PulseAudio \(on PipeWire" ;;
    pulse) check_board pulse "pulseaudio" ;;
    nouser) check_nouser ;;
    package) ;;
    *) fail "no case called $name (image, image-headset, pulse, nouser, package)" ;;
  esac
done
((failures == 0)) || exit 1
