#if canImport(Glibc)
    import Glibc
#endif
@preconcurrency import CSpeechd
import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineSpeech

/// `heartline-bench speech [--runs N]`: how long from a key press to speech, for answers and
/// events, through Heartline's speaker, a minimal libspeechd client and the spd-say command,
/// side by side in the same run. Run it under contrib/with-audio.sh (it records null.monitor).
enum SpeechBenchmark {
    static let sentence = "Heart rate, 142 beats per minute."

    static func run(_ arguments: [String]) throws {
        var runs = 20
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--runs", index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 {
                runs = value
                index += 2
            } else {
                throw SpeechError(engine: "heartline-bench speech", reason: "usage: heartline-bench speech [--runs N]")
            }
        }
        print(
            """
            speech: \(runs) runs of "\(sentence)" per kind and client, interleaved, after one warm-up round.
            key press = the moment the shell hands the sentence over (before speak / spd_say / spawning spd-say).
            request = spd_say returned (Heartline: its .requested report; spd-say: the command exited).
            BEGIN = speech-dispatcher's BEGIN notification (Heartline: as the loop delivers it).
            audio = the first 10 ms chunk with a sample above \(AudioRecorder.soundThreshold) read from null.monitor by parec (16 kHz, 10 ms latency),
                    so it includes PulseAudio's capture latency. Answers are MESSAGE, events IMPORTANT.
            """)
        signal(SIGPIPE, SIG_IGN)
        let recorder = try AudioRecorder()
        defer { recorder.stop() }
        let loop = try EventLoop()
        let heartline = try SpeechDispatcherSpeaker(loop: loop)
        defer { heartline.close() }
        let direct = try DirectClient()
        defer { direct.close() }

        var samples: [String: [Double]] = [:]
        func add(_ key: String, _ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant?) {
            guard let end else { return }
            let (seconds, attoseconds) = start.duration(to: end).components
            samples[key, default: []].append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        }

        for round in 0...runs {
            let warmUp = round == 0
            for kind in [SpeechKind.answer, .event] {
                // Heartline's speaker.
                var reports: [SpeechProgress] = []
                heartline.onProgress = { reports.append($0) }
                let key = ContinuousClock.now
                heartline.speak([Utterance(kind, sentence)])
                _ = spin(loop, until: { reports.contains { $0.state == .ended } }, timeout: 10)
                let heardHeartline = recorder.firstSound(after: key)
                if !warmUp {
                    add("heartline \(kind) request", key, reports.first { $0.state == .requested }?.time)
                    add("heartline \(kind) BEGIN", key, reports.first { $0.state == .began }?.time)
                    add("heartline \(kind) audio", key, heardHeartline)
                }
                settle(loop, recorder)

                // A minimal libspeechd client.
                let measured = direct.say(sentence, priority: kind == .event ? SPD_IMPORTANT : SPD_MESSAGE)
                let heardDirect = recorder.firstSound(after: measured.key)
                if !warmUp {
                    add("libspeechd \(kind) request", measured.key, measured.returned)
                    add("libspeechd \(kind) BEGIN", measured.key, measured.began)
                    add("libspeechd \(kind) audio", measured.key, heardDirect)
                }
                settle(loop, recorder)

                // The spd-say command.
                let spawned = ContinuousClock.now
                let command = try ChildProcess.spawn("spd-say", ["-P", kind == .event ? "important" : "message", sentence])
                command.wait()
                let exited = ContinuousClock.now
                _ = spin(loop, until: { recorder.firstSound(after: spawned) != nil }, timeout: 5)
                let heardCommand = recorder.firstSound(after: spawned)
                if !warmUp {
                    add("spd-say \(kind) request", spawned, exited)
                    add("spd-say \(kind) audio", spawned, heardCommand)
                }
                waitForSilence(loop, recorder, after: spawned)
                settle(loop, recorder)
            }
        }

        print("")
        print("client      kind    key→request ms       key→BEGIN ms         key→audio ms")
        print("                    median    p90        median    p90        median    p90")
        for client in ["heartline", "libspeechd", "spd-say"] {
            for kind in ["answer", "event"] {
                let columns = ["request", "BEGIN", "audio"].map { stage -> String in
                    guard let values = samples["\(client) \(kind) \(stage)"], !values.isEmpty else { return "    -        -     " }
                    return String(format: "%8.1f %8.1f  ", percentile(values, 0.5), percentile(values, 0.9))
                }
                let name = client.padding(toLength: 12, withPad: " ", startingAt: 0)
                let kindName = kind.padding(toLength: 7, withPad: " ", startingAt: 0)
                print("\(name)\(kindName)\(columns.joined(separator: " "))")
            }
        }
        let missing = samples.filter { $0.value.count < runs }.map { "\($0.key): \($0.value.count)/\(runs)" }.sorted()
        if !missing.isEmpty {
            print("incomplete (no BEGIN or no audio seen): \(missing.joined(separator: ", "))")
        }
    }

    /// Nearest-rank percentile.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        let rank = max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)
        return sorted[min(rank, sorted.count - 1)]
    }

    static func spin(_ loop: EventLoop, until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(timeout * 1000)))
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            loop.turn(maximumWait: 0.01)
        }
        return true
    }

    /// Waits until nothing has been heard for 300 ms (spd-say gives no END).
    static func waitForSilence(_ loop: EventLoop, _ recorder: AudioRecorder, after start: ContinuousClock.Instant) {
        _ = spin(
            loop,
            until: {
                guard let last = recorder.lastSound(after: start) else { return true }
                return last.duration(to: .now) > .milliseconds(300)
            }, timeout: 8)
    }

    /// A pause between measurements, so one never overlaps the next.
    static func settle(_ loop: EventLoop, _ recorder: AudioRecorder) {
        waitForSilence(loop, recorder, after: ContinuousClock.now.advanced(by: .seconds(-1)))
        _ = spin(loop, until: { false }, timeout: 0.2)
    }
}

