#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO

/// Records what PulseAudio plays, as loudness per 10 ms with the time each piece arrived.
///
/// For tests and the benchmark, under contrib/with-audio.sh: `parec` reads the null sink's
/// monitor at 16 kHz mono with a 10 ms latency request (which also lowers the null sink's own
/// latency from its default 2 s). A monitor delivers nothing while the sink is idle, so silence
/// shows as no loud chunk, not as quiet chunks.
public final class AudioRecorder {
    /// 10 ms of audio: its loudest sample and its RMS, both 0...32767.
    public struct Chunk: Sendable {
        public let time: ContinuousClock.Instant
        public let peak: Int
        public let rms: Double
    }

    private final class Storage: Sendable {
        let chunks = Locked<[Chunk]>([])
        /// Broadcast each time a chunk arrives.
        let arrived = NSCondition()
    }

    /// A chunk this loud or louder counts as sound (speech peaks reach thousands).
    public static let soundThreshold = 500

    private let child: ChildProcess
    private let storage: Storage
    private let reader: Thread
    private var stopped = false

    /// Starts recording `source`, and waits `settle` seconds for the stream to connect.
    public init(source: String = "null.monitor", settle: Double = 0.3) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpeechError(engine: "parec", reason: "pipe failed") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[1]) }
        do {
            child = try ChildProcess.spawn(
                "parec", ["-d", source, "--format=s16le", "--rate=16000", "--channels=1", "--latency-msec=10"], output: ends[1])
        } catch {
            close(ends[0])
            throw error
        }
        let fd = ends[0]
        let storage = Storage()
        self.storage = storage
        reader = Thread {
            var samples = [Int16](repeating: 0, count: 160)
            while true {
                let count = samples.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                let frames = samples.prefix(count / 2)
                let peak = frames.map { abs(Int($0)) }.max() ?? 0
                let energy = frames.reduce(0.0) { $0 + Double($1) * Double($1) }
                let chunk = Chunk(time: .now, peak: peak, rms: (energy / Double(max(frames.count, 1))).squareRoot())
                storage.arrived.lock()
                storage.chunks.withLock { $0.append(chunk) }
                storage.arrived.broadcast()
                storage.arrived.unlock()
            }
            close(fd)
            storage.arrived.lock()
            storage.arrived.broadcast()
            storage.arrived.unlock()
        }
        reader.start()
        Thread.sleep(forTimeInterval: settle)
    }

    deinit {
        stop()
    }

    /// Stops parec; what was recorded stays readable.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        child.send(SIGTERM)
        child.wait()
    }

    /// Every chunk that arrived in `start..<end`.
    public func chunks(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant = .now) -> [Chunk] {
        storage.chunks.withLock { chunks in chunks.filter { $0.time >= start && $0.time < end } }
    }

    /// The loudest sample and the RMS over the loud chunks in `start..<end`.
    public func loudness(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant = .now) -> (peak: Int, rms: Double) {
        let loud = chunks(from: start, to: end).filter { $0.peak >= Self.soundThreshold }
        let peak = loud.map(\.peak).max() ?? 0
        let rms = loud.isEmpty ? 0 : (loud.reduce(0.0) { $0 + $1.rms * $1.rms } / Double(loud.count)).squareRoot()
        return (peak, rms)
    }

    /// When sound first arrived at or after `start`.
    public func firstSound(after start: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        chunks(from: start).first { $0.peak >= Self.soundThreshold }?.time
    }

    /// Waits for sound at or after `start`, woken by each chunk that arrives; when it first
    /// arrived, or nil when none did within `timeout` seconds.
    public func waitForSound(after start: ContinuousClock.Instant, timeout: Double) -> ContinuousClock.Instant? {
        let deadline = Date().addingTimeInterval(timeout)
        storage.arrived.lock()
        defer { storage.arrived.unlock() }
        while true {
            if let heard = firstSound(after: start) { return heard }
            if !storage.arrived.wait(until: deadline) { return firstSound(after: start) }
        }
    }

    /// Waits until no sound has arrived for `quiet`, woken by each chunk that arrives; whether
    /// that came within `timeout` seconds.
    public func waitForSilence(lasting quiet: Duration, timeout: Double) -> Bool {
        let began = ContinuousClock.now
        let deadline = began.advanced(by: .milliseconds(Int64(timeout * 1000)))
        storage.arrived.lock()
        defer { storage.arrived.unlock() }
        while true {
            let now = ContinuousClock.now
            // Quiet since the last sound heard from `quiet` before the wait began on.
            let lookedFrom = began - quiet
            let silentAt = (lastSound(after: lookedFrom) ?? lookedFrom) + quiet
            if now >= silentAt { return true }
            if now >= deadline { return false }
            let left = now.duration(to: min(silentAt, deadline))
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            _ = storage.arrived.wait(until: Date().addingTimeInterval(seconds))
        }
    }

    /// When sound last arrived at or after `start`.
    public func lastSound(after start: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        chunks(from: start).last { $0.peak >= Self.soundThreshold }?.time
    }
}
