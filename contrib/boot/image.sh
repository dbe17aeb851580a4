#!/usr/bin/env bash
# Makes the boot test's base system once per machine: a bare Debian 12, as a board starts
# (debootstrap's minbase with systemd, udev and dbus), with Debian's kernel and the boot test's own
# tools, and no package of Heartline's: apt resolves those from the built packages with its
# defaults, in contrib/boot/run.sh. Kept as a tar file with the kernel and initrd beside it in the
# cache directory.
#
# Usage: contrib/boot/image.sh CACHE_DIR
#   Prints nothing on standard output; says what it does on standard error. Does nothing when
#   CACHE_DIR/stamp already names this recipe: a changed recipe (this file) makes a new image.
# Environment: HEARTLINE_BOOT_MIRROR, the Debian mirror (default http://deb.debian.org/debian).
# Needs root (debootstrap and chroot), debootstrap and the network to the mirror.
set -euo pipefail
cd "$(dirname "$0")/../.."
cache=${1:?usage: contrib/boot/image.sh CACHE_DIR}
mirror=${HEARTLINE_BOOT_MIRROR:-http://deb.debian.org/debian}

# A bare board: debootstrap's minbase and these four, the smallest Debian 12 that boots with
# systemd and has a system bus.
bare=systemd,systemd-sysv,udev,dbus
# The boot test's own tools, none of which Heartline's packages bring: the kernel and what
# loads its modules, arecord for the loopback card, ps and pgrep, and Python's minimal
# interpreter for the VM suite's relay between the kernel's virtual controller and the host's
# radio. (alsa-utils also brings the ALSA state service; Heartline's packages do not depend on
# it.)
extra=(linux-image-amd64 kmod alsa-utils procps python3-minimal)
recipe=$( (
  cat contrib/boot/image.sh
  echo "$bare"
  printf '%s\n' "${extra[@]}"
) | sha256sum | cut -c1-16)

if [[ -f $cache/stamp && $(cat "$cache/stamp") == "$recipe" && -f $cache/base.tar && -f $cache/vmlinuz && -f $cache/initrd.img ]]; then
  exit 0
fi

mkdir -p "$cache"
build=$(mktemp -d "$cache/build.XXXXXX")
root=$build/root
mounted=()
cleanup() {
  local m
  for ((m = ${#mounted[@]} - 1; m >= 0; m--)); do umount -l "${mounted[m]}" 2>/dev/null || true; done
  rm -rf "$build"
}
trap cleanup EXIT

started=$SECONDS
echo "boot: making the base image in $cache (debootstrap bookworm from $mirror, once per machine)" >&2
debootstrap --variant=minbase --include="$bare" bookworm "$root" "$mirror" >"$build/debootstrap.log" 2>&1 || {
  tail -n 20 "$build/debootstrap.log" >&2
  exit 1
}
for fs in proc sys dev; do
  mount --bind "/$fs" "$root/$fs"
  mounted+=("$root/$fs")
done
echo "deb $mirror bookworm main" >"$root/etc/apt/sources.list"
# Postinst scripts must not start services in the chroot.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"; }
in_root apt-get update -qq
in_root apt-get install -y -qq --no-install-recommends "${extra[@]}" >"$build/apt.log" 2>&1 || {
  tail -n 30 "$build/apt.log" >&2
  exit 1
}
in_root apt-get clean
rm -f "$root/usr/sbin/policy-rc.d"

# The system a board has after its first boot: a name, the root file system, a locale.
echo heartline-boot >"$root/etc/hostname"
echo "/dev/vda / ext4 rw,relatime 0 1" >"$root/etc/fstab"
echo "LANG=C.UTF-8" >"$root/etc/default/locale"
# The boot test reads the serial console as a log: no login prompt there.
ln -sf /dev/null "$root/etc/systemd/system/serial-getty@ttyS0.service"

kernels=("$root"/boot/vmlinuz-*)
version=${kernels[-1]##*/vmlinuz-}
cp "$root/boot/vmlinuz-$version" "$build/vmlinuz"
cp "$root/boot/initrd.img-$version" "$build/initrd.img"
for fs in "${mounted[@]}"; do umount -l "$fs"; done
mounted=()
tar -C "$root" --numeric-owner --xattrs --xattrs-include='*' -cf "$build/base.tar" .
mv "$build/base.tar" "$build/vmlinuz" "$build/initrd.img" "$cache/"
echo "$recipe" >"$cache/stamp"
echo "boot: base image made in $((SECONDS - started)) s ($(du -sh "$cache/base.tar" | cut -f1))" >&2
