import HeartlineCore
@testable import HeartlineSpeech
import HeartlineTestSupport
import Testing

/// An engine that records what it is asked and reports only when the test says so.
final class FakeEngine: SpeechEngine {
    let name: String
    var isReady = true
    var report: ((EngineEvent) -> Void)?
    var refuses = false
    private(set) var said: [SpeechSchedule.Item] = []
    private(set) var stopped: [String] = []
    private(set) var recoveries = 0
    private(set) var applied: [SpeechSettings] = []

    init(_ name: String) {
        self.name = name
    }

    func speak(_ item: SpeechSchedule.Item) -> Bool {
        guard isReady, !refuses else {
            isReady = false
            return false
        }
        said.append(item)
        return true
    }

    func stop(_ item: SpeechSchedule.Item) { stopped.append(item.utterance.text) }
    func apply(_ settings: SpeechSettings) { applied.append(settings) }
    func offer(_ answer: @escaping (SpeechOffer) -> Void) { answer(SpeechOffer()) }
    func recover() { recoveries += 1 }
    func close() {}

    /// The last sentence handed over begins and ends.
    func finishLast() {
        guard let item = said.last else { return }
        report?(.began(item.id))
        report?(.ended(item.id))
    }

    func beginLast() {
        guard let item = said.last else { return }
        report?(.began(item.id))
    }

    func lose() {
        isReady = false
        report?(.lost("gone"))
    }

    func comeBack() {
        isReady = true
        report?(.available)
    }

    var texts: [String] { said.map(\.utterance.text) }
}

@Suite(.timed, .tags(.threads)) struct SpeechDriverTests {
    let server = FakeEngine("speech-dispatcher")
    let direct = FakeEngine("espeak-ng")
    let driver: SpeechDriver
    let lost = "Speech server lost, speaking directly."
    let back = "Speech server back."

    init() {
        driver = SpeechDriver(
            engines: [server, direct], settings: SpeechSettings(), announcements: .init(lost: lost, back: back), log: { _ in })
    }

    @Test func aLostServerHandsOverOnceWithAnAnnouncementAndTheCutAnswer() {
        driver.speak([Utterance(.answer, "Heart rate, 142 beats per minute.")])
        server.beginLast()
        server.lose()
        #expect(driver.activeEngine?.name == "espeak-ng")
        #expect(direct.texts == [lost])
        direct.finishLast()
        #expect(direct.texts == [lost, "Heart rate, 142 beats per minute."])
        #expect(server.recoveries == 1)
    }

    @Test func theServerComesBackBetweenSentencesAndSaysSoOnce() {
        driver.speak([Utterance(.answer, "Time elapsed, 12 seconds.")])
        server.beginLast()
        server.lose()
        direct.finishLast()
        driver.speak([Utterance(.answer, "Heart rate, 98 beats per minute.")])
        server.comeBack()
        // espeak-ng is in the middle of a sentence: the switch waits for its end.
        #expect(driver.activeEngine?.name == "espeak-ng")
        direct.finishLast()
        #expect(driver.activeEngine?.name == "speech-dispatcher")
        #expect(server.texts.suffix(1) == [back])
        server.finishLast()
        #expect(server.texts.suffix(2) == [back, "Heart rate, 98 beats per minute."])
        #expect(direct.texts.filter { $0 == lost }.count == 1)
    }

    @Test func aServerLostBeforeItEverSpokeHandsOverSilently() {
        server.lose()
        #expect(driver.activeEngine?.name == "espeak-ng")
        driver.speak([Utterance(.answer, "Workout saved.")])
        #expect(direct.texts == ["Workout saved."])
        direct.finishLast()
        server.comeBack()
        driver.speak([Utterance(.answer, "Workout deleted.")])
        #expect(server.texts == ["Workout deleted."])
    }

    @Test func aRefusedRequestCountsAsALoss() {
        server.refuses = true
        driver.speak([Utterance(.event, "Set finished.")])
        #expect(driver.activeEngine?.name == "espeak-ng")
        #expect(direct.texts == ["Set finished."])
    }

    @Test func withNoEngineEventsWaitAndUISpeechIsDropped() {
        var reports: [SpeechProgress] = []
        driver.onProgress = { reports.append($0) }
        direct.isReady = false
        server.lose()
        #expect(driver.activeEngine == nil)
        driver.speak([Utterance(.answer, "Heart rate, 98 beats per minute."), Utterance(.event, "Set finished.")])
        #expect(reports.map(\.state) == [.dropped])
        server.comeBack()
        #expect(server.texts == ["Set finished."])
    }

    @Test func settingsReachEveryEngine() {
        driver.apply(SpeechSettings(rate: 300))
        #expect(server.applied.last?.rate == 100)
        #expect(direct.applied.last?.rate == 100)
    }
}
