#!/usr/bin/env python3
"""The radio of Heartline's VM tests: a virtual Bluetooth controller for the kernel and virtual
heart-rate straps on the same virtual link, all with Google's Bumble.

It runs on the host, at full speed; inside the VM, contrib/vm/vhci-relay.py joins /dev/vhci to
it through a virtio serial port (QEMU connects that port to --socket). The kernel's adapter is
a Bumble controller; each strap is another Bumble controller with a Bumble host and GATT server
on the same LocalLink: it advertises (services in the advertisement, its name in the scan
response), serves Heart Rate, Battery and Device Information, and notifies a heart rate every
second once subscribed.

Usage:
  radio.py --socket PATH [--legacy] [--control FILE] --strap 'name=TICKR B321,address=C8:03:F1:B9:0B:4E,rssi=-60'
           [--treadmill 'name=Track 5,address=C1:22:33:44:55:99,rssi=-55']

Strap keys: name, address (random static unless it ends in /public), rssi (the signal the
kernel's controller reports for it), bpm, battery, location (a Body Sensor Location number),
maker, model, encrypt (1: its Heart Rate Measurement configuration needs an encrypted link).

A treadmill serves the Fitness Machine Service (0x1826): its feature, supported speed and
inclination ranges, Treadmill Data every second once subscribed, and the Control Point, which it
obeys as FTMS 1.0 says (nothing but Request Control until control is requested; a target outside
its range refused) and logs: "radio: NAME control OPCODE-HEX PARAMETER-HEX -> RESULT".

Lines appended to the control file steer the radio while the test runs:
  away NAME SECONDS   the strap leaves radio range: its link times out on both sides and
                      nothing it sends is heard until it comes back
  restart NAME        the strap reboots: its link drops and it advertises again a second later
  battery NAME LEVEL  its battery level changes (notified when subscribed)
Every line the radio prints starts with "radio:", one event per line, for the test to wait on;
a strap's first three heart rates after each subscription are "NAME beat 1" to "NAME beat 3".
The control file is followed through inotify: a line is read when it is written, not at a poll.
The radio's own sleeps are the devices' pace (a beat a second, a reboot's 1.5 s, a strap away for
its seconds; classic.py's inquiry and page timeout), not waits for an event.
"""

import argparse
import asyncio
import dataclasses
import os
import struct
import sys

from bumble import hci
from bumble.controller import Controller
from bumble.core import PhysicalTransport
from bumble.device import Device
from bumble.core import UUID
from bumble.gatt import (
    GATT_BATTERY_LEVEL_CHARACTERISTIC,
    GATT_BATTERY_SERVICE,
    GATT_BODY_SENSOR_LOCATION_CHARACTERISTIC,
    GATT_CLIENT_CHARACTERISTIC_CONFIGURATION_DESCRIPTOR,
    GATT_DEVICE_INFORMATION_SERVICE,
    GATT_HEART_RATE_MEASUREMENT_CHARACTERISTIC,
    GATT_HEART_RATE_SERVICE,
    GATT_MANUFACTURER_NAME_STRING_CHARACTERISTIC,
    GATT_MODEL_NUMBER_STRING_CHARACTERISTIC,
    Characteristic,
    CharacteristicValue,
    Descriptor,
    Service,
)
from bumble.host import Host
from bumble.link import LocalLink
from bumble.pairing import PairingConfig
from bumble.transport.common import AsyncPipeSink

# The kernel's controller. A public address of zeros would be taken as unconfigured.
KERNEL_ADDRESS = "00:1B:DC:0A:00:01"
SUPERVISION_TIMEOUT = 0x08
# How long a rebooting strap is silent before it advertises again (a Polar H10: about 1.5 s).
REBOOT_SECONDS = 1.5


def say(text):
    print(f"radio: {text}", flush=True)


