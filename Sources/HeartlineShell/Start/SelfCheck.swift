#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineBluetooth
import HeartlineCore

/// The self-check behind `heartline --check` and the "check" command: one sentence for each part
/// a workout needs (speech and sound, Bluetooth, the remembered strap, storage), and whether all
/// is well with it.
///
/// Looking at the system is left to `Probes`, small functions that each answer one question
/// quickly (every socket and child process has a timeout); turning what they found into
/// sentences is pure, so tests can do either without the other.
public struct SelfCheck: Sendable {
    /// Whether speech-dispatcher can be reached.
    public enum SpeechServer: Equatable, Sendable {
        /// Its socket accepts a connection.
        case running
        /// Not running, but installed: Heartline starts it.
        case startsOnDemand
        /// Not installed: Heartline speaks through espeak-ng directly.
        case absent
    }

    /// Where sound goes.
    public enum AudioOutput: Equatable, Sendable {
        /// A sound server's default sink, or an ALSA card, by its description.
        case named(String)
        /// A Bluetooth headset's sink (bluez_output or bluez_sink), by its description.
        case headset(String)
        /// A sound server answers, but did not say where its sound goes.
        case unnamed
        /// No sound server and no sound card, or only PulseAudio's dummy output.
        case none
    }

    public enum Bluetooth: Equatable, Sendable {
        /// The kernel has no Bluetooth (socket() fails with EAFNOSUPPORT).
        case unsupported
        case noAdapter
        /// The adapter is switched off by rfkill.
        case blocked(adapter: String)
        /// The adapter is there but this process lacks CAP_NET_RAW, which a scan needs.
        case noPermission(adapter: String)
        case ready(adapter: String)

        /// Whether a remembered strap could be connected (connecting needs no capability).
        var canConnect: Bool {
            switch self {
            case .noPermission, .ready: true
            case .unsupported, .noAdapter, .blocked: false
            }
        }
    }

    public enum Strap: Equatable, Sendable {
        case none
        /// Another Heartline holds the data directory, so the setting cannot be read.
        case unreadable
        /// Remembered; whether it is in reach was not (or could not be) checked.
        case remembered(String)
        case heard(String)
        case notHeard(String)
    }

    public enum Storage: Equatable, Sendable {
        case writable(free: UInt64)
        /// Writable, and another Heartline is using the directory.
        case inUse(free: UInt64)
        case readOnly
    }

    /// One part's sentence, and whether all is well with that part.
    public struct Finding: Equatable, Sendable {
        public enum Part: String, CaseIterable, Sendable {
            case speech, bluetooth, strap, storage
        }

        public let part: Part
        public let ok: Bool
        public let sentence: String
    }

    /// Less free space than this is a problem: far more than a year of workouts needs (about
    /// 12 kB an hour), but a full disk also stops SQLite's journal and the system's own logs.
    public static let lowSpace: UInt64 = 64_000_000

    public let words: Words

    public init(words: Words) {
        self.words = words
    }

    /// Every part's finding, in the order they are spoken.
    public func findings(
        speech: SpeechServer, output: AudioOutput, bluetooth: Bluetooth, strap: Strap, storage: Storage, dataDirectory: String
    ) -> [Finding] {
        [
            speechFinding(speech, output: output),
            bluetoothFinding(bluetooth),
            strapFinding(strap, bluetooth: bluetooth),
            storageFinding(storage, dataDirectory: dataDirectory),
        ]
    }

    func speechFinding(_ speech: SpeechServer, output: AudioOutput) -> Finding {
        let name: String
        switch output {
        case .none: return Finding(part: .speech, ok: false, sentence: words(.checkSpeechNoOutput))
        case .unnamed: name = words(.checkOutputServer)
        case .named(let description): name = description
        case .headset(let description): name = words(.checkOutputHeadset, ["name": description])
        }
        let prompt: Prompt =
            switch speech {
            case .running: .checkSpeechRunning
            case .startsOnDemand: .checkSpeechStarts
            case .absent: .checkSpeechDirect
            }
        return Finding(part: .speech, ok: true, sentence: words(prompt, ["output": name]))
    }

    func bluetoothFinding(_ bluetooth: Bluetooth) -> Finding {
        switch bluetooth {
        case .unsupported: Finding(part: .bluetooth, ok: false, sentence: words(.checkBluetoothUnsupported))
        case .noAdapter: Finding(part: .bluetooth, ok: false, sentence: words(.checkBluetoothNoAdapter))
        case .blocked(let adapter): Finding(part: .bluetooth, ok: false, sentence: words(.checkBluetoothBlocked, ["adapter": adapter]))
        case .noPermission(let adapter):
            Finding(part: .bluetooth, ok: false, sentence: words(.checkBluetoothNoPermission, ["adapter": adapter]))
        case .ready(let adapter): Finding(part: .bluetooth, ok: true, sentence: words(.checkBluetoothReady, ["adapter": adapter]))
        }
    }

    func strapFinding(_ strap: Strap, bluetooth: Bluetooth) -> Finding {
        switch strap {
        case .none: Finding(part: .strap, ok: false, sentence: words(.checkStrapNone))
        case .unreadable: Finding(part: .strap, ok: true, sentence: words(.checkStrapUnreadable))
        case .remembered(let name) where !bluetooth.canConnect:
            Finding(part: .strap, ok: false, sentence: words(.checkStrapNoBluetooth, ["strap": name]))
        case .remembered(let name): Finding(part: .strap, ok: true, sentence: words(.checkStrapRemembered, ["strap": name]))
        case .heard(let name): Finding(part: .strap, ok: true, sentence: words(.checkStrapHeard, ["strap": name]))
        case .notHeard(let name): Finding(part: .strap, ok: false, sentence: words(.checkStrapNotHeard, ["strap": name]))
        }
    }

    func storageFinding(_ storage: Storage, dataDirectory: String) -> Finding {
        switch storage {
        case .readOnly:
            return Finding(part: .storage, ok: false, sentence: words(.checkStorageReadOnly, ["path": dataDirectory]))
        case .writable(let free) where free < Self.lowSpace, .inUse(let free) where free < Self.lowSpace:
            return Finding(part: .storage, ok: false, sentence: words(.checkStorageLow, ["free": size(free), "path": dataDirectory]))
        case .writable(let free):
            return Finding(part: .storage, ok: true, sentence: words(.checkStorageOk, ["free": size(free)]))
        case .inUse(let free):
            return Finding(part: .storage, ok: true, sentence: words(.checkStorageInUse, ["free": size(free)]))
        }
    }

    /// Free space in words: whole megabytes under a gigabyte, then gigabytes to one decimal
    /// ("3.4 gigabytes", "3,4 gigabytes" where the language writes a decimal comma), whole past
    /// 100. Decimal units, as disk makers and `df -H` count.
    public func size(_ bytes: UInt64) -> String {
        if bytes < 1_000_000_000 {
            return words(.checkSizeMegabytes, ["count": words.number(Int(bytes / 1_000_000))])
        }
        let tenths = Int((bytes + 50_000_000) / 100_000_000)
        let count = tenths >= 1000 ? words.number(tenths / 10) : words.decimal(Double(tenths) / 10, decimals: 1)
        return words(.checkSizeGigabytes, ["count": count])
    }

    /// How a remembered strap is named in a sentence: its address, or a socket's path.
    public static func strapName(_ target: String) -> String {
        switch SensorTarget(argument: target) {
        case .address(let address): address.string
        case .attSocket(let path): path
        case nil: target
        }
    }
}
