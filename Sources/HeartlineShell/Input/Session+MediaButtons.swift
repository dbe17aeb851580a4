import HeartlineCore

extension Session {
    /// Starts reading the media buttons of every input device that has them.
    ///
    /// A button acts like a key press: it silences UI speech, then does its action. During a
    /// workout every action works; elsewhere only those the screen accepts (repeat, where, help),
    /// and the others say that the buttons work during a workout.
    func watchMediaButtons(_ mapping: MediaButtonMapping, words: Words) -> MediaButtons {
        let buttons = MediaButtons(loop: loop, mapping: mapping)
        buttons.onAction = { [weak self] action in self?.mediaButton(action, words: words) }
        buttons.onNotice = { [weak self] notice in
            let prompt: Prompt
            switch notice {
            case .permissionDenied: prompt = .buttonsPermission
            case .disconnected: prompt = .buttonsLost
            case .connected: prompt = .buttonsBack
            }
            self?.speaker.speak([Utterance(.answer, words(prompt))])
        }
        buttons.start()
        return buttons
    }

    /// A button is a command of the vocabulary: the core answers it on every screen (a workout
    /// action outside a workout says where it works).
    private func mediaButton(_ action: String, words: Words) {
        speaker.silenceUI()
        if action == MediaButtonMapping.stopSpeech { return }
        if let command = Vocabulary.command(words: action) { send(.act(command)) }
    }
}
