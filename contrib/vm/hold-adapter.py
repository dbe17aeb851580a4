#!/usr/bin/env python3
"""Inside the VM: holds hci0 on the kernel's HCI user channel, as a program that drives the
adapter itself does (Bumble, Android's emulator, a firmware tool), until it is killed.

The adapter must be down (powered off) for the kernel to hand it over. Prints "held" once it
has it, or the error and exits 1.

Usage: hold-adapter.py
"""

import ctypes
import signal
import socket
import struct
import sys

AF_BLUETOOTH = 31
BTPROTO_HCI = 1
HCI_CHANNEL_USER = 1


def main():
    libc = ctypes.CDLL(None, use_errno=True)
    hci = socket.socket(AF_BLUETOOTH, socket.SOCK_RAW | socket.SOCK_CLOEXEC, BTPROTO_HCI)
    # struct sockaddr_hci: family, device 0, channel; Python's bind takes no channel.
    address = struct.pack("<HHH", AF_BLUETOOTH, 0, HCI_CHANNEL_USER)
    if libc.bind(hci.fileno(), address, len(address)) != 0:
        print(f"hold-adapter: bind: {ctypes.get_errno()}", flush=True)
        sys.exit(1)
    print("held", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        signal.pause()


if __name__ == "__main__":
    main()
