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

    /// A sound server as `pactl` shows it, with a socket where the server's would be: the
    /// headset's sink beside a null one, one stream (7) on the null sink, a `pactl subscribe`
    /// that never prints, and what was asked written down in `directory`.
    final class FakeServer {
        let directory = TemporaryDirectory()
        let sink = "bluez_output.AA_BB_CC_DD_EE_01.1"
        let loop: EventLoop
        var logged: [String] = []
        private let server: UnixListener
        private(set) var link: SoundServerLink!

        /// - Parameters:
        ///   - serverName: what `pactl info` names the server, if anything.
        ///   - refusals: how many `set-default-sink` fail before one works.
        init(serverName: String?, refusals: Int) throws {
            let script = """
                #!/bin/sh
                PATH=/usr/bin:/bin
                state=\(directory.path)
                case "$1 $2 $3" in
                # Hangs: a pactl subscribe that never prints.
                "subscribe  ") exec sleep 600 ;;
                "list short sinks") printf '0\\tnull\\tm\\ts16le\\tIDLE\\n1\\t\(sink)\\tm\\ts16le\\tIDLE\\n' ;;
                "list short sink-inputs") printf '7\\t0\\t3\\tprotocol-native.c\\ts16le\\n' ;;
                "info  ")
                    \(serverName.map { "echo 'Server Name: \($0)'" } ?? ":")
                    cat "$state/default" 2>/dev/null || echo 'Default Sink: null' ;;
                set-default-sink*)
                    echo "$2" >>"$state/asked"
                    [ "$(wc -l <"$state/asked")" -gt \(refusals) ] || exit 1
                    echo "Default Sink: $2" >"$state/default" ;;
                move-sink-input*) echo "$2 $3" >>"$state/moved" ;;
                esac
                """
            let pactl = directory.path + "/pactl"
            try script.write(toFile: pactl, atomically: true, encoding: .utf8)
            chmod(pactl, 0o755)
            server = try UnixListener(path: directory.path + "/native")
            loop = try EventLoop(clock: .manual(ManualClock()))
            link = SoundServerLink(
                loop: loop, environment: ["PATH": directory.path, "PULSE_SERVER": "unix:" + directory.path + "/native"],
                log: { [unowned self] in self.logged.append($0) }, sinkPresence: { _, _ in })
        }

        deinit { link.finish() }

        /// The headset kept and connected, as the headset client tells it.
        func connect() {
            link.keep("AA:BB:CC:DD:EE:01")
            link.headsetConnection("AA:BB:CC:DD:EE:01", connected: true)
        }

        func spin(until done: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(20)
            while !done(), ContinuousClock.now < deadline { loop.turn(maximumWait: 0.05) }
            return done()
        }

        func lines(of name: String) -> [Substring] {
            ((try? String(contentsOfFile: directory.path + "/" + name, encoding: .utf8)) ?? "").split(separator: "\n")
        }
    }

    /// A `pactl` that refuses its first `set-default-sink`, as one that outwaits its bound at boot
    /// does: the link tries again after its back-off (virtual time here) and the headset's sink
    /// is made the output, the stream moved to it (PulseAudio).
    @Test func aMoveThePactlRefusedIsTriedAgainUntilItWorks() throws {
        let fake = try FakeServer(serverName: "pulseaudio", refusals: 1)
        fake.connect()
        #expect(fake.spin { fake.logged.contains { $0.contains("pactl refused some of it") } }, "\(fake.logged)")
        #expect(fake.lines(of: "asked").count == 1)
        // Nothing is tried again before the back-off's first second.
        fake.loop.advance(by: .milliseconds(900))
        for _ in 0..<4 { fake.loop.turn(maximumWait: 0.05) }
        #expect(fake.lines(of: "asked").count == 1)
        fake.loop.advance(by: .milliseconds(100))
        #expect(
            fake.spin { fake.logged.contains { $0.contains("\(fake.sink) made the output, 1 streams moved") && !$0.contains("refused") } },
            "\(fake.logged)")
        #expect(fake.lines(of: "asked").count == 2)
        #expect(fake.lines(of: "moved").contains("7 \(fake.sink)"), "\(fake.lines(of: "moved"))")
    }

    /// On PipeWire only the default sink is set: WirePlumber moves the streams that follow it,
    /// and a `move-sink-input` would pin espeak-ng's streams to the headset's sink by name.
    @Test func onPipeWireTheDefaultIsSetAndNoStreamIsMoved() throws {
        let fake = try FakeServer(serverName: "PulseAudio (on PipeWire 0.3.65)", refusals: 0)
        fake.connect()
        #expect(fake.spin { fake.logged.contains { $0.contains("made the output") } }, "\(fake.logged)")
        #expect(fake.logged.contains("sound: \(fake.sink) made the output, 0 streams moved"), "\(fake.logged)")
        #expect(fake.lines(of: "default") == ["Default Sink: \(fake.sink)"])
        #expect(fake.lines(of: "moved").isEmpty)
    }
}
