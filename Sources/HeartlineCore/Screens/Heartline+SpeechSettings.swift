import Foundation

/// The root's side of Settings, Speech, Key echo and Captions: their actions handed to
/// `SpeechFeature`.
extension Heartline {
    mutating func speechSettings(_ action: SpeechFeature.Action) {
        run(SpeechFeature.self, action, on: \.conversation.speechEngine)
    }

    func label(of setting: SpeechSetting) -> String {
        SpeechFeature.label(of: setting, words)
    }

    func question(for setting: SpeechSetting) -> (Prompt, [String: String]) {
        SpeechFeature.question(for: setting, words)
    }
}
