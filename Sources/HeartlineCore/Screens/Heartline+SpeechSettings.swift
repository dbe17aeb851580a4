import Foundation

/// The root's side of Settings, Speech, Key echo and Captions: their actions handed to
/// `SpeechFeature`.
extension Heartline {
    mutating func speechSettings(_ action: SpeechFeature.Action) {
        carryOut(SpeechFeature.reduce(&conversation.speechEngine, action, environment))
    }

    func label(of setting: SpeechSetting) -> String {
        SpeechFeature.label(of: setting, words)
    }

    func question(for setting: SpeechSetting) -> (Prompt, [String: String]) {
        SpeechFeature.question(for: setting, words)
    }
}
