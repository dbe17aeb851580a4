"""Bluetooth Classic on the VM suite's virtual radio: what Bumble 0.0.236's controller lacks for
the kernel's BR/EDR side, and a headset (an A2DP sink with AVRCP) built on it.

contrib/vm/radio.py imports this when it is given --headset. Both controllers on the Classic
link, the kernel's and the headset's, are ClassicController: dual-mode LMP features, an answer
to every HCI command (the kernel's power-on stops at the first that goes unanswered), Inquiry
with extended inquiry results, Set Connection Encryption, Read Remote Version Information, Read
Clock Offset, a Link Key Request before authentication (so a bonded headset reconnects with its
key), Just Works keys of type Unauthenticated P-192 (an authenticated P-256 key makes the kernel
demand security level 4), pages that time out after 5.12 s instead of raising, and ACL buffers
of 1021 bytes (the controller hands a whole L2CAP frame to the host at once).

The headset is a Bumble Device on its own ClassicController: name and class of device in its
inquiry response, NoInputNoOutput, an A2DP sink endpoint (SBC) and AVRCP. It counts and decodes
the media packets it receives (sbcdec, from sbc-tools) and prints what it heard:
  radio: HEADSET audio PACKETS packets, SECONDS s, rms RMS, loud LOUD
once a second while a stream plays (packets, seconds decoded and loud 50 ms windows counted
since the start, the RMS of the last second), for the test to tell speech from silence.
"""

import asyncio
import math
import shutil
import struct
import subprocess

from bumble import hci
from bumble.controller import Controller
from bumble.core import PhysicalTransport

# bluetoothd's page timeout is 5.12 s (the kernel writes 0x2000 slots).
PAGE_TIMEOUT_SECONDS = 5.12
SUPERVISION_TIMEOUT = 0x08


def say(text):
    print(f"radio: {text}", flush=True)


def feature(name):
    return getattr(hci.LmpFeatureMask, name)


DUAL_MODE_FEATURES = (
    feature("LMP_3_SLOT_PACKETS") | feature("LMP_5_SLOT_PACKETS") | feature("ENCRYPTION")
    | feature("ROLE_SWITCH") | feature("SNIFF_MODE") | feature("RSSI_WITH_INQUIRY_RESULTS")
    | feature("EXTENDED_INQUIRY_RESPONSE") | feature("SECURE_SIMPLE_PAIRING_CONTROLLER_SUPPORT")
    | feature("ENCAPSULATED_PDU") | feature("NON_FLUSHABLE_PACKET_BOUNDARY_FLAG")
    | feature("LE_SUPPORTED_CONTROLLER") | feature("EXTENDED_FEATURES")
    | feature("SECURE_SIMPLE_PAIRING_HOST_SUPPORT") | feature("LE_SUPPORTED_HOST")
)

# Return parameters after the status byte, for reads the kernel makes while powering on.
READ_ANSWERS = {
    hci.HCI_READ_VOICE_SETTING_COMMAND: struct.pack("<H", 0x0060),
    hci.HCI_READ_NUMBER_OF_SUPPORTED_IAC_COMMAND: bytes([1]),
    hci.HCI_READ_CURRENT_IAC_LAP_COMMAND: bytes([1]) + (0x9E8B33).to_bytes(3, "little"),
    hci.HCI_READ_PAGE_SCAN_ACTIVITY_COMMAND: struct.pack("<HH", 0x0800, 0x0012),
    hci.HCI_READ_PAGE_SCAN_TYPE_COMMAND: bytes([0]),
    hci.HCI_READ_INQUIRY_RESPONSE_TRANSMIT_POWER_LEVEL_COMMAND: bytes([0]),
    hci.HCI_READ_STORED_LINK_KEY_COMMAND: struct.pack("<HH", 0, 0),
    hci.HCI_DELETE_STORED_LINK_KEY_COMMAND: struct.pack("<H", 0),
    hci.HCI_READ_DEFAULT_ERRONEOUS_DATA_REPORTING_COMMAND: bytes([0]),
    hci.HCI_READ_PAGE_TIMEOUT_COMMAND: struct.pack("<H", 0x2000),
    hci.HCI_READ_CONNECTION_ACCEPT_TIMEOUT_COMMAND: struct.pack("<H", 0x1F40),
    hci.HCI_READ_SCAN_ENABLE_COMMAND: bytes([0]),
    hci.HCI_READ_INQUIRY_MODE_COMMAND: bytes([2]),
}
# Commands whose Command Complete also carries the connection handle or the address.
HANDLE_ANSWERS = {hci.HCI_WRITE_LINK_POLICY_SETTINGS_COMMAND, hci.HCI_WRITE_LINK_SUPERVISION_TIMEOUT_COMMAND}

