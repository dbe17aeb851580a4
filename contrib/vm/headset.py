#!/usr/bin/env python3
"""A virtual headset for Heartline's VM tests, made through the kernel's /dev/uinput.

It runs inside the VM (modprobe uinput first). The kernel gives it a real input device, with an
/dev/input/eventN node and a block in /proc/bus/input/devices, exactly as a USB or Bluetooth
headset's buttons get one: Heartline finds and reads it through evdev with its production code.
Only the standard library: raw ioctls through fcntl and input_event structs through struct.

Usage:
  headset.py --control FIFO [--name NAME]

Lines written to the control FIFO (made if missing) drive it, one at a time, in order; it is
read as lines come, with no polling:
  plug              the headset appears (UI_DEV_SETUP and UI_DEV_CREATE); done at start
  unplug            the headset goes away (UI_DEV_DESTROY): its readers get ENODEV
  press KEY         a short press: key down, 50 ms, key up
  hold KEY SECONDS  key down, held (the kernel auto-repeats it, as a real keyboard does), key up
KEY is a name below (playpause, next, previous, stop, volumeup, volumedown, mute).
Every line it prints starts with "headset:", one event per line, for the test to wait on.
"""

import argparse
import fcntl
import glob
import os
import select
import struct
import sys
import time

# linux/input-event-codes.h
EV_SYN, EV_KEY, EV_REP = 0x00, 0x01, 0x14
SYN_REPORT = 0
KEYS = {
    "mute": 113,  # KEY_MUTE
    "volumedown": 114,  # KEY_VOLUMEDOWN
    "volumeup": 115,  # KEY_VOLUMEUP
    "next": 163,  # KEY_NEXTSONG
    "playpause": 164,  # KEY_PLAYPAUSE
    "previous": 165,  # KEY_PREVIOUSSONG
    "stop": 166,  # KEY_STOPCD
}
BUS_USB = 0x03


def _ioc(direction, number, size):
    # linux/ioctl.h on x86-64: dir << 30 | size << 16 | type << 8 | nr; uinput's type is 'U'.
    return direction << 30 | size << 16 | ord("U") << 8 | number


IOC_NONE, IOC_WRITE, IOC_READ = 0, 1, 2
UI_DEV_CREATE = _ioc(IOC_NONE, 1, 0)
UI_DEV_DESTROY = _ioc(IOC_NONE, 2, 0)
# struct uinput_setup { struct input_id id; char name[UINPUT_MAX_NAME_SIZE]; __u32 ff_effects_max; }
UINPUT_SETUP = struct.Struct("=HHHH80sI")
UI_DEV_SETUP = _ioc(IOC_WRITE, 3, UINPUT_SETUP.size)
UI_SET_EVBIT = _ioc(IOC_WRITE, 100, 4)
UI_SET_KEYBIT = _ioc(IOC_WRITE, 101, 4)
SYSNAME_SIZE = 64
UI_GET_SYSNAME = _ioc(IOC_READ, 44, SYSNAME_SIZE)
# struct input_event { struct timeval time; __u16 type; __u16 code; __s32 value; } (64-bit long)
INPUT_EVENT = struct.Struct("=qqHHi")


def say(text):
    print(f"headset: {text}", flush=True)


class DirectoryWatch:
    """inotify (through ctypes) on directories, for files made in them."""

    IN_CREATE, IN_ATTRIB, IN_MOVED_TO = 0x100, 0x004, 0x080

    def __init__(self, paths):
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        self.fd = libc.inotify_init1(os.O_CLOEXEC)
        for path in paths:
            if os.path.isdir(path):
                libc.inotify_add_watch(self.fd, os.fsencode(path), self.IN_CREATE | self.IN_ATTRIB | self.IN_MOVED_TO)

    def wait(self, seconds):
        """True when something was made (or changed) in time, False when the time ran out."""
        if seconds <= 0:
            return False
        readable, _, _ = select.select([self.fd], [], [], seconds)
        if readable:
            os.read(self.fd, 65536)
        return bool(readable)

    def close(self):
        os.close(self.fd)


class Headset:
    def __init__(self, name):
        self.name = name
        self.fd = None

    def plug(self):
        if self.fd is not None:
            return say("already plugged")
        fd = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK)
        fcntl.ioctl(fd, UI_SET_EVBIT, EV_KEY)
        fcntl.ioctl(fd, UI_SET_EVBIT, EV_REP)
        for code in KEYS.values():
            fcntl.ioctl(fd, UI_SET_KEYBIT, code)
        setup = UINPUT_SETUP.pack(BUS_USB, 0x0B0E, 0x0001, 1, self.name.encode()[:79], 0)
        fcntl.ioctl(fd, UI_DEV_SETUP, setup)
        # The event node is made by devtmpfs a moment after UI_DEV_CREATE returns: watched for
        # from before, through inotify, for at most 5 seconds.
        watch = DirectoryWatch(["/dev", "/dev/input"])
        fcntl.ioctl(fd, UI_DEV_CREATE)
        self.fd = fd
        sysname = bytearray(SYSNAME_SIZE)
        fcntl.ioctl(fd, UI_GET_SYSNAME, sysname)
        sysname = sysname.split(b"\0", 1)[0].decode()
        deadline = time.monotonic() + 5
        while True:
            nodes = glob.glob(f"/sys/devices/virtual/input/{sysname}/event*")
            if nodes and os.path.exists("/dev/input/" + os.path.basename(nodes[0])):
                break
            if not watch.wait(deadline - time.monotonic()):
                break
        watch.close()
        node = "/dev/input/" + os.path.basename(nodes[0]) if nodes else "(no event node)"
        say(f"plugged {sysname} {node}")

    def unplug(self):
        if self.fd is None:
            return say("not plugged")
        fcntl.ioctl(self.fd, UI_DEV_DESTROY)
        os.close(self.fd)
        self.fd = None
        say("unplugged")

    def key(self, code, value):
        now = time.time()
        seconds, micros = int(now), int((now % 1) * 1_000_000)
        os.write(self.fd, INPUT_EVENT.pack(seconds, micros, EV_KEY, code, value))
        os.write(self.fd, INPUT_EVENT.pack(seconds, micros, EV_SYN, SYN_REPORT, 0))

    def press(self, name, seconds=0.05):
        if self.fd is None:
            return say(f"not plugged, {name} not pressed")
        code = KEYS[name]
        self.key(code, 1)
        # The press's own length (a hold is 1.5 s of the key down).
        time.sleep(seconds)
        self.key(code, 0)
        say(f"{'held' if seconds >= 0.5 else 'pressed'} {name}")

    def run(self, line):
        words = line.split()
        if words == ["plug"]:
            self.plug()
        elif words == ["unplug"]:
            self.unplug()
        elif len(words) == 2 and words[0] == "press" and words[1] in KEYS:
            self.press(words[1])
        elif len(words) == 3 and words[0] == "hold" and words[1] in KEYS:
            self.press(words[1], float(words[2]))
        else:
            say(f"unknown command: {line}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--control", required=True)
    parser.add_argument("--name", default="Heartline Test Headset")
    arguments = parser.parse_args()
    if not os.path.exists(arguments.control):
        os.mkfifo(arguments.control)
    headset = Headset(arguments.name)
    headset.plug()
    # Read and write: a writer closing it is no end of file, and its open never blocks.
    with open(os.open(arguments.control, os.O_RDWR), "r", buffering=1) as control:
        for line in control:
            if line.strip():
                headset.run(line.strip())


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(0)
