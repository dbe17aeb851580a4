#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineSpeech
import HeartlineTestSupport
import Testing

@Suite(.timed, .tags(.threads)) struct TranscriptSpeakerTests {
    @Test func eachSentenceIsOneLineWithItsKindAndIsReportedSpoken() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let speaker = TranscriptSpeaker(fd: ends[1])
        var states: [SpeechProgress.State] = []
        speaker.onProgress = { states.append($0.state) }
        speaker.speak([Utterance(.event, "Set finished."), Utterance(.answer, "Heart rate, 98 beats per minute.")])
        close(ends[1])
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = read(ends[0], &bytes, bytes.count)
        #expect(
            String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
                == "event: Set finished.\nanswer: Heart rate, 98 beats per minute.\n")
        #expect(states == [.requested, .began, .ended, .requested, .began, .ended])
        #expect(speaker.engineName == "transcript")
    }
}
