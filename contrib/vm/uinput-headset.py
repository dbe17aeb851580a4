#!/usr/bin/env python3
"""A virtual headset with a play/pause button, made through /dev/uinput (Python's standard
library only). Reads one command a line on standard input, so the caller can wait for what
Heartline says between them:
  create    the headset appears (a new /dev/input/eventN)
  press     play/pause pressed and released after 0.1 s (a short press)
  destroy   the headset disappears, as when it is unplugged
"""
import fcntl
import os
import struct
import sys
import time

UI_SET_EVBIT = 0x40045564
UI_SET_KEYBIT = 0x40045565
UI_DEV_SETUP = 0x405C5503  # _IOW('U', 3, struct uinput_setup), 92 bytes
UI_DEV_CREATE = 0x5501
UI_DEV_DESTROY = 0x5502
EV_SYN, EV_KEY, SYN_REPORT = 0, 1, 0
KEY_PLAYPAUSE = 164
BUS_USB = 0x03


def create():
    fd = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK)
    fcntl.ioctl(fd, UI_SET_EVBIT, EV_KEY)
    fcntl.ioctl(fd, UI_SET_KEYBIT, KEY_PLAYPAUSE)
    # struct uinput_setup: struct input_id (bustype, vendor, product, version), name[80],
    # ff_effects_max.
    setup = struct.pack("HHHH80sI", BUS_USB, 0x1209, 0x0001, 1, b"Heartline test headset", 0)
    fcntl.ioctl(fd, UI_DEV_SETUP, setup)
    fcntl.ioctl(fd, UI_DEV_CREATE)
    return fd


def emit(fd, kind, code, value):
    now = time.time()
    os.write(fd, struct.pack("llHHi", int(now), int((now % 1) * 1_000_000), kind, code, value))


def press(fd):
    emit(fd, EV_KEY, KEY_PLAYPAUSE, 1)
    emit(fd, EV_SYN, SYN_REPORT, 0)
    time.sleep(0.1)
    emit(fd, EV_KEY, KEY_PLAYPAUSE, 0)
    emit(fd, EV_SYN, SYN_REPORT, 0)


def main():
    fd = None
    for line in sys.stdin:
        command = line.strip()
        if command == "create" and fd is None:
            fd = create()
        elif command == "press" and fd is not None:
            press(fd)
        elif command == "destroy" and fd is not None:
            fcntl.ioctl(fd, UI_DEV_DESTROY)
            os.close(fd)
            fd = None
        else:
            print(f"headset: cannot {command} now", file=sys.stderr)
            continue
        print(f"headset: {command}", file=sys.stderr, flush=True)


main()