CLASSIC_COMMANDS = {
    op for op in (
        getattr(hci, name, None) for name in (
            "HCI_INQUIRY_COMMAND", "HCI_INQUIRY_CANCEL_COMMAND", "HCI_CREATE_CONNECTION_COMMAND",
            "HCI_CREATE_CONNECTION_CANCEL_COMMAND", "HCI_ACCEPT_CONNECTION_REQUEST_COMMAND",
            "HCI_REJECT_CONNECTION_REQUEST_COMMAND", "HCI_LINK_KEY_REQUEST_REPLY_COMMAND",
            "HCI_LINK_KEY_REQUEST_NEGATIVE_REPLY_COMMAND", "HCI_PIN_CODE_REQUEST_REPLY_COMMAND",
            "HCI_PIN_CODE_REQUEST_NEGATIVE_REPLY_COMMAND", "HCI_AUTHENTICATION_REQUESTED_COMMAND",
            "HCI_SET_CONNECTION_ENCRYPTION_COMMAND", "HCI_REMOTE_NAME_REQUEST_COMMAND",
            "HCI_REMOTE_NAME_REQUEST_CANCEL_COMMAND", "HCI_READ_REMOTE_SUPPORTED_FEATURES_COMMAND",
            "HCI_READ_REMOTE_EXTENDED_FEATURES_COMMAND", "HCI_IO_CAPABILITY_REQUEST_REPLY_COMMAND",
            "HCI_USER_CONFIRMATION_REQUEST_REPLY_COMMAND", "HCI_USER_CONFIRMATION_REQUEST_NEGATIVE_REPLY_COMMAND",
            "HCI_USER_PASSKEY_REQUEST_REPLY_COMMAND", "HCI_USER_PASSKEY_REQUEST_NEGATIVE_REPLY_COMMAND",
            "HCI_IO_CAPABILITY_REQUEST_NEGATIVE_REPLY_COMMAND", "HCI_WRITE_LOCAL_NAME_COMMAND",
            "HCI_READ_LOCAL_NAME_COMMAND", "HCI_WRITE_PAGE_TIMEOUT_COMMAND", "HCI_WRITE_SCAN_ENABLE_COMMAND",
            "HCI_READ_CLASS_OF_DEVICE_COMMAND", "HCI_WRITE_CLASS_OF_DEVICE_COMMAND",
            "HCI_READ_VOICE_SETTING_COMMAND", "HCI_WRITE_INQUIRY_MODE_COMMAND",
            "HCI_WRITE_EXTENDED_INQUIRY_RESPONSE_COMMAND", "HCI_WRITE_SIMPLE_PAIRING_MODE_COMMAND",
            "HCI_READ_SIMPLE_PAIRING_MODE_COMMAND", "HCI_WRITE_LE_HOST_SUPPORT_COMMAND",
            "HCI_READ_LE_HOST_SUPPORT_COMMAND", "HCI_READ_LOCAL_EXTENDED_FEATURES_COMMAND",
            "HCI_READ_STORED_LINK_KEY_COMMAND", "HCI_DELETE_STORED_LINK_KEY_COMMAND",
            "HCI_WRITE_DEFAULT_LINK_POLICY_SETTINGS_COMMAND", "HCI_READ_PAGE_SCAN_ACTIVITY_COMMAND",
            "HCI_READ_PAGE_SCAN_TYPE_COMMAND", "HCI_WRITE_PAGE_SCAN_ACTIVITY_COMMAND",
            "HCI_WRITE_PAGE_SCAN_TYPE_COMMAND", "HCI_READ_NUMBER_OF_SUPPORTED_IAC_COMMAND",
            "HCI_READ_CURRENT_IAC_LAP_COMMAND", "HCI_SET_EVENT_FILTER_COMMAND",
            "HCI_WRITE_CONNECTION_ACCEPT_TIMEOUT_COMMAND", "HCI_READ_INQUIRY_RESPONSE_TRANSMIT_POWER_LEVEL_COMMAND",
            "HCI_SNIFF_MODE_COMMAND", "HCI_EXIT_SNIFF_MODE_COMMAND", "HCI_SWITCH_ROLE_COMMAND",
            "HCI_WRITE_LINK_POLICY_SETTINGS_COMMAND", "HCI_READ_CLOCK_OFFSET_COMMAND",
            "HCI_READ_REMOTE_VERSION_INFORMATION_COMMAND",
        )
    ) if op is not None
}


