#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
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

    /// A `pactl` that refuses its first `set-default-sink`, as one that outwaits its bound at boot
    /// does, beside a socket where the sound server's would be: the link tries again after its
    /// back-off (virtual time here) and the headset's sink is made the output.
    @Test func aMoveThePactlRefusedIsTriedAgainUntilItWorks() throws {
        let directory = TemporaryDirectory()
        let sink = "bluez_output.AA_BB_CC_DD_EE_01.1"
        let script = """
            #!/bin/sh
            PATH=/usr/bin:/bin
            state=\(directory.path)
            case "$1 $2 $3" in
            # Hangs: a pactl subscribe that never prints.
            "subscribe  ") exec sleep 600 ;;
            "list short sinks") printf '0\\tnull\\tm\\ts16le\\tIDLE\\n1\\t\(sink)\\tm\\ts16le\\tIDLE\\n' ;;
            "list short sink-inputs") printf '7\\t0\\t3\\tprotocol-native.c\\ts16le\\n' ;;
            "info  ") cat "$state/default" 2>/dev/null || echo 'Default Sink: null' ;;
            set-default-sink*)
                echo "$2" >>"$state/asked"
                [ "$(wc -l <"$state/asked")" -ge 2 ] || exit 1
                echo "Default Sink: $2" >"$state/default" ;;
            move-sink-input*) echo "$2 $3" >>"$state/moved" ;;
            esac
            """
        let pactl = directory.path + "/pactl"
        try script.write(toFile: pactl, atomically: true, encoding: .utf8)
        chmod(pactl, 0o755)
        let server = try UnixListener(path: directory.path + "/native")
        defer { withExtendedLifetime(server) {} }

        let loop = try EventLoop(clock: .manual(ManualClock()))
        var logged: [String] = []
        var changed = 0
        let link = SoundServerLink(
            loop: loop, environment: ["PATH": directory.path, "PULSE_SERVER": "unix:" + directory.path + "/native"],
            log: { logged.append($0) }, outputChanged: { changed += 1 }, sinkPresence: { _, _ in })
        defer { link.finish() }
        link.keep("AA:BB:CC:DD:EE:01")
        link.headsetConnection("AA:BB:CC:DD:EE:01", connected: true)

        func spin(until done: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(20)
            while !done(), ContinuousClock.now < deadline { loop.turn(maximumWait: 0.05) }
            return done()
        }
        let asked = directory.path + "/asked"
        func askedCount() -> Int {
            ((try? String(contentsOfFile: asked, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        #expect(spin { logged.contains { $0.contains("pactl refused some of it") } }, "\(logged)")
        #expect(askedCount() == 1)
        // Speech hears of the output only once it is the output.
        #expect(changed == 0)
        // Nothing is tried again before the back-off's first second.
        loop.advance(by: .milliseconds(900))
        for _ in 0..<4 { loop.turn(maximumWait: 0.05) }
        #expect(askedCount() == 1)
        loop.advance(by: .milliseconds(100))
        #expect(
            spin { logged.contains { $0.contains("\(sink) made the output, 1 streams moved") && !$0.contains("refused") } }, "\(logged)")
        #expect(askedCount() == 2)
        let moved = (try? String(contentsOfFile: directory.path + "/moved", encoding: .utf8)) ?? ""
        #expect(moved.contains("7 \(sink)"), "\(moved)")
        #expect(changed == 1)
    }

    /// On PipeWire only the default sink is set: WirePlumber moves the streams that follow it,
    /// and a `move-sink-input` would pin espeak-ng's streams to the headset's sink by name.
    @Test func onPipeWireTheDefaultIsSetAndNoStreamIsMoved() throws {
        let directory = TemporaryDirectory()
        let sink = "bluez_output.AA_BB_CC_DD_EE_01.1"
        let script = """
            #!/bin/sh
            PATH=/usr/bin:/bin
            state=\(directory.path)
            case "$1 $2 $3" in
            "subscribe  ") exec sleep 600 ;;
            "list short sinks") printf '0\\tnull\\tm\\ts16le\\tIDLE\\n1\\t\(sink)\\tm\\ts16le\\tIDLE\\n' ;;
            "list short sink-inputs") printf '7\\t0\\t3\\tprotocol-native.c\\ts16le\\n' ;;
            "info  ") echo 'Server Name: PulseAudio (on PipeWire 0.3.65)'; cat "$state/default" 2>/dev/null || echo 'Default Sink: null' ;;
            set-default-sink*) echo "Default Sink: $2" >"$state/default" ;;
            move-sink-input*) echo "$2 $3" >>"$state/moved" ;;
            esac
            """
        let pactl = directory.path + "/pactl"
        try script.write(toFile: pactl, atomically: true, encoding: .utf8)
        chmod(pactl, 0o755)
        let server = try UnixListener(path: directory.path + "/native")
        defer { withExtendedLifetime(server) {} }
        let loop = try EventLoop(clock: .manual(ManualClock()))
        var logged: [String] = []
        var changed = 0
        let link = SoundServerLink(
            loop: loop, environment: ["PATH": directory.path, "PULSE_SERVER": "unix:" + directory.path + "/native"],
            log: { logged.append($0) }, outputChanged: { changed += 1 }, sinkPresence: { _, _ in })
        defer { link.finish() }
        link.keep("AA:BB:CC:DD:EE:01")
        link.headsetConnection("AA:BB:CC:DD:EE:01", connected: true)
        let deadline = ContinuousClock.now + .seconds(20)
        while !logged.contains(where: { $0.contains("made the output") }), ContinuousClock.now < deadline {
            loop.turn(maximumWait: 0.05)
        }
        #expect(logged.contains("sound: \(sink) made the output, 0 streams moved"), "\(logged)")
        let chosen = (try? String(contentsOfFile: directory.path + "/default", encoding: .utf8)) ?? ""
        #expect(chosen == "Default Sink: \(sink)\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/moved"))
        // Speech is told, so that espeak-ng opens its stream afresh on the headset's sink.
        #expect(changed == 1)
    }
}
