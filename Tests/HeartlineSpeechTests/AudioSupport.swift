#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import Testing

/// Where the audio tests run: under contrib/with-audio.sh, a private PulseAudio with a null sink.
enum AudioEnvironment {
    static let environment = ProcessInfo.processInfo.environment

    /// CI must run the audio tests; a missing PulseAudio there is a failure, not a skip.
    static var isCI: Bool { environment["CI"] == "true" }

    /// A PulseAudio socket is there (contrib/with-audio.sh sets PULSE_RUNTIME_PATH).
    static var pulseReachable: Bool {
        let directory = environment["PULSE_RUNTIME_PATH"] ?? environment["XDG_RUNTIME_DIR"].map { $0 + "/pulse" }
        guard let directory else { return false }
        return FileManager.default.fileExists(atPath: directory + "/native")
    }

    /// Whether to run the audio suites at all: always on CI, locally only with PulseAudio.
    static var enabled: Bool { isCI || pulseReachable }

    /// Fails the test (on CI) when there is no PulseAudio to record from.
    static func require() throws {
        try #require(pulseReachable, "the speech tests need contrib/with-audio.sh (a private PulseAudio with a null sink)")
    }

    /// The running speech-dispatcher's process id, from its pid file.
    static func speechDispatcherPID() -> pid_t? {
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return nil }
        let path = runtime + "/speech-dispatcher/pid/speech-dispatcher.pid"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            kill(pid, 0) == 0
        else { return nil }
        return pid
    }

    /// speech-dispatcher and its output modules (which play the sound, and outlive a stopped
    /// server's sentence), for a wedge of the whole server: the modules are told from other
    /// runs' by the runtime folder in their environment.
    static func speechDispatcherAndModules() -> [pid_t] {
        guard let server = speechDispatcherPID(), let runtime = environment["XDG_RUNTIME_DIR"] else { return [] }
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let modules = processes.compactMap(pid_t.init).filter { pid in
            let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
            guard program.hasPrefix("/usr/lib/speech-dispatcher-modules/") else { return false }
            let environ = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
            return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "XDG_RUNTIME_DIR=" + runtime }
        }
        return [server] + modules
    }

    /// A quick rate for the tests' sentences, so the suite stays short.
    static let settings = SpeechSettings(rate: 40)
}

/// Every progress report a speaker made, in order.
final class ProgressLog {
    private(set) var entries: [SpeechProgress] = []

    func record(_ progress: SpeechProgress) {
        entries.append(progress)
    }

    /// The states `text` went through.
    func states(of text: String) -> [SpeechProgress.State] {
        entries.filter { $0.utterance.text == text }.map(\.state)
    }

    func first(_ state: SpeechProgress.State, of text: String) -> SpeechProgress? {
        entries.first { $0.utterance.text == text && $0.state == state }
    }

    func last(_ state: SpeechProgress.State, of text: String) -> SpeechProgress? {
        entries.last { $0.utterance.text == text && $0.state == state }
    }

    func count(_ state: SpeechProgress.State, of text: String) -> Int {
        entries.filter { $0.utterance.text == text && $0.state == state }.count
    }

    /// Texts in the order they ended.
    var endedTexts: [String] { entries.filter { $0.state == .ended }.map(\.utterance.text) }

    var transcript: String { entries.map(\.description).joined(separator: "\n") }
}

extension EventLoop {
    /// Turns the loop until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    func spin(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(timeout * 1000)))
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            turn(maximumWait: 0.02)
        }
        return true
    }

    /// Turns the loop for `seconds`.
    func spin(for seconds: Double) {
        spin(until: { false }, timeout: seconds)
    }
}

/// The speech catalogue from the source tree.
enum SpeechCatalogue {
    static let shared: PromptCatalogue = {
        var catalogue = PromptCatalogue()
        try? catalogue.add(String(contentsOfFile: SpeechPromptsTests.file, encoding: .utf8), source: "speech.prompts")
        return catalogue
    }()
}

/// Sentences long enough to be interrupted half-way.
enum Sentences {
    static let answer = "Heart rate, 142 beats per minute."
    static let longReadout =
        "Time elapsed, 45 minutes and 31 seconds. Heart rate, 142 beats per minute, in the target zone, with an average of 138 beats per minute over the whole workout so far."
    static let event = "Heart rate sensor disconnected."
    static let longEvent = "Strap contact lost. The workout is paused until the strap touches the skin again."
}