class ClassicController(Controller):
    """A dual-mode controller that the kernel's BR/EDR side can use."""

    acl_data_packet_length = 1021
    total_num_acl_data_packets = 16

    def __init__(self, *args, rssi=-60, **kwargs):
        super().__init__(*args, **kwargs)
        self.lmp_features = (self.lmp_features & ~hci.LmpFeatureMask.BR_EDR_NOT_SUPPORTED) | DUAL_MODE_FEATURES
        self.supported_commands = set(self.supported_commands) | CLASSIC_COMMANDS
        self.class_of_device = 0
        self.eir = bytes(240)
        self.rssi = rssi
        self.inquiry_task = None

    # Every command answered.
    def on_hci_command(self, command):
        op = command.op_code
        if op in READ_ANSWERS:
            self.complete(op, bytes([0]) + READ_ANSWERS[op])
        elif op in HANDLE_ANSWERS:
            self.complete(op, bytes([0]) + bytes(command.parameters[:2]))
        else:
            name = hci.HCI_Command.command_name(op)
            known = any(word in name for word in ("WRITE", "SET", "CLEAR", "DELETE", "HOST", "REFRESH"))
            self.complete(op, bytes([0 if known else hci.HCI_ErrorCode.UNKNOWN_HCI_COMMAND_ERROR]))
        return None

    def on_hci_command_packet(self, command):
        handler = getattr(self, f"on_{command.name.lower()}", None)
        if handler is None:
            self.on_hci_command(command)
            return
        super().on_hci_command_packet(command)

    def raw_event(self, code, parameters):
        if self.host:
            packet = bytes([hci.HCI_EVENT_PACKET, code, len(parameters)]) + parameters
            asyncio.get_running_loop().call_soon(self.host.on_packet, packet)

    def complete(self, op, return_parameters):
        self.raw_event(hci.HCI_COMMAND_COMPLETE_EVENT, bytes([1]) + struct.pack("<H", op) + return_parameters)

    def status(self, op, status=0):
        self.raw_event(hci.HCI_COMMAND_STATUS_EVENT, bytes([status, 1]) + struct.pack("<H", op))

    def send_hci_packet(self, packet):
        if isinstance(packet, hci.HCI_Link_Key_Notification_Event):
            # Just Works gives an unauthenticated key.
            packet = hci.HCI_Link_Key_Notification_Event(
                bd_addr=packet.bd_addr, link_key=packet.link_key,
                key_type=hci.LinkKeyType.UNAUTHENTICATED_COMBINATION_KEY_GENERATED_FROM_P_192)
        super().send_hci_packet(packet)

    def on_hci_write_class_of_device_command(self, command):
        self.class_of_device = command.class_of_device
        return hci.HCI_StatusReturnParameters(hci.HCI_ErrorCode.SUCCESS)

    def on_hci_read_class_of_device_command(self, _command):
        return hci.HCI_Read_Class_Of_Device_ReturnParameters(
            status=hci.HCI_ErrorCode.SUCCESS, class_of_device=self.class_of_device)

    def on_hci_write_extended_inquiry_response_command(self, command):
        self.eir = bytes(command.extended_inquiry_response).ljust(240, b"\x00")[:240]
        return hci.HCI_StatusReturnParameters(hci.HCI_ErrorCode.SUCCESS)

    # Inquiry: every controller on the link with inquiry scan on answers with its EIR.
    def on_hci_inquiry_command(self, command):
        self.status(command.op_code)
        if self.inquiry_task:
            self.inquiry_task.cancel()
        self.inquiry_task = asyncio.get_running_loop().create_task(self.inquire(command.inquiry_length))
        return None

    async def inquire(self, length):
        await asyncio.sleep(0.5)
        for other in list(self.link.controllers):
            if other is self or not isinstance(other, ClassicController) or not other.classic_scan_enable & 0x01:
                continue
            if other in getattr(self.link, "away", ()):
                continue
            parameters = (bytes([1]) + bytes(other.public_address) + bytes([1, 0])
                          + other.class_of_device.to_bytes(3, "little") + struct.pack("<H", 0)
                          + struct.pack("<b", other.rssi) + other.eir)
            self.raw_event(hci.HCI_EXTENDED_INQUIRY_RESULT_EVENT, parameters)
        await asyncio.sleep(min(length * 1.28, 3.0))
        self.inquiry_task = None
        self.raw_event(hci.HCI_INQUIRY_COMPLETE_EVENT, bytes([0]))

    def on_hci_inquiry_cancel_command(self, _command):
        if self.inquiry_task:
            self.inquiry_task.cancel()
            self.inquiry_task = None
        return hci.HCI_StatusReturnParameters(hci.HCI_ErrorCode.SUCCESS)

    # A page to a headset out of range keeps paging, then times out.
    def on_hci_create_connection_command(self, command):
        peer = self.link.find_classic_controller(command.bd_addr)
        if peer is None or not peer.classic_scan_enable & 0x02:
            self.status(command.op_code)
            asyncio.get_running_loop().create_task(self.page_timeout(command.bd_addr))
            return None
        return super().on_hci_create_connection_command(command)

    async def page_timeout(self, address):
        await asyncio.sleep(PAGE_TIMEOUT_SECONDS)
        self.classic_connections.pop(address, None)
        self.raw_event(hci.HCI_CONNECTION_COMPLETE_EVENT,
                       bytes([hci.HCI_ErrorCode.PAGE_TIMEOUT_ERROR]) + struct.pack("<H", 0) + bytes(address) + bytes([1, 0]))

    def on_hci_create_connection_cancel_command(self, command):
        return hci.HCI_StatusAndAddressReturnParameters(status=hci.HCI_ErrorCode.SUCCESS, bd_addr=command.bd_addr)

    # Authentication starts with the host's key, if it has one.
    def on_hci_authentication_requested_command(self, command):
        connection = self.find_classic_connection_by_handle(command.connection_handle)
        if connection is None:
            self.status(command.op_code, hci.HCI_ErrorCode.UNKNOWN_CONNECTION_IDENTIFIER_ERROR)
            return None
        self.status(command.op_code)
        connection.ssp_state.is_initiator = True
        self.send_hci_packet(hci.HCI_Link_Key_Request_Event(bd_addr=connection.peer_address))
        return None

    def peer_connection(self, connection):
        peer = self.link.find_classic_controller(connection.peer_address)
        if peer is None:
            return None, None
        return peer, peer.classic_connections.get(self.public_address)

    def on_hci_set_connection_encryption_command(self, command):
        connection = self.find_classic_connection_by_handle(command.connection_handle)
        if connection is None:
            self.status(command.op_code, hci.HCI_ErrorCode.UNKNOWN_CONNECTION_IDENTIFIER_ERROR)
            return None
        self.status(command.op_code)
        enabled = 1 if command.encryption_enable else 0
        self.send_hci_packet(hci.HCI_Encryption_Change_Event(
            status=0, connection_handle=connection.handle, encryption_enabled=enabled))
        peer, other = self.peer_connection(connection)
        if other is not None:
            peer.send_hci_packet(hci.HCI_Encryption_Change_Event(
                status=0, connection_handle=other.handle, encryption_enabled=enabled))
        return None

    def on_hci_read_remote_version_information_command(self, command):
        connection = self.find_connection_by_handle(command.connection_handle)
        if connection is None or connection.transport != PhysicalTransport.BR_EDR:
            return super().on_hci_read_remote_version_information_command(command) if hasattr(
                super(), "on_hci_read_remote_version_information_command") else self.status(
                    command.op_code, hci.HCI_ErrorCode.UNKNOWN_CONNECTION_IDENTIFIER_ERROR)
        self.status(command.op_code)
        self.send_hci_packet(hci.HCI_Read_Remote_Version_Information_Complete_Event(
            status=0, connection_handle=connection.handle, version=hci.HCI_VERSION_BLUETOOTH_CORE_5_0,
            manufacturer_name=0x05F1, subversion=0))
        return None

    def on_hci_read_clock_offset_command(self, command):
        self.status(command.op_code)
        self.send_hci_packet(hci.HCI_Read_Clock_Offset_Complete_Event(
            status=0, connection_handle=command.connection_handle, clock_offset=0))
        return None


