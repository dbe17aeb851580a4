#!/usr/bin/env bash
# Makes a disk image of a Heartline board for x86-64 machines: Debian 12 with heartline and
# heartline-board installed by apt with its defaults (PipeWire, bluez, PipeWire's Bluetooth
# audio, speech-dispatcher), that boots through UEFI from a USB stick or a disk and starts
# Heartline on tty1 with no screen, no keyboard set-up and no network. Write it with one command
# (the administrator's guide, "A disk image for an x86-64 board"):
#
#   sudo dd if=heartline-board.img of=/dev/sdX bs=4M conv=fsync status=progress
#
# Usage: sudo contrib/board/disk-image.sh [--output FILE] [--base TAR] [--archives DIR]
#                                          [--overlay DIR] HEARTLINE_DEB HEARTLINE_BOARD_DEB
#   --output FILE    the image (default heartline-board.img)
#   --base TAR       start from this tar of a bare Debian 12 with a kernel (the boot test's
#                    base image) instead of debootstrap's minbase from the mirror
#   --archives DIR   apt's package cache: packages found there are not fetched again, and the
#                    ones fetched are kept there
#   --overlay DIR    files copied over the system before the disk is made (the boot test's
#                    check and its sound card)
# Environment: HEARTLINE_BOARD_MIRROR, the Debian mirror (default http://deb.debian.org/debian).
# Needs root (debootstrap and chroot), and debootstrap, e2fsprogs, dosfstools, mtools, fdisk,
# uuid-runtime and grub-efi-amd64-bin (contrib/setup.sh --test installs them).
#
# The disk: a GPT with an EFI system partition (FAT, 64 MiB) holding GRUB at the removable-media
# path \EFI\BOOT\BOOTX64.EFI, which any UEFI firmware starts with no boot entry of its own, and
# the root file system (ext4, the system plus 1 GiB). GRUB's configuration is inside its image:
# it finds the root file system by its UUID and boots /vmlinuz and /initrd.img there, the links
# Debian's kernel packages keep pointing at the newest kernel, so kernel upgrades need no
# bootloader step. Machines that boot only with a BIOS (no UEFI) cannot start it. The root file
# system keeps its size on a larger disk.
set -euo pipefail
cd "$(dirname "$0")/../.."
mirror=${HEARTLINE_BOARD_MIRROR:-http://deb.debian.org/debian}
output=heartline-board.img
base=""
archives=""
overlay=""
debs=()
usage() {
  echo "usage: contrib/board/disk-image.sh [--output FILE] [--base TAR] [--archives DIR] [--overlay DIR] HEARTLINE_DEB HEARTLINE_BOARD_DEB" >&2
  exit 2
}
while (($#)); do
  case $1 in
    --output | --base | --archives | --overlay)
      (($# >= 2)) || usage
      declare "${1#--}=$2"
      shift
      ;;
    -*) usage ;;
    *) debs+=("$1") ;;
  esac
  shift
done
((${#debs[@]} == 2)) || usage
for deb in "${debs[@]}"; do [[ -f $deb ]] || {
  echo "disk-image: no package $deb" >&2
  exit 2
}; done
[[ $(id -u) == 0 ]] || {
  echo "disk-image: needs root (debootstrap and chroot)" >&2
  exit 2
}
for program in mke2fs mkfs.vfat mcopy sfdisk uuidgen grub-mkstandalone; do
  PATH=$PATH:/usr/sbin:/sbin command -v "$program" >/dev/null || {
    echo "disk-image: $program is missing (contrib/setup.sh --test installs it)" >&2
    exit 2
  }
done
[[ -d /usr/lib/grub/x86_64-efi ]] || {
  echo "disk-image: GRUB's x86_64-efi modules are missing (apt-get install grub-efi-amd64-bin)" >&2
  exit 2
}

work=$(mktemp -d /var/tmp/heartline-disk.XXXXXX)
root=$work/root
mounted=()
cleanup() {
  local m
  for ((m = ${#mounted[@]} - 1; m >= 0; m--)); do umount "${mounted[m]}" 2>/dev/null || umount -l "${mounted[m]}"; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
say() { echo "disk-image: $*" >&2; }
started=$SECONDS

# The system: a bare Debian 12 with a kernel.
mkdir "$root"
if [[ -n $base ]]; then
  tar -C "$root" --numeric-owner --xattrs --xattrs-include='*' -xf "$base"
else
  say "debootstrap bookworm from $mirror"
  debootstrap --variant=minbase --include=systemd,systemd-sysv,udev,dbus,linux-image-amd64,kmod bookworm "$root" "$mirror" \
    >"$work/debootstrap.log" 2>&1 || {
    tail -n 20 "$work/debootstrap.log" >&2
    exit 1
  }
  printf '%s\n' "deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
    "deb http://security.debian.org/debian-security bookworm-security main" >"$root/etc/apt/sources.list"
fi
for fs in proc sys dev; do
  mount --bind "/$fs" "$root/$fs"
  mounted+=("$root/$fs")
done
if [[ -n $archives ]]; then
  mkdir -p "$archives/partial"
  mount --bind "$archives" "$root/var/cache/apt/archives"
  mounted+=("$root/var/cache/apt/archives")
fi
# Services are not started in the chroot.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"; }

# Heartline and the board, with apt's defaults, as the administrator's guide installs them.
cp "${debs[@]}" "$root/var/tmp/"
[[ -n $base ]] || in_root apt-get update -qq
names=()
for deb in "${debs[@]}"; do names+=("/var/tmp/${deb##*/}"); done
say "installing ${debs[*]##*/} with apt's defaults"
in_root apt-get install -y "${names[@]}" >"$work/apt.log" 2>&1 || {
  tail -n 30 "$work/apt.log" >&2
  exit 1
}
rm -f "$root/usr/sbin/policy-rc.d" "${names[@]/#/$root}"
for ((m = ${#mounted[@]} - 1; m >= 0; m--)); do umount "${mounted[m]}"; done
mounted=()
# The image's own package cache, emptied; a cache given with --archives was unmounted first, and
# keeps what it holds.
in_root apt-get clean

# What a board needs to boot on its own: its name, the root file system by UUID, a locale.
uuid=$(uuidgen)
echo heartline >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\theartline\n' >"$root/etc/hosts"
echo "UUID=$uuid / ext4 rw,relatime,errors=remount-ro 0 1" >"$root/etc/fstab"
echo "LANG=C.UTF-8" >"$root/etc/default/locale"
[[ -z $overlay ]] || cp -a "$overlay/." "$root/"

# The root file system, then the EFI system partition with GRUB, then the disk around them.
size=$(($(du -sm "$root" | cut -f1) + 1024))
say "the root file system: ${size} MiB"
mke2fs -q -t ext4 -U "$uuid" -L heartline -d "$root" "$work/root.img" "${size}M"
rm -rf "$root"
cat >"$work/grub.cfg" <<CFG
search --no-floppy --fs-uuid --set=root $uuid
set timeout=0
linux /vmlinuz root=UUID=$uuid ro quiet
initrd /initrd.img
boot
CFG
grub-mkstandalone --format=x86_64-efi --output="$work/BOOTX64.EFI" --modules="part_gpt ext2 search_fs_uuid linux" \
  --locales= --fonts= --themes= "boot/grub/grub.cfg=$work/grub.cfg"
esp_mib=64
mkfs.vfat -C -n HEARTLINE "$work/esp.img" $((esp_mib * 1024)) >/dev/null
mmd -i "$work/esp.img" ::/EFI ::/EFI/BOOT
mcopy -i "$work/esp.img" "$work/BOOTX64.EFI" ::/EFI/BOOT/BOOTX64.EFI

# GPT: 1 MiB before the first partition, 1 MiB after the last for the backup table.
total=$((1 + esp_mib + size + 1))
rm -f "$output"
truncate -s "${total}M" "$output"
sfdisk --quiet "$output" <<TABLE
label: gpt
start=1MiB, size=${esp_mib}MiB, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name="EFI system"
start=$((1 + esp_mib))MiB, size=${size}MiB, type=4F68BCE3-E8CD-4DB1-96E7-FBCAF984B709, name="heartline"
TABLE
dd if="$work/esp.img" of="$output" bs=1M seek=1 conv=notrunc status=none
dd if="$work/root.img" of="$output" bs=1M seek=$((1 + esp_mib)) conv=notrunc status=none
say "$output: ${total} MiB, made in $((SECONDS - started)) s"
echo "$output"
