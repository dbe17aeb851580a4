#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineSpeech
import HeartlineTestSupport
import Testing

extension AudioTests {
    /// The built binary during a workout, its speech-dispatcher stopped (SIGSTOP) or killed: a key
    /// is still heard within 3 seconds (recorded from the null sink), samples are still
    /// committed, and the server is used again once it answers.
    @Suite struct BinaryServerLossTests {
        static var binary: String {
            let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            return tests.deletingLastPathComponent().appendingPathComponent("heartline").path
        }

        /// Heartline in script mode on real time, fed one line at a time.
        final class Run {
            let process = Process()
            let input = Pipe()
            /// Signalled when the process has ended.
            let exited = DispatchSemaphore(value: 0)
            let directory = NSTemporaryDirectory() + "heartline-loss-\(UUID().uuidString)"
            var log: String { (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? "" }

            init() throws {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                process.executableURL = URL(fileURLWithPath: BinaryServerLossTests.binary)
                process.arguments = [
                    "--simulate-unless-paired", "--speech", "auto", "--data-dir", directory + "/data", "--log", directory + "/log",
                ]
                process.standardInput = input
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                process.terminationHandler = { [exited] _ in exited.signal() }
                try process.run()
            }

            deinit {
                if process.isRunning { process.terminate() }
                try? FileManager.default.removeItem(atPath: directory)
            }

            func type(_ line: String) {
                input.fileHandleForWriting.write(Data((line + "\n").utf8))
            }

            func waitForLog(_ text: String, timeout: Double) -> Bool {
                FileWatch.wait(for: text, inFile: directory + "/log", timeout: timeout)
            }

            /// Ends input and waits for the process; its exit status.
            func finish() -> Int32? {
                try? input.fileHandleForWriting.close()
                guard exited.wait(timeout: .now() + 20) == .success else { return nil }
                process.waitUntilExit()
                return process.terminationStatus
            }

            /// How many samples the saved workout has, from a CSV export.
            func samples() throws -> Int {
                let export = Process()
                export.executableURL = URL(fileURLWithPath: BinaryServerLossTests.binary)
                export.arguments = [
                    "export", "--format", "csv", "--id", "1", "--output", directory + "/out", "--data-dir", directory + "/data",
                ]
                let output = Pipe()
                export.standardOutput = output
                try export.run()
                export.waitUntilExit()
                let path = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                let text = try String(contentsOfFile: path, encoding: .utf8)
                return text.split(separator: "\n").count - 1
            }
        }

        /// speech-dispatcher wedged (it and its output modules stopped) while it speaks a long
        /// answer: the next key is still heard, through espeak-ng, the loss is logged, and SIGTERM
        /// still ends Heartline within its bound.
        @Test func aKeyIsHeardWhenTheServerIsWedgedMidSentence() throws {
            try AudioEnvironment.require()
            let recorder = try AudioRecorder()
            defer { recorder.stop() }
            let run = try Run()
            // An earlier test of the suite may have killed the server: Heartline then starts one
            // and connects on a later probe, which a loaded machine has taken over 10 s to reach.
            #expect(run.waitForLog("speech: speech-dispatcher, with espeak-ng", timeout: 30), "\(run.log)")
            // The home screen's help: several sentences, seconds of speech.
            let asked = ContinuousClock.now
            run.type("help")
            try #require(recorder.waitForSound(after: asked, timeout: 10) != nil, "the help was never heard\n\(run.log)")
            let wedged = AudioEnvironment.speechDispatcherAndModules()
            try #require(wedged.count >= 2, "no output module under speech-dispatcher: \(wedged)")
            for pid in wedged { kill(pid, SIGSTOP) }
            defer { for pid in wedged { kill(pid, SIGCONT) } }
            // What was already handed to the sound server plays out; the loss is noticed, said,
            // and the help goes on through espeak-ng from the sentence that was cut (several
            // seconds of speech, more on a loaded machine). The key comes in the silence after
            // it, so that what sounds after the key is its answer.
            #expect(recorder.waitForSilence(lasting: .milliseconds(700), timeout: 30), "the help still sounds")
            let pressed = ContinuousClock.now
            run.type("where")
            Self.expectHeardThroughEspeak(recorder, pressed: pressed, run)
            // SIGTERM while the server is still wedged ends Heartline within the 3 seconds its last
            // words are given.
            let terminated = ContinuousClock.now
            #expect(kill(run.process.processIdentifier, SIGTERM) == 0)
            #expect(run.exited.wait(timeout: .now() + 10) == .success, "still running 10 s after SIGTERM\n\(run.log)")
            #expect(terminated.duration(to: .now) < .seconds(5), "ended \(terminated.duration(to: .now)) after SIGTERM\n\(run.log)")
            run.process.waitUntilExit()
            #expect(run.process.terminationStatus == 0, "\(run.log)")
        }

        /// A key pressed at `pressed` while the server is away is heard within 3 seconds, and the
        /// log says espeak-ng speaks.
        static func expectHeardThroughEspeak(_ recorder: AudioRecorder, pressed: ContinuousClock.Instant, _ run: Run) {
            let heard = recorder.waitForSound(after: pressed, timeout: 12)
            #expect(
                heard.map { pressed.duration(to: $0) < .seconds(3) } == true,
                "heard at \(String(describing: heard.map { pressed.duration(to: $0) }))\n\(run.log)")
            #expect(run.waitForLog("speech: speaking through espeak-ng", timeout: 5), "\(run.log)")
        }

        @Test(arguments: [SIGSTOP, SIGKILL])
        func aKeyIsHeardAndSamplesKeptWhileTheServerIsAway(signal: Int32) throws {
            try AudioEnvironment.require()
            let recorder = try AudioRecorder()
            defer { recorder.stop() }
            let run = try Run()
            run.type("configure")
            run.type("next")
            run.type("start workout")
            let started = Date()
            // As above: the server may be started afresh by Heartline.
            #expect(run.waitForLog("speech: speech-dispatcher, with espeak-ng", timeout: 30), "\(run.log)")
            // Real time: the workout's first seconds are spoken and recorded with the server there.
            usleep(2_500_000)
            let pid = try #require(AudioEnvironment.speechDispatcherPID(), "no speech-dispatcher pid file")
            #expect(kill(pid, signal) == 0)
            defer { if signal == SIGSTOP { kill(pid, SIGCONT) } }
            // Real time: the server has been away for a second when the key is pressed.
            usleep(1_000_000)

            // A key while the server is away: heard within 3 seconds, through espeak-ng.
            let pressed = ContinuousClock.now
            run.type("heart rate")
            Self.expectHeardThroughEspeak(recorder, pressed: pressed, run)

            // The server answers again (continued, or started afresh by Heartline) and is used.
            if signal == SIGSTOP { kill(pid, SIGCONT) }
            #expect(run.waitForLog("speech: speaking through speech-dispatcher", timeout: 20), "\(run.log)")
            let again = ContinuousClock.now
            run.type("time")
            #expect(recorder.waitForSound(after: again, timeout: 10) != nil, "\(run.log)")

            run.type("end")
            run.type("yes")
            run.type("save")
            let elapsed = Date().timeIntervalSince(started)
            #expect(run.finish() == 0)
            // One sample a second for the whole workout, the seconds without a server included.
            let samples = try run.samples()
            #expect(Double(samples) >= elapsed - 3 && Double(samples) <= elapsed + 1, "\(samples) samples in \(elapsed) s")
        }
    }
}
