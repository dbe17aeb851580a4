#!/usr/bin/env python3
"""Inside the VM: joins the kernel's /dev/vhci to the radio on the host through a virtio
serial port, one HCI packet at a time.

The radio (contrib/vm/radio.py) runs on the host, at full speed, instead of in the VM: under
TCG, Python needs half a minute just to import Bumble from the 9p share. This relay imports
nothing but the standard library, and starts in a second or two.

While it runs the kernel has an adapter (hci0); when it ends, /dev/vhci closes and the adapter
disappears, as a USB dongle pulled out does. On start it sends FE 00, which tells the radio to
give the new adapter a fresh controller; on SIGTERM it sends FD 00 (the adapter is gone) and
ends.

Usage: vhci-relay.py PORT   (PORT: the virtio serial port's device, /dev/vportNpM)
"""

import os
import select
import signal
import sys

# The payload length of each H4 packet type: (header length, offset of the length field, its
# size). 01 command, 02 ACL data, 03 SCO data, 04 event, 05 ISO data.
HEADERS = {0x01: (3, 2, 1), 0x02: (4, 2, 2), 0x03: (3, 2, 1), 0x04: (2, 1, 1), 0x05: (4, 2, 2)}


def packets(buffer):
    """Splits complete H4 packets off the front of `buffer`; returns them and the rest."""
    found = []
    while buffer:
        kind = buffer[0]
        if kind not in HEADERS:
            # Lost framing can only come from a bug: drop the byte rather than hang.
            buffer = buffer[1:]
            continue
        header, offset, size = HEADERS[kind]
        if len(buffer) < 1 + header:
            break
        length = int.from_bytes(buffer[1 + offset:1 + offset + size], "little")
        if kind == 0x05:
            length &= 0x3FFF
        total = 1 + header + length
        if len(buffer) < total:
            break
        found.append(buffer[:total])
        buffer = buffer[total:]
    return found, buffer


def main():
    port = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
    # Whatever the radio sent to an adapter that is gone is of no use to the next one.
    while select.select([port], [], [], 0.2)[0]:
        if not os.read(port, 65536):
            break
    vhci = os.open("/dev/vhci", os.O_RDWR)
    # The vendor packet asks for a primary controller; the kernel answers FF 01 INDEX(2) once
    # the adapter exists, and only then takes packets.
    os.write(vhci, bytes([0xFF, 0x00]))
    while select.select([vhci], [], [], 10)[0]:
        if os.read(vhci, 4096)[:1] == b"\xff":
            break

    def gone(*_):
        os.write(port, bytes([0xFD, 0x00]))
        sys.exit(0)

    signal.signal(signal.SIGTERM, gone)
    os.write(port, bytes([0xFE, 0x00]))
    pending = b""
    while True:
        readable, _, _ = select.select([vhci, port], [], [])
        if vhci in readable:
            packet = os.read(vhci, 4096)
            if not packet:
                return
            if packet[0] != 0xFF:
                os.write(port, packet)
        if port in readable:
            data = os.read(port, 65536)
            if not data:
                continue
            complete, pending = packets(pending + data)
            for packet in complete:
                try:
                    os.write(vhci, packet)
                except OSError as error:
                    print(f"vhci-relay: dropped a packet: {error}", file=sys.stderr)


if __name__ == "__main__":
    main()
