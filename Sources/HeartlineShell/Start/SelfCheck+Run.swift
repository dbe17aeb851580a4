#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineBluetooth
import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import HeartlineStorage

extension SelfCheck {
    /// How long `--check` listens for the remembered strap's advertising.
    static let listenSeconds = 4.0

    /// Runs every probe, and the strap's part from what is remembered, without a Bluetooth scan.
    /// - Parameter engine: the engine speaking now (`SpeechOutput.engineName`): what the speech
    ///   stack found is the best answer about the server; with none, or the transcript, the probe
    ///   answers.
    public func findings(probes: Probes, target: String?, storeInUse: Bool, dataDirectory: String, engine: String? = nil) -> [Finding] {
        let bluetooth = probes.bluetooth()
        let strap: Strap = if let target { Self.strap(target, heard: nil) } else { storeInUse ? .unreadable : .none }
        var storage = probes.storage(dataDirectory)
        if storeInUse, case .writable(let free) = storage { storage = .inUse(free: free) }
        let speech: SpeechServer =
            switch engine {
            case "speech-dispatcher": .running
            case "espeak-ng": .absent
            default: probes.speechServer()
            }
        return findings(
            speech: speech, output: probes.audioOutput(), bluetooth: bluetooth, strap: strap,
            storage: storage, dataDirectory: dataDirectory)
    }

    /// A remembered strap's state; `heard` is what a scan found, nil when there was none. A
    /// socket's strap (`att-socket:PATH`) is heard when its socket is there.
    static func strap(_ target: String, heard: Bool?) -> Strap {
        let name = strapName(target)
        if case .attSocket(let path) = SensorTarget(argument: target) {
            return FileManager.default.fileExists(atPath: path) ? .heard(name) : .notHeard(name)
        }
        switch heard {
        case true?: return .heard(name)
        case false?: return .notHeard(name)
        case nil: return .remembered(name)
        }
    }

    /// `heartline --check`: says (and, when a voice says it, also prints) one sentence per part,
    /// and returns 0 when all is well, 1 otherwise.
    ///
    /// The remembered strap comes from `--sensor` or the store; a store held by a running
    /// Heartline is not waited for. With a usable adapter and the capability to scan, the check
    /// listens a few seconds for the strap's advertising (a strap connected elsewhere is silent).
    public static func runCommand(
        options: Options, environment: [String: String], loop: EventLoop, speaker: Speaker, words: Words, warnings: [Utterance] = [],
        uploadKeyPath: String? = nil, output: (String) -> Void, log: @escaping (String) -> Void
    ) -> Int32 {
        let directory = options.resolvedDataDirectory(environment: environment)
        var remembered: RememberedSensor?
        var headset: RememberedHeadset?
        var inUse = false
        if FileManager.default.fileExists(atPath: directory) {
            do {
                let store = try SQLiteStore(directory: directory)
                let settings = try? store.settings()
                remembered = settings?.strap
                headset = settings?.headset
            } catch .locked {
                inUse = true
            } catch {
                log("check: \(error)")
            }
        }
        let probes = Probes.system(environment: environment, headset: headset)
        let check = SelfCheck(words: words)
        let target = options.sensor ?? remembered?.address
        let engine = (speaker as? any SpeechOutput)?.engineName
        var findings = check.findings(probes: probes, target: target, storeInUse: inUse, dataDirectory: directory, engine: engine)

        let scanner = StrapScanner()
        if let target, case .address(let address) = SensorTarget(argument: target),
            case .ready = probes.bluetooth()
        {
            scanner.scan(on: loop, seconds: listenSeconds) { result in
                var heard: Bool?
                switch result {
                case .success(let straps): heard = straps.contains { $0.address.bytes == address.bytes }
                case .failure(let problem): log("check: scan: \(problem)")
                }
                if let index = findings.firstIndex(where: { $0.part == .strap }) {
                    findings[index] = check.strapFinding(strap(target, heard: heard), bluetooth: probes.bluetooth())
                }
                loop.stop()
            }
            loop.run()
        }

        if let remembered, Self.sameStrap(target, remembered.address) {
            findings = check.withIdentity(findings, manufacturer: remembered.manufacturer, model: remembered.model)
        }
        if case .missing = SystemProbe.userManager(environment: environment) {
            findings.append(Finding(part: .speech, ok: false, sentence: words(.checkUserManagerMissing)))
        }
        if let uploadKeyPath {
            // Upload set up or not is no fault: the exit status stays the other parts'.
            let waiting = FileManager.default.fileExists(atPath: directory) ? try? UploadQueue(directory: directory).count() : 0
            findings.append(Finding(part: .storage, ok: true, sentence: uploadSentence(keyPath: uploadKeyPath, waiting: waiting, words)))
        }
        let utterances = warnings + findings.map { Utterance(.answer, $0.sentence) }
        if engine != nil, engine != "transcript" {
            output(utterances.map(\.text).joined(separator: "\n"))
        }
        speakAndWait(utterances, speaker: speaker, loop: loop)
        return findings.allSatisfy(\.ok) ? 0 : 1
    }