class Radio(LocalLink):
    """The shared medium. Fixes LocalLink's source address for LE data and models range."""

    def __init__(self):
        super().__init__()
        self.away = set()

    def send_acl_data(self, sender_controller, destination_address, transport, data):
        if transport != PhysicalTransport.LE:
            return super().send_acl_data(sender_controller, destination_address, transport, data)
        # Bumble 0.0.236 sends LE data from the sender's random address; the receiver knows the
        # connection by the address it was made with.
        connection = sender_controller.le_connections.get(destination_address)
        destination = self.find_le_controller(destination_address)
        if connection is None or destination is None:
            return
        if sender_controller in self.away or destination in self.away:
            return
        source = connection.self_address
        asyncio.get_running_loop().call_soon(
            lambda: destination.on_link_acl_data(source, transport, data))

    def send_advertising_pdu(self, sender_controller, packet):
        if sender_controller in self.away:
            return
        loop = asyncio.get_running_loop()
        for controller in self.controllers:
            if controller is not sender_controller and controller not in self.away:
                loop.call_soon(controller.on_ll_advertising_pdu, packet)

    def find_classic_controller(self, address, include_away=False):
        controller = super().find_classic_controller(address)
        if controller in self.away and not include_away:
            return None
        return controller

    def send_lmp_packet(self, sender_controller, receiver_address, packet):
        if sender_controller in self.away or self.find_classic_controller(receiver_address) is None:
            return
        super().send_lmp_packet(sender_controller, receiver_address, packet)

    def send_ll_control_pdu(self, sender_address, receiver_address, packet):
        sender = self.find_le_controller(sender_address)
        receiver = self.find_le_controller(receiver_address)
        if sender in self.away or receiver in self.away:
            return
        super().send_ll_control_pdu(sender_address, receiver_address, packet)

    def drop(self, controller):
        """Takes a controller off the link; its peers see their links time out."""
        for connection in list(controller.le_connections.values()):
            for other in self.controllers:
                if other is controller:
                    continue
                peer = other.le_connections.get(connection.self_address)
                if peer is not None:
                    other.on_le_disconnected(peer, SUPERVISION_TIMEOUT)
        self.remove_controller(controller)

    def cut(self, strap_controller, reason=SUPERVISION_TIMEOUT):
        """Ends every link of a strap on both sides, as a supervision timeout does."""
        for peer_address, connection in list(strap_controller.le_connections.items()):
            for controller in self.controllers:
                if controller is strap_controller:
                    continue
                other = controller.le_connections.get(connection.self_address)
                if other is not None and other.peer_address == connection.self_address:
                    controller.on_le_disconnected(other, reason)
            strap_controller.on_le_disconnected(connection, reason)


def kernel_controller(classic, **kwargs):
    """The kernel's controller: dual-mode (contrib/vm/classic.py) when a headset is on the link."""
    if not classic:
        return KernelController(**kwargs)
    from classic import ClassicController

    class ClassicKernelController(KernelController, ClassicController):
        pass

    return ClassicKernelController(**kwargs)


class KernelController(Controller):
    """The controller behind /dev/vhci, reporting each strap's own signal strength and scan
    response (Bumble's controller reports -50 dBm and repeats the advertising data)."""

    def __init__(self, *args, straps, legacy, **kwargs):
        super().__init__(*args, **kwargs)
        self.straps = straps
        if legacy:
            # A Bluetooth 4.2 adapter: no extended advertising or scanning, so the kernel uses
            # the legacy commands and gets legacy advertising reports.
            self.le_features = hci.LeFeatureMask(self.le_features & ~hci.LeFeatureMask.LE_EXTENDED_ADVERTISING)
            self.supported_commands = {
                op for op in self.supported_commands
                if "EXTENDED" not in hci.HCI_Command.command_name(op)
                and "PERIODIC" not in hci.HCI_Command.command_name(op)
            }

    def strap_for(self, address):
        for strap in self.straps:
            if strap.address.address_bytes == address.address_bytes:
                return strap
        return None

    def send_hci_packet(self, packet):
        if isinstance(packet, hci.HCI_LE_Advertising_Report_Event):
            packet = hci.HCI_LE_Advertising_Report_Event(
                [self.rewrite(report, report.event_type == 4) for report in packet.reports])
        elif isinstance(packet, hci.HCI_LE_Extended_Advertising_Report_Event):
            packet = hci.HCI_LE_Extended_Advertising_Report_Event(
                [self.rewrite(report, bool(report.event_type & 0x08)) for report in packet.reports])
        super().send_hci_packet(packet)

    def rewrite(self, report, scan_response):
        strap = self.strap_for(report.address)
        if strap is None:
            return report
        data = strap.scan_response_data if scan_response else strap.advertising_data
        return dataclasses.replace(report, rssi=strap.rssi, data=data)


def ad_structure(kind, payload):
    return bytes([len(payload) + 1, kind]) + payload