def rms_and_loudness(pcm):
    """The RMS of signed 16-bit samples, and how many 50 ms windows of 44.1 kHz stereo are loud."""
    count = len(pcm) // 2
    if count == 0:
        return 0.0, 0
    samples = struct.unpack(f"<{count}h", pcm[:count * 2])
    total = sum(s * s for s in samples)
    window = 4410
    loud = 0
    for start in range(0, count - window + 1, window):
        part = samples[start:start + window]
        if math.sqrt(sum(s * s for s in part) / window) > 300:
            loud += 1
    return math.sqrt(total / count), loud


class Headset:
    """A Classic A2DP sink with AVRCP: found by inquiry, paired Just Works, streamed to."""

    def __init__(self, spec, radio):
        values = dict(part.split("=", 1) for part in spec.split(","))
        self.name = values.get("name", "SHOKZ FAKE")
        self.address = hci.Address(values.get("address", "20:74:CF:00:11:22"), hci.Address.PUBLIC_DEVICE_ADDRESS)
        self.rssi = int(values.get("rssi", "-62"))
        self.class_of_device = int(values.get("class", "0x240404"), 16)
        self.radio = radio
        self.device = None
        self.controller = None
        self.connection = None
        self.avrcp = None
        self.packets = 0
        self.sbc = bytearray()
        self.decoded_seconds = 0.0
        # 50 ms windows above an RMS of 300, in all the audio received.
        self.loud = 0
        # The lowest and highest SBC bitpool of the packets since the last report: a source may
        # lower it when its link is slow, and at a low bitpool quiet speech decodes as silence.
        self.bitpools = []

    async def start(self):
        from bumble.a2dp import SbcMediaCodecInformation, make_audio_sink_service_sdp_records
        from bumble.avdtp import AVDTP_AUDIO_MEDIA_TYPE, Listener, MediaCodecCapabilities
        from bumble.a2dp import A2DP_SBC_CODEC_TYPE
        from bumble import avrcp
        from bumble.device import Device, DeviceConfiguration
        from bumble.host import Host
        from bumble.pairing import PairingConfig, PairingDelegate
        from bumble.transport.common import AsyncPipeSink

        self.controller = ClassicController(
            f"headset {self.name}", link=self.radio, public_address=self.address, rssi=self.rssi)
        host = Host(self.controller, AsyncPipeSink(self.controller))
        config = DeviceConfiguration()
        config.name = self.name
        config.class_of_device = self.class_of_device
        config.classic_enabled = True
        config.le_enabled = False
        config.address = self.address
        self.device = Device(config=config, host=host)
        self.device.pairing_config_factory = lambda connection: PairingConfig(
            sc=False, mitm=False, bonding=True,
            delegate=PairingDelegate(io_capability=PairingDelegate.IoCapability.NO_OUTPUT_NO_INPUT))
        records = {0x00010001: make_audio_sink_service_sdp_records(0x00010001)}
        records[0x00010002] = avrcp.ControllerServiceSdpRecord(0x00010002).to_service_attributes()
        records[0x00010003] = avrcp.TargetServiceSdpRecord(0x00010003).to_service_attributes()
        self.device.sdp_service_records = records
        self.capabilities = MediaCodecCapabilities(
            media_type=AVDTP_AUDIO_MEDIA_TYPE, media_codec_type=A2DP_SBC_CODEC_TYPE,
            media_codec_information=SbcMediaCodecInformation(
                sampling_frequency=SbcMediaCodecInformation.SamplingFrequency.SF_44100
                | SbcMediaCodecInformation.SamplingFrequency.SF_48000,
                channel_mode=SbcMediaCodecInformation.ChannelMode.MONO
                | SbcMediaCodecInformation.ChannelMode.DUAL_CHANNEL
                | SbcMediaCodecInformation.ChannelMode.STEREO
                | SbcMediaCodecInformation.ChannelMode.JOINT_STEREO,
                block_length=SbcMediaCodecInformation.BlockLength.BL_4 | SbcMediaCodecInformation.BlockLength.BL_8
                | SbcMediaCodecInformation.BlockLength.BL_12 | SbcMediaCodecInformation.BlockLength.BL_16,
                subbands=SbcMediaCodecInformation.Subbands.S_4 | SbcMediaCodecInformation.Subbands.S_8,
                allocation_method=SbcMediaCodecInformation.AllocationMethod.LOUDNESS
                | SbcMediaCodecInformation.AllocationMethod.SNR,
                minimum_bitpool_value=2, maximum_bitpool_value=53))
        self.device.on("connection", self.on_connection)
        await self.device.power_on()
        self.listener = Listener.for_device(self.device)
        self.listener.on("connection", self.on_avdtp_connection)
        self.avrcp = avrcp.Protocol()
        self.avrcp.listen(self.device)
        await self.show()
        asyncio.get_running_loop().create_task(self.report())

    async def show(self):
        await self.device.set_discoverable(True)
        await self.device.set_connectable(True)
        say(f"{self.name} discoverable")

    def on_connection(self, connection):
        self.connection = connection
        say(f"{self.name} connected")
        connection.on("disconnection", self.on_disconnection)
        connection.on("pairing", lambda keys: say(f"{self.name} paired"))
        connection.on("pairing_failure", lambda reason: say(f"{self.name} pairing failed ({reason})"))
        connection.on("encryption_change", lambda *args: say(f"{self.name} encrypted"))

    def on_disconnection(self, reason):
        self.connection = None
        say(f"{self.name} disconnected (reason 0x{reason:02X})")

    def on_avdtp_connection(self, protocol):
        say(f"{self.name} avdtp open")
        sink = protocol.add_sink(self.capabilities)
        sink.on("configuration", lambda: say(f"{self.name} configured {sink.configuration}"))
        sink.on("start", lambda: say(f"{self.name} stream started"))
        sink.on("suspend", lambda: say(f"{self.name} stream suspended"))
        sink.on("stop", lambda: say(f"{self.name} stream stopped"))
        sink.on("rtp_packet", self.on_rtp_packet)

    def on_rtp_packet(self, packet):
        self.packets += 1
        # The first byte of an SBC payload counts its frames; the rest are SBC frames, each
        # starting with the sync word 0x9C, a byte of flags and the bitpool.
        self.sbc += packet.payload[1:]
        if len(packet.payload) > 3 and packet.payload[1] == 0x9C:
            self.bitpools.append(packet.payload[3])

    async def report(self):
        """Decodes what arrived each second and prints the figures while audio comes."""
        sbcdec = shutil.which("sbcdec")
        while True:
            await asyncio.sleep(1)
            if not self.sbc:
                continue
            chunk, self.sbc = bytes(self.sbc), bytearray()
            if sbcdec is None:
                say(f"{self.name} audio {self.packets} packets, no sbcdec to decode them")
                continue
            result = await asyncio.get_running_loop().run_in_executor(None, decode, sbcdec, chunk)
            if result is None:
                say(f"{self.name} audio {self.packets} packets, sbcdec failed")
                continue
            pcm, rate, channels = result
            seconds = len(pcm) / (2 * channels * rate)
            self.decoded_seconds += seconds
            rms, loud = rms_and_loudness(pcm)
            self.loud += loud
            bitpools, self.bitpools = self.bitpools, []
            bitpool = f"{min(bitpools)}-{max(bitpools)}" if bitpools else "none"
            say(f"{self.name} audio {self.packets} packets, {self.decoded_seconds:.1f} s, rms {rms:.0f}, loud {self.loud}, bitpool {bitpool}")

    async def press(self, key):
        if self.avrcp is None or self.connection is None:
            say(f"{self.name} cannot press {key}: not connected")
            return
        from bumble import avc
        code = {"play": avc.PassThroughFrame.OperationId.PLAY, "pause": avc.PassThroughFrame.OperationId.PAUSE}[key]
        try:
            await self.avrcp.send_key_event(code, True)
            await self.avrcp.send_key_event(code, False)
            say(f"{self.name} pressed {key}")
        except Exception as error:  # noqa: BLE001 - reported for the test to see
            say(f"{self.name} press {key} failed: {error!r}")

    async def away(self, seconds):
        """Out of range: the link times out on both sides; pages and inquiries go unanswered."""
        self.radio.away.add(self.controller)
        cut_classic(self.radio, self.controller, SUPERVISION_TIMEOUT)
        say(f"{self.name} out of range for {seconds:g} s")
        await asyncio.sleep(seconds)
        self.radio.away.discard(self.controller)
        say(f"{self.name} back in range")

    async def disconnect(self):
        """A clean disconnect by the headset (switched off), then on again and connectable."""
        if self.connection is not None:
            await self.connection.disconnect()
        say(f"{self.name} switched off")


