import Foundation
@testable import HeartlineShell
import HeartlineTestSupport
import Testing

/// What `pactl` prints, read as the sound server link reads it.
@Suite(.timed) struct SoundServerLinkTests {
    @Test func aHeadsetsSinkIsFoundByItsAddressOnPipeWireAndPulseAudio() {
        let address = "aa:bb:cc:dd:ee:01"
        #expect(
            SoundServerLink.headsetSink(address: address, in: ["null", "bluez_output.AA_BB_CC_DD_EE_01.1"])
                == "bluez_output.AA_BB_CC_DD_EE_01.1")
        #expect(
            SoundServerLink.headsetSink(address: address, in: ["alsa_output.pci", "bluez_sink.AA_BB_CC_DD_EE_01.a2dp_sink"])
                == "bluez_sink.AA_BB_CC_DD_EE_01.a2dp_sink")
        // Another headset's sink, a longer address that begins the same, and a sink only named alike.
        #expect(
            SoundServerLink.headsetSink(
                address: address, in: ["bluez_output.AA_BB_CC_DD_EE_02.1", "bluez_output.AA_BB_CC_DD_EE_011.1", "AA_BB_CC_DD_EE_01"])
                == nil)
    }

    @Test func theShortListsAndTheEventsAreRead() {
        let sinks =
            "0\tnull\tmodule-null-sink.c\ts16le 2ch 44100Hz\tIDLE\n1\tbluez_output.AA_BB_CC_DD_EE_01.1\tmodule-null-sink.c\ts16le 2ch 44100Hz\tRUNNING\n"
        #expect(SoundServerLink.columns(sinks).map { $0[1] } == ["null", "bluez_output.AA_BB_CC_DD_EE_01.1"])
        #expect(SoundServerLink.columns("").isEmpty)
        #expect(SoundServerLink.concernsSinks("Event 'remove' on sink #5"))
        #expect(SoundServerLink.concernsSinks("Event 'new' on sink #6"))
        #expect(!SoundServerLink.concernsSinks("Event 'change' on sink #6"))
        #expect(!SoundServerLink.concernsSinks("Event 'new' on sink-input #12"))
        #expect(!SoundServerLink.concernsSinks("Event 'change' on client #3"))
    }
}