class Strap:
    def __init__(self, spec, radio):
        values = dict(part.split("=", 1) for part in spec.split(","))
        self.name = values["name"]
        text = values.get("address", "C8:03:F1:B9:0B:4E")
        public = text.endswith("/public")
        text = text.split("/")[0]
        kind = hci.Address.PUBLIC_DEVICE_ADDRESS if public else hci.Address.RANDOM_DEVICE_ADDRESS
        self.address = hci.Address(text, kind)
        self.public = public
        self.rssi = int(values.get("rssi", "-60"))
        self.bpm = int(values.get("bpm", "72"))
        self.battery = int(values.get("battery", "85"))
        self.location = int(values.get("location", "1"))
        self.maker = values.get("maker", "Heartline Test Straps")
        self.model = values.get("model", "VM-1")
        self.encrypt = values.get("encrypt", "0") == "1"
        self.radio = radio
        # Services in the advertisement, the name in the scan response, as real straps do.
        self.advertising_data = ad_structure(0x01, b"\x06") + ad_structure(0x03, struct.pack("<HH", 0x180D, 0x180F))
        self.scan_response_data = ad_structure(0x09, self.name.encode())
        self.device = None
        self.controller = None
        self.subscribed = False
        # Heart rates notified since the last subscription; the first three are logged.
        self.beats = 0

    async def start(self):
        self.controller = Controller(
            f"strap {self.name}", link=self.radio,
            public_address=self.address if self.public else None)
        host = Host(self.controller, AsyncPipeSink(self.controller))
        self.device = Device(name=self.name, address=self.address, host=host)
        self.device.le_enabled = True
        self.make_services()
        self.device.on("connection", self.on_connection)
        await self.device.power_on()
        if self.encrypt:
            # Just Works, no bonding asked: the strap only wants the link encrypted.
            self.device.pairing_config_factory = lambda connection: PairingConfig(bonding=False, mitm=False)
        await self.advertise()
        asyncio.get_running_loop().create_task(self.beat())

    def make_services(self):
        self.measurement = Characteristic(
            GATT_HEART_RATE_MEASUREMENT_CHARACTERISTIC, Characteristic.Properties.NOTIFY,
            Characteristic.Permissions(0), b"")
        if self.encrypt:
            # The configuration descriptor refuses an unencrypted write with Insufficient
            # Encryption, so the client must raise the link's security and try again.
            configuration = Descriptor(
                GATT_CLIENT_CHARACTERISTIC_CONFIGURATION_DESCRIPTOR,
                Descriptor.READABLE | Descriptor.WRITEABLE | Descriptor.WRITE_REQUIRES_ENCRYPTION,
                self.device.gatt_server.make_descriptor_value(self.measurement))
            self.measurement.descriptors = [configuration]
        location = Characteristic(
            GATT_BODY_SENSOR_LOCATION_CHARACTERISTIC, Characteristic.Properties.READ,
            Characteristic.READABLE, bytes([self.location]))
        self.battery_characteristic = Characteristic(
            GATT_BATTERY_LEVEL_CHARACTERISTIC,
            Characteristic.Properties.READ | Characteristic.Properties.NOTIFY,
            Characteristic.READABLE, bytes([self.battery]))
        self.device.add_services([
            Service(GATT_HEART_RATE_SERVICE, [self.measurement, location]),
            Service(GATT_BATTERY_SERVICE, [self.battery_characteristic]),
            Service(GATT_DEVICE_INFORMATION_SERVICE, [
                Characteristic(GATT_MANUFACTURER_NAME_STRING_CHARACTERISTIC, Characteristic.Properties.READ,
                               Characteristic.READABLE, self.maker.encode()),
                Characteristic(GATT_MODEL_NUMBER_STRING_CHARACTERISTIC, Characteristic.Properties.READ,
                               Characteristic.READABLE, self.model.encode()),
            ]),
        ])
        self.device.on("characteristic_subscription", self.on_subscription)

    async def advertise(self):
        own = hci.OwnAddressType.PUBLIC if self.public else hci.OwnAddressType.RANDOM
        await self.device.start_advertising(
            own_address_type=own, advertising_data=self.advertising_data,
            scan_response_data=self.scan_response_data, advertising_interval_min=100,
            advertising_interval_max=100)
        say(f"{self.name} advertising")

    def on_connection(self, connection):
        say(f"{self.name} connected")
        connection.on("disconnection", lambda reason: self.on_disconnection(reason))
        connection.on("pairing", lambda keys: say(f"{self.name} paired"))
        connection.on("encryption_change", lambda *args: say(f"{self.name} encrypted"))

    def on_disconnection(self, reason):
        self.subscribed = False
        say(f"{self.name} disconnected (reason 0x{reason:02X})")
        asyncio.get_running_loop().create_task(self.advertise_later(REBOOT_SECONDS))

    async def advertise_later(self, seconds):
        await asyncio.sleep(seconds)
        await self.advertise()

    def on_subscription(self, connection, characteristic, notify, indicate):
        if characteristic is self.measurement:
            self.subscribed = notify or indicate
            self.beats = 0
            say(f"{self.name} subscribed" if self.subscribed else f"{self.name} unsubscribed")

    async def beat(self):
        # A strap's own pace: a heart rate every second.
        while True:
            await asyncio.sleep(1)
            if self.subscribed and self.controller not in self.radio.away:
                # Flags 06: 8-bit value, skin contact detected.
                await self.device.notify_subscribers(self.measurement, bytes([0x06, self.bpm]))
                # "beat 1" to "beat 3" after each subscription: the guest waits for a reading
                # Heartline can answer with, not for a fixed time.
                self.beats += 1
                if self.beats <= 3:
                    say(f"{self.name} beat {self.beats}")

    async def set_battery(self, level):
        self.battery = level
        self.battery_characteristic.value = bytes([level])
        await self.device.notify_subscribers(self.battery_characteristic, bytes([level]))
        say(f"{self.name} battery {level}")

    async def away(self, seconds):
        self.radio.away.add(self.controller)
        self.radio.cut(self.controller)
        say(f"{self.name} out of range for {seconds:g} s")
        await asyncio.sleep(seconds)
        self.radio.away.discard(self.controller)
        say(f"{self.name} back in range")

    def restart(self):
        say(f"{self.name} restarting")
        self.radio.cut(self.controller)


