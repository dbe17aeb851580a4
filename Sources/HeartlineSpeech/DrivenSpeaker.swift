import HeartlineCore

/// A speaker whose work is all done by a `SpeechDriver`: the engines behind it differ, the kind
/// rules and the queue do not.
public class DrivenSpeaker: SpeechOutput {
    let driver: SpeechDriver

    init(driver: SpeechDriver) {
        self.driver = driver
    }

    deinit {
        driver.close()
    }

    /// Called on the loop's thread for every sentence's progress.
    public var onProgress: ((SpeechProgress) -> Void)? {
        get { driver.onProgress }
        set { driver.onProgress = newValue }
    }

    public var engineName: String? { driver.activeEngine?.name }

    public func speak(_ utterances: [Utterance]) { driver.speak(utterances) }
    public func silenceUI() { driver.silenceUI() }
    public func apply(_ settings: SpeechSettings) { driver.apply(settings) }
    public func offer(_ answer: @escaping (SpeechOffer) -> Void) { driver.offer(answer) }
    public func close() { driver.close() }
}
