#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineSpeech

/// The sound server as the headset needs it: PulseAudio, or PipeWire through pipewire-pulse,
/// both reached with `pactl`.
///
/// When the kept headset is connected and the sound server has its sink (PipeWire's
/// `bluez_output.AA_BB_…`, PulseAudio's `bluez_sink.AA_BB_…`), that sink is made the default
/// and, on PulseAudio, the streams already playing (speech-dispatcher's, espeak-ng's) are moved
/// to it; on PipeWire, WirePlumber moves them with the default, and a move of Heartline's own
/// would pin espeak-ng's streams to that sink for good. A long-running
/// `pactl subscribe` tells when sinks come and go; its lines are read on the loop from a
/// non-blocking pipe, and every other `pactl` runs on a thread of its own. The headset's sink
/// going while the headset is connected is told as the headset going, and its return as the
/// headset back. A `pactl subscribe` that ends (the sound server restarted or is not running)
/// is started again after a back-off; without `pactl` nothing is tried. A listing or a move that
/// fails while the headset is connected (at boot, when everything starts at once, `pactl` can
/// outwait its bound) is tried again after a back-off of its own, until it works.
final class SoundServerLink {
    /// The sound server's sinks and streams, as `pactl` listed them.
    struct Listing: Sendable {
        var sinks: [(index: Int, name: String)] = []
        var defaultSink: String?
        /// Each playing stream's index and the index of the sink it plays to.
        var streams: [(index: Int, sink: Int)] = []
        /// The server is PipeWire's pulse server ("PulseAudio (on PipeWire 0.3.65)").
        var onPipeWire = false
    }

    private let loop: EventLoop
    private let environment: [String: String]
    private let log: (String) -> Void
    /// Told when the kept headset's sink went while the headset was connected (false), and when
    /// it came back (true).
    private let sinkPresence: (_ address: String, _ present: Bool) -> Void

    private var headset: String?
    /// The headsets bluetoothd calls connected; the kept one may be told after it connected.
    private var connectedHeadsets: Set<String> = []
    private var connected: Bool { headset.map(connectedHeadsets.contains) ?? false }
    /// The headset's sink was there at the last listing.
    private var sinkSeen = false
    /// Its going was told and its return is not yet.
    private var toldGone = false
    /// The headset's sink is to be made the output at the next listing that has it.
    private var wantOutput = false
    private var listing = false
    private var listAgain = false

    private var child: ChildProcess?
    private var pipe: Int32 = -1
    private var watch: EventLoop.Token?
    private var partial: [UInt8] = []
    private var started = ContinuousClock.now
    private var restartTimer: EventLoop.Token?
    private var starting = false
    private var saidNoPactl = false
    /// How long each `pactl` may take: off the loop, and at boot, when everything starts at once,
    /// it can take seconds.
    static let pactlWait = 5.0
    /// The waits before `pactl subscribe` is started again, the last one repeated.
    private var restarts = ReconnectBackoff(delays: [1, 2, 4, 8, 15, 30])
    /// The waits before a failed listing or move is tried again, the last one repeated.
    private var retries = ReconnectBackoff(delays: [1, 2, 4, 8, 15, 30])
    private var retryTimer: EventLoop.Token?
    private var retryOutput = false

    init(
        loop: EventLoop, environment: [String: String], log: @escaping (String) -> Void,
        sinkPresence: @escaping (_ address: String, _ present: Bool) -> Void
    ) {
        self.loop = loop
        self.environment = environment
        self.log = log
        self.sinkPresence = sinkPresence
    }

    /// The headset kept connected, or none: with none, the sound server is left alone.
    func keep(_ address: String?) {
        guard address != headset else { return }
        headset = address
        sinkSeen = false
        toldGone = false
        wantOutput = connected
        if address == nil {
            stopWatching()
            stopRetrying()
        } else {
            startWatching()
            refresh()
        }
    }

    /// What bluetoothd says of a headset's connection.
    func headsetConnection(_ address: String, connected: Bool) {
        if connected { connectedHeadsets.insert(address) } else { connectedHeadsets.remove(address) }
        guard address == headset else { return }
        toldGone = false
        wantOutput = connected
        if connected { refresh() }
    }

    /// Stops the subscription child; at exit.
    func finish() {
        headset = nil
        stopWatching()
        stopRetrying()
    }

    // MARK: - Listing and moving