class Treadmill(Strap):
    """A treadmill on the Fitness Machine Service, steered through its control point."""

    # 1/100 km/h: 0.5 to 18 km/h in steps of 0.1; 1/10 %: 0 to 15 % in steps of 0.5.
    SPEED_RANGE = (50, 1800, 10)
    INCLINE_RANGE = (0, 150, 5)
    RESULTS = {0x01: "success", 0x02: "not supported", 0x03: "invalid parameter", 0x05: "control not permitted"}

    def __init__(self, spec, radio):
        super().__init__(spec, radio)
        self.advertising_data = ad_structure(0x01, b"\x06") + ad_structure(0x03, struct.pack("<H", 0x1826)) + ad_structure(
            0x16, struct.pack("<HBH", 0x1826, 0x01, 0x0001))
        self.granted = False
        self.running = True
        self.speed = 800
        self.incline = 0
        self.distance = 0.0

    def make_services(self):
        # Features: total distance, inclination, elapsed time; targets: speed and inclination.
        feature = Characteristic(
            UUID.from_16_bits(0x2ACC), Characteristic.Properties.READ, Characteristic.READABLE,
            struct.pack("<II", (1 << 2) | (1 << 3) | (1 << 12), (1 << 0) | (1 << 1)))
        self.measurement = Characteristic(
            UUID.from_16_bits(0x2ACD), Characteristic.Properties.NOTIFY, Characteristic.Permissions(0), b"")
        speed_range = Characteristic(
            UUID.from_16_bits(0x2AD4), Characteristic.Properties.READ, Characteristic.READABLE,
            struct.pack("<HHH", *self.SPEED_RANGE))
        incline_range = Characteristic(
            UUID.from_16_bits(0x2AD5), Characteristic.Properties.READ, Characteristic.READABLE,
            struct.pack("<hhH", *self.INCLINE_RANGE))
        self.control = Characteristic(
            UUID.from_16_bits(0x2AD9), Characteristic.Properties.WRITE | Characteristic.Properties.INDICATE,
            Characteristic.WRITEABLE, CharacteristicValue(write=self.on_control))
        self.status = Characteristic(
            UUID.from_16_bits(0x2ADA), Characteristic.Properties.NOTIFY, Characteristic.Permissions(0), b"")
        self.device.add_services([
            Service(UUID.from_16_bits(0x1826), [feature, self.measurement, speed_range, incline_range, self.control, self.status]),
            Service(GATT_DEVICE_INFORMATION_SERVICE, [
                Characteristic(GATT_MANUFACTURER_NAME_STRING_CHARACTERISTIC, Characteristic.Properties.READ,
                               Characteristic.READABLE, self.maker.encode()),
            ]),
        ])
        self.device.on("characteristic_subscription", self.on_subscription)

    def obey(self, value):
        opcode, parameter = value[0], bytes(value[1:])
        if opcode == 0x00:
            self.granted = True
            return 0x01
        if not self.granted:
            return 0x05
        if opcode == 0x02 and len(parameter) == 2:
            (target,) = struct.unpack("<H", parameter)
            if not self.SPEED_RANGE[0] <= target <= self.SPEED_RANGE[1]:
                return 0x03
            self.speed = target
            say(f"{self.name} speed {target / 100:.2f}")
        elif opcode == 0x03 and len(parameter) == 2:
            (target,) = struct.unpack("<h", parameter)
            if not self.INCLINE_RANGE[0] <= target <= self.INCLINE_RANGE[1]:
                return 0x03
            self.incline = target
            say(f"{self.name} incline {target / 10:.1f}")
        elif opcode == 0x07:
            self.running = True
            say(f"{self.name} started")
        elif opcode == 0x08:
            self.running = False
            paused = parameter[:1] == bytes([0x02])
            say(f"{self.name} {'paused' if paused else 'stopped'}")
        elif opcode != 0x01:
            return 0x02
        return 0x01

    def on_control(self, connection, value):
        result = self.obey(value)
        say(f"{self.name} control {value[:1].hex()} {bytes(value[1:]).hex() or '-'} -> {self.RESULTS.get(result, hex(result))}")
        answer = bytes([0x80, value[0] if value else 0, result])
        asyncio.get_running_loop().create_task(self.device.indicate_subscribers(self.control, answer))

    async def beat(self):
        while True:
            await asyncio.sleep(1)
            belt = self.speed if self.running else 0
            self.distance += belt / 360
            if self.subscribed and self.controller not in self.radio.away:
                # Flags: instantaneous speed (more data clear), total distance, inclination.
                data = struct.pack("<HH", 0x000C, belt) + int(self.distance).to_bytes(3, "little") + struct.pack(
                    "<hh", self.incline, 0)
                await self.device.notify_subscribers(self.measurement, data)