def cut_classic(radio, controller, reason):
    for address, connection in list(controller.classic_connections.items()):
        peer = radio.find_classic_controller(address, include_away=True)
        if peer is not None and controller.public_address in peer.classic_connections:
            peer.on_classic_disconnected(controller.public_address, reason)
        controller.on_classic_disconnected(address, reason)


def decode(sbcdec, chunk):
    """PCM from SBC frames through sbcdec (its --file writes an .au file: a header, then
    big-endian 16-bit samples)."""
    import tempfile
    import os
    with tempfile.TemporaryDirectory() as directory:
        source = os.path.join(directory, "in.sbc")
        target = os.path.join(directory, "out.au")
        with open(source, "wb") as file:
            file.write(chunk)
        done = subprocess.run([sbcdec, "-f", target, source], capture_output=True)
        if done.returncode != 0 or not os.path.exists(target):
            return None
        with open(target, "rb") as file:
            data = file.read()
    if len(data) < 24 or data[:4] != b".snd":
        return None
    offset, _size, _encoding, rate, channels = struct.unpack(">IIIII", data[4:24])
    big = data[offset:]
    count = len(big) // 2
    samples = struct.unpack(f">{count}h", big[:count * 2])
    return struct.pack(f"<{count}h", *samples), rate, channels