    /// Lists the sound server's sinks and streams off the loop, then acts on what changed.
    private func refresh() {
        guard headset != nil else { return }
        guard !listing else {
            listAgain = true
            return
        }
        listing = true
        let environment = environment
        loop.inBackground(
            "heartline.sound-list", { Self.list(environment: environment) },
            then: { [weak self] listing in
                guard let self else { return }
                self.listing = false
                if let listing {
                    self.listed(listing)
                } else if self.connected {
                    self.retryLater()
                }
                if self.listAgain {
                    self.listAgain = false
                    self.refresh()
                }
            })
    }

    private func listed(_ listing: Listing) {
        guard let headset else { return }
        let sink = Self.headsetSink(address: headset, in: listing.sinks.map(\.name))
        let wasSeen = sinkSeen
        sinkSeen = sink != nil
        guard connected else { return }
        if let sink {
            let index = listing.sinks.first { $0.name == sink }?.index
            // On PipeWire, WirePlumber moves the streams that follow the default sink, and a
            // stream moved by name is pinned there by its application's name (restore-stream),
            // for every later stream of it too: only the default is set.
            let misplaced = listing.onPipeWire ? [] : listing.streams.filter { $0.sink != index }.map(\.index)
            if wantOutput || !wasSeen {
                wantOutput = false
                makeOutput(sink, moving: misplaced, isDefault: listing.defaultSink == sink)
            }
            if toldGone {
                toldGone = false
                log("sound: the headset's sink \(sink) is back")
                sinkPresence(headset, true)
            }
        } else if wasSeen, !toldGone {
            toldGone = true
            log("sound: the headset's sink went while the headset was connected")
            sinkPresence(headset, false)
        }
    }

    private func makeOutput(_ sink: String, moving streams: [Int], isDefault: Bool) {
        guard !isDefault || !streams.isEmpty else { return }
        let environment = environment
        loop.inBackground(
            "heartline.sound-output",
            { () -> Bool in
                guard let pactl = SystemProbe.findProgram("pactl", environment: environment) else { return false }
                var worked =
                    isDefault
                    || SystemProbe.run(pactl, ["set-default-sink", sink], environment: environment, waiting: Self.pactlWait) != nil
                for stream in streams {
                    worked =
                        SystemProbe.run(
                            pactl, ["move-sink-input", String(stream), sink], environment: environment, waiting: Self.pactlWait) != nil
                        && worked
                }
                return worked
            },
            then: { [weak self] worked in
                guard let self else { return }
                self.log("sound: \(sink) made the output, \(streams.count) streams moved\(worked ? "" : "; pactl refused some of it")")
                if worked {
                    self.retries.reset()
                } else {
                    self.retryLater(output: true)
                }
            })
    }

    /// Lists again after the next wait of the back-off, once; with `output`, the headset's sink is
    /// made the output again at that listing (and not at one already under way).
    private func retryLater(output: Bool = false) {
        guard headset != nil else { return }
        retryOutput = retryOutput || output
        guard retryTimer == nil else { return }
        retryTimer = loop.after(retries.nextDelay()) { [weak self] in
            guard let self else { return }
            self.retryTimer = nil
            if self.retryOutput { self.wantOutput = true }
            self.retryOutput = false
            self.refresh()
        }
    }

    /// The sound server's sinks, default sink and streams, or nil when it does not answer (it
    /// is not running, or `pactl` is not installed). The socket is tried first: `pactl` would
    /// start a sound server of its own.
    static func list(environment: [String: String]) -> Listing? {
        guard SystemProbe.pulseReachable(environment: environment),
            let pactl = SystemProbe.findProgram("pactl", environment: environment),
            let sinks = SystemProbe.run(pactl, ["list", "short", "sinks"], environment: environment, waiting: pactlWait),
            let info = SystemProbe.run(pactl, ["info"], environment: environment, waiting: pactlWait),
            let streams = SystemProbe.run(pactl, ["list", "short", "sink-inputs"], environment: environment, waiting: pactlWait)
        else { return nil }
        return Listing(
            sinks: columns(sinks).compactMap { fields in Int(fields[0]).map { ($0, fields[1]) } },
            defaultSink: SystemProbe.field("Default Sink", in: info),
            streams: columns(streams).compactMap { fields in Int(fields[0]).flatMap { index in Int(fields[1]).map { (index, $0) } } },
            onPipeWire: SystemProbe.field("Server Name", in: info)?.contains("PipeWire") == true)
    }