class KernelSide:
    """The kernel's end of the radio: HCI packets to and from the VM's /dev/vhci through the
    relay (contrib/vm/vhci-relay.py), over the Unix socket QEMU's virtio serial port opens."""

    def __init__(self, radio, straps, legacy, classic=False):
        self.classic = classic
        self.radio = radio
        self.straps = straps
        self.legacy = legacy
        self.controller = None
        self.writer = None

    def on_packet(self, packet):
        """From the controller to the kernel."""
        if self.writer is not None:
            self.writer.write(packet)

    def fresh_controller(self):
        """The relay (re)opened /dev/vhci: a new adapter, which knows no connections."""
        if self.controller is not None:
            self.radio.drop(self.controller)
        self.controller = kernel_controller(
            self.classic, name="kernel", host_sink=self, link=self.radio, public_address=KERNEL_ADDRESS,
            straps=self.straps, legacy=self.legacy)
        say(f"adapter up ({'legacy' if self.legacy else 'extended'} advertising)")

    def controller_gone(self):
        """The relay closed /dev/vhci: the adapter was pulled out."""
        if self.controller is not None:
            self.radio.drop(self.controller)
            self.controller = None
            say("adapter gone")

    async def serve(self, reader, writer):
        # QEMU connects (and, in a boot shared by several groups, connects again to each group's
        # radio): run.sh lets the VM's next group begin once this is said. Not "connected",
        # which the tests count as a strap's connection.
        say("virtual machine joined")
        self.writer = writer
        buffer = b""
        while data := await reader.read(65536):
            buffer += data
            while buffer:
                if buffer[0] in (0xFD, 0xFE):
                    if len(buffer) < 2:
                        break
                    marker, buffer = buffer[0], buffer[2:]
                    if marker == 0xFE:
                        self.fresh_controller()
                    else:
                        self.controller_gone()
                    continue
                complete, rest = split_packet(buffer)
                if complete is None:
                    break
                buffer = rest
                if self.controller is not None:
                    self.controller.on_packet(complete)
        self.writer = None
        say("virtual machine gone")


# The payload length of each H4 packet type: (header length, offset of the length field, its
# size). 01 command, 02 ACL data, 03 SCO data, 04 event, 05 ISO data.
H4_HEADERS = {0x01: (3, 2, 1), 0x02: (4, 2, 2), 0x03: (3, 2, 1), 0x04: (2, 1, 1), 0x05: (4, 2, 2)}