    /// Speaks `utterances` and runs the loop until they are spoken (or 30 seconds pass), so the
    /// process does not exit in the middle of a sentence.
    static func speakAndWait(_ utterances: [Utterance], speaker: Speaker, loop: EventLoop) {
        guard let reporting = speaker as? any ReportsSpeechProgress else {
            speaker.speak(utterances)
            return
        }
        var left = utterances.count
        reporting.onProgress = { progress in
            switch progress.state {
            case .ended, .cut, .dropped:
                left -= 1
                if left <= 0 { loop.stop() }
            case .requested, .began:
                break
            }
        }
        let limit = loop.after(30) { loop.stop() }
        speaker.speak(utterances)
        if left > 0 { loop.run() }
        loop.cancel(limit)
        reporting.onProgress = nil
    }

    /// The "check" command inside the shell: the same sentences as `--check`, without the scan
    /// (which would hold the loop for seconds, and a connected strap is silent anyway).
    public static func command(
        options: Options, environment: [String: String], store: WorkoutStore, words: Words, engine: @escaping () -> String? = { nil }
    ) -> () -> [Utterance] {
        {
            let directory = options.resolvedDataDirectory(environment: environment)
            let settings = try? store.settings()
            let remembered = settings?.strap
            let target = options.sensor ?? remembered?.address
            let check = SelfCheck(words: words)
            var findings = check.findings(
                probes: .system(environment: environment, headset: settings?.headset), target: target, storeInUse: false,
                dataDirectory: directory, engine: engine())
            if let remembered, sameStrap(target, remembered.address) {
                findings = check.withIdentity(findings, manufacturer: remembered.manufacturer, model: remembered.model)
            }
            return findings.map { Utterance(.answer, $0.sentence) }
        }
    }
}

extension SelfCheck {
    /// Whether the strap checked is the remembered one (an address may be given without its kind).
    static func sameStrap(_ target: String?, _ remembered: String?) -> Bool {
        guard let target, let remembered else { return false }
        return SensorTarget(argument: target)?.description == SensorTarget(argument: remembered)?.description
    }

    /// The findings with the strap's maker and model after the strap's own sentence, when known.
    func withIdentity(_ findings: [Finding], manufacturer: String?, model: String?) -> [Finding] {
        guard let sentence = Heartline.identitySentence(words: words, manufacturer: manufacturer, model: model),
            let index = findings.firstIndex(where: { $0.part == .strap })
        else { return findings }
        var findings = findings
        findings.insert(Finding(part: .strap, ok: true, sentence: sentence), at: index + 1)
        return findings
    }
}

/// The speakers that say when each sentence is finished.
protocol ReportsSpeechProgress: AnyObject {
    var onProgress: ((SpeechProgress) -> Void)? { get set }
}

extension SpeechRouter: ReportsSpeechProgress {}
extension SpeechDispatcherSpeaker: ReportsSpeechProgress {}
extension EspeakSpeaker: ReportsSpeechProgress {}

extension SelfCheck {
    /// Whether upload to intervals.icu is set up (a key file only its owner may read), and how
    /// many uploads wait (nil: the queue could not be read).
    static func uploadSentence(keyPath: String, waiting: Int?, _ words: Words) -> String {
        guard UploadKey.check(keyPath) == nil else { return words(.checkUploadOff) }
        guard let waiting else { return words(.checkUploadSetUp) }
        return words(.checkUploadReady, ["count": String(waiting)])
    }
}