    /// The tab-separated lines of `pactl list short`, those with at least two fields.
    static func columns(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.count >= 2 }
    }

    /// The sink of the headset at `address` ("AA:BB:CC:DD:EE:01"): PipeWire names it
    /// `bluez_output.AA_BB_CC_DD_EE_01.1` (or `.a2dp-sink`), PulseAudio
    /// `bluez_sink.AA_BB_CC_DD_EE_01.a2dp_sink`.
    static func headsetSink(address: String, in sinks: [String]) -> String? {
        let wanted = address.uppercased().replacingOccurrences(of: ":", with: "_")
        return sinks.first { sink in
            for prefix in ["bluez_output.", "bluez_sink."] where sink.hasPrefix(prefix) {
                let rest = sink.dropFirst(prefix.count).uppercased()
                if rest == wanted || rest.hasPrefix(wanted + ".") { return true }
            }
            return false
        }
    }

    // MARK: - The sound server's events

    /// What there is to watch: a sound server and the pactl to ask it with, or what is missing.
    private enum Watchable: Sendable {
        case server(pactl: String)
        case noServer
        case noPactl
    }

    private func startWatching() {
        guard child == nil, !starting, restartTimer == nil, headset != nil else { return }
        starting = true
        let environment = environment
        loop.inBackground(
            "heartline.sound-events",
            { () -> Watchable in
                guard let pactl = SystemProbe.findProgram("pactl", environment: environment) else { return .noPactl }
                return SystemProbe.pulseReachable(environment: environment) ? .server(pactl: pactl) : .noServer
            },
            then: { [weak self] found in
                guard let self else { return }
                self.starting = false
                guard self.headset != nil, self.child == nil else { return }
                switch found {
                case .noPactl:
                    // Without pactl there is nothing to watch; `check` says so.
                    if !self.saidNoPactl { self.log("sound: pactl is not installed; the sound server is not watched") }
                    self.saidNoPactl = true
                case .noServer:
                    self.log("sound: the sound server does not answer")
                    self.scheduleRestart()
                case .server(let pactl):
                    self.spawn(pactl)
                }
            })
    }

    private func spawn(_ pactl: String) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else {
            log("sound: no pipe for pactl subscribe: \(String(cString: strerror(errno)))")
            return scheduleRestart()
        }
        defer { close(ends[1]) }
        // Neither end goes to any other child; the write end becomes pactl's standard output.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        do {
            // The run's environment names the sound server, as it does for the listings.
            child = try ChildProcess.spawn(pactl, ["subscribe"], output: ends[1], environment: environment.merging(["LC_ALL": "C"]) { $1 })
        } catch {
            close(ends[0])
            log("sound: pactl subscribe did not start: \(error)")
            return scheduleRestart()
        }
        pipe = ends[0]
        _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) | O_NONBLOCK)
        started = .now
        partial = []
        watch = loop.watch(pipe) { [weak self] in self?.readable() }
        log("sound: the sound server is watched (pactl subscribe, process \(child?.pid ?? 0))")
        // What happened while nothing watched.
        refresh()
    }

    private func readable() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipe, $0.baseAddress, $0.count) }
            if count > 0 {
                partial += buffer[0..<count]
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
            // The end of its output: pactl ended, or the sound server went.
            let lived = started.duration(to: .now)
            stopWatching()
            log("sound: pactl subscribe ended after \(plainSeconds(lived.seconds)) seconds")
            if lived > .seconds(30) { restarts.reset() }
            scheduleRestart()
            return
        }
        var changed = false
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: partial[..<newline], as: UTF8.self)
            partial.removeSubrange(...newline)
            if Self.concernsSinks(line) { changed = true }
        }
        // No line of pactl's is this long; what is not one is dropped.
        if partial.count > 65536 { partial = [] }
        if changed { refresh() }
    }

    /// Whether a line of `pactl subscribe` (in the C locale) tells of a sink that came or went:
    /// "Event 'remove' on sink #5". A sink's changes (each stream starting and ending changes
    /// its state) need no listing.
    static func concernsSinks(_ line: String) -> Bool {
        (line.contains("'new' on sink #") || line.contains("'remove' on sink #"))
    }

    private func scheduleRestart() {
        guard headset != nil, restartTimer == nil else { return }
        let delay = restarts.nextDelay()
        restartTimer = loop.after(delay) { [weak self] in
            self?.restartTimer = nil
            self?.startWatching()
        }
    }

    /// Drops a pending retry: there is no headset to make the output any more.
    private func stopRetrying() {
        if let retryTimer { loop.cancel(retryTimer) }
        retryTimer = nil
        retryOutput = false
        retries.reset()
    }

    private func stopWatching() {
        if let restartTimer { loop.cancel(restartTimer) }
        restartTimer = nil
        if let watch { loop.cancel(watch) }
        watch = nil
        if pipe >= 0 { close(pipe) }
        pipe = -1
        if let child {
            // SIGKILL: the shell's blocked signals are inherited; it has ended, or ends at once.
            child.send(SIGKILL)
            child.wait()
        }
        child = nil
    }
}