def split_packet(buffer):
    """The first complete H4 packet of `buffer` and the rest, or (None, buffer)."""
    kind = buffer[0]
    if kind not in H4_HEADERS:
        say(f"dropped a byte 0x{kind:02X} out of frame")
        return None, buffer[1:]
    header, offset, size = H4_HEADERS[kind]
    if len(buffer) < 1 + header:
        return None, buffer
    length = int.from_bytes(buffer[1 + offset:1 + offset + size], "little")
    if kind == 0x05:
        length &= 0x3FFF
    total = 1 + header + length
    if len(buffer) < total:
        return None, buffer
    return buffer[:total], buffer[total:]


class FileChanges:
    """Linux's inotify on one file through ctypes: wait() returns once the file was written to
    (or at once if it was since the last wait). QEMU's 9p server writes the VM's lines with
    ordinary writes on this machine, so each one is an IN_MODIFY here."""

    IN_MODIFY = 0x00000002
    IN_ATTRIB = 0x00000004
    IN_CLOSE_WRITE = 0x00000008

    def __init__(self, path):
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        self.fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0 or libc.inotify_add_watch(
                self.fd, os.fsencode(path), self.IN_MODIFY | self.IN_ATTRIB | self.IN_CLOSE_WRITE) < 0:
            raise OSError(ctypes.get_errno(), f"inotify on {path}")
        self.changed = asyncio.Event()
        asyncio.get_running_loop().add_reader(self.fd, self.on_readable)

    def on_readable(self):
        try:
            while os.read(self.fd, 4096):
                pass
        except BlockingIOError:
            pass
        self.changed.set()

    async def wait(self):
        await self.changed.wait()
        self.changed.clear()


async def read_control(path, straps, kernel, headsets=()):
    """Follows the control file (the VM appends lines to it through the shared directory)."""
    by_name = {strap.name: strap for strap in straps}
    headset_by_name = {headset.name: headset for headset in headsets}
    loop = asyncio.get_running_loop()
    offset = 0
    pending = ""
    # run.sh makes the file before the radio starts.
    changes = FileChanges(path)
    first = True
    while True:
        if not first:
            await changes.wait()
        first = False
        try:
            with open(path) as control:
                control.seek(offset)
                text = control.read()
                offset = control.tell()
        except FileNotFoundError:
            continue
        pending += text
        *lines, pending = pending.split("\n")
        for line in lines:
            words = line.split()
            if not words:
                continue
            command, rest = words[0], words[1:]
            strap = by_name.get(" ".join(rest[:-1])) or by_name.get(" ".join(rest))
            headset = headset_by_name.get(" ".join(rest[:-1])) or headset_by_name.get(" ".join(rest))
            if headset and command == "away":
                loop.create_task(headset.away(float(rest[-1])))
            elif headset and command == "press":
                loop.create_task(headset.press(rest[-1]))
            elif headset and command == "disconnect":
                loop.create_task(headset.disconnect())
            elif command == "away" and strap:
                loop.create_task(strap.away(float(rest[-1])))
            elif command == "restart" and strap:
                strap.restart()
            elif command == "battery" and strap:
                loop.create_task(strap.set_battery(int(rest[-1])))
            else:
                say(f"unknown command: {line}")


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--strap", action="append", default=[])
    parser.add_argument("--treadmill", action="append", default=[])
    parser.add_argument("--headset", action="append", default=[],
                        help="a Classic A2DP headset with AVRCP (contrib/vm/classic.py): name=,address=,rssi=")
    parser.add_argument("--legacy", action="store_true", help="a controller without extended advertising")
    parser.add_argument("--socket", required=True, help="the Unix socket to listen on for QEMU's serial port")
    parser.add_argument("--control", help="a file to follow for commands")
    options = parser.parse_args()

    radio = Radio()
    straps = [Strap(spec, radio) for spec in options.strap] + [Treadmill(spec, radio) for spec in options.treadmill]
    kernel = KernelSide(radio, straps, options.legacy, classic=bool(options.headset))
    headsets = []
    if options.headset:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from classic import Headset
        headsets = [Headset(spec, radio) for spec in options.headset]
    for strap in straps:
        await strap.start()
    for headset in headsets:
        await headset.start()
    server = await asyncio.start_unix_server(kernel.serve, path=options.socket)
    say("ready")
    tasks = [asyncio.create_task(server.serve_forever())]
    if options.control:
        tasks.append(asyncio.create_task(read_control(options.control, straps, kernel, headsets)))
    await asyncio.gather(*tasks)


if __name__ == "__main__":
    if os.environ.get("RADIO_DEBUG"):
        import logging
        logging.basicConfig(level=logging.DEBUG)
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
