#!/usr/bin/env python3
"""Cuts a FAT16 partition as a USB stick pulled out mid-write can leave it.

Usage: stick-cut.py IMAGE OFFSET FOLDER SHORTNAME
The file SHORTNAME (8.3, as "A       FIT") in the top-level folder FOLDER (8.3) keeps its
directory entry, start cluster and size, while both FATs mark its clusters free; the boot
sector's dirty bit is set. fsck.vfat -n then says "Contains a free cluster" and "Dirty bit".
"""
import struct
import sys

image, offset, folder, short = sys.argv[1], int(sys.argv[2]), sys.argv[3].encode(), sys.argv[4].encode()
with open(image, 'r+b') as f:
    f.seek(offset)
    boot = bytearray(f.read(512))
    sector, = struct.unpack_from('<H', boot, 11)
    cluster_size = sector * boot[13]
    reserved, = struct.unpack_from('<H', boot, 14)
    fats = boot[16]
    root_entries, = struct.unpack_from('<H', boot, 17)
    fat_sectors, = struct.unpack_from('<H', boot, 22)
    root = offset + (reserved + fats * fat_sectors) * sector
    data = root + root_entries * 32

    def find(start, count, name):
        f.seek(start)
        entries = f.read(count * 32)
        for i in range(count):
            entry = entries[i * 32:i * 32 + 32]
            if entry[:11] == name:
                return struct.unpack_from('<H', entry, 26)[0]
        sys.exit(f'stick-cut: no {name!r}')

    directory = find(root, root_entries, folder)
    cluster = find(data + (directory - 2) * cluster_size, cluster_size // 32, short)
    fat = offset + reserved * sector
    freed = 0
    while 2 <= cluster < 0xFFF8:
        f.seek(fat + cluster * 2)
        following, = struct.unpack('<H', f.read(2))
        for copy in range(fats):
            f.seek(fat + copy * fat_sectors * sector + cluster * 2)
            f.write(b'\0\0')
        freed += 1
        cluster = following
    boot[37] |= 1
    f.seek(offset)
    f.write(boot)
print(f'stick-cut: {short.decode().strip()} keeps its entry on {freed} clusters the FAT marks free; dirty bit set')
