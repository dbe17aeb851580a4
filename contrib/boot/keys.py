#!/usr/bin/env python3
"""Types on a QEMU machine's keyboard, as a person at its keypad would: each character a key
press through QEMU's machine protocol (QMP, its send-key command), so that the booted system
gets it from its keyboard driver, through the console, on tty1.

Usage: keys.py QMP_SOCKET TEXT
  TEXT: lower-case letters, digits, spaces, hyphens, and "\\n" (written as those two characters)
  for Enter.
Exit status 0 when every key was taken, 1 otherwise (said on standard error).
"""

import json
import socket
import sys
import time

NAMED = {" ": "spc", "-": "minus", "\n": "ret"}


def qcode(character):
    if character in NAMED:
        return NAMED[character]
    if character.isdigit() or "a" <= character <= "z":
        return character
    raise ValueError(f"no key for {character!r}")


def main():
    path, text = sys.argv[1], sys.argv[2].replace("\\n", "\n")
    keys = [qcode(character) for character in text]
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(10)
        connection.connect(path)
        reader = connection.makefile("r")

        def ask(command):
            connection.sendall((json.dumps(command) + "\n").encode())
            while True:
                answer = json.loads(reader.readline())
                if "return" in answer or "error" in answer:
                    return answer

        reader.readline()  # QEMU's greeting
        ask({"execute": "qmp_capabilities"})
        for key in keys:
            answer = ask({"execute": "send-key", "arguments": {"keys": [{"type": "qcode", "data": key}]}})
            if "error" in answer:
                print(f"keys: QEMU refused {key}: {answer['error']}", file=sys.stderr)
                return 1
            # A key at a time, as typed: under emulation the console takes its time.
            time.sleep(0.15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