/// The smallest libspeechd client that can time a sentence: one threaded connection, BEGIN
/// and END callbacks that only write down the time.
private final class DirectClient {
    struct Measurement {
        let key: ContinuousClock.Instant
        let returned: ContinuousClock.Instant
        let began: ContinuousClock.Instant?
    }

    private let connection: UnsafeMutablePointer<SPDConnection>

    init() throws {
        var error: UnsafeMutablePointer<CChar>?
        guard let connection = spd_open2("heartline-bench", "direct", nil, SPD_MODE_THREADED, nil, 1, &error) else {
            let reason = error.map { String(cString: $0) } ?? "spd_open2 failed"
            free(error)
            throw SpeechError(engine: "libspeechd", reason: reason)
        }
        free(error)
        self.connection = connection
        connection.pointee.callback_begin = directNotification
        connection.pointee.callback_end = directNotification
        connection.pointee.callback_cancel = directNotification
        for notification in [SPD_BEGIN, SPD_END, SPD_CANCEL] {
            spd_set_notification_on(connection, notification)
        }
    }

    func say(_ text: String, priority: SPDPriority) -> Measurement {
        DirectTimes.table.withLock { $0 = [:] }
        let key = ContinuousClock.now
        let id = Int(spd_say(connection, priority, text))
        let returned = ContinuousClock.now
        // Wait (off any loop: this client has none) for END or CANCEL.
        let deadline = returned.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline, DirectTimes.table.withLock({ $0[id]?.finished == nil }) {
            usleep(2_000)
        }
        let began = DirectTimes.table.withLock { $0[id]?.began }
        return Measurement(key: key, returned: returned, began: began)
    }

    func close() {
        spd_close(connection)
    }
}

private enum DirectTimes {
    struct Times: Sendable {
        var began: ContinuousClock.Instant?
        var finished: ContinuousClock.Instant?
    }
    static let table = Locked<[Int: Times]>([:])
}

private func directNotification(_ messageID: Int, _ clientID: Int, _ state: SPDNotificationType) {
    let now = ContinuousClock.now
    DirectTimes.table.withLock { table in
        if state == SPD_EVENT_BEGIN {
            table[messageID, default: DirectTimes.Times()].began = now
        } else {
            table[messageID, default: DirectTimes.Times()].finished = now
        }
    }
}
