import Foundation

/// The root's side of Review: its actions and storage's answers handed to `ReviewFeature`, whose
/// state is the screen on top (each review screen carries what it shows).
extension Heartline {
    mutating func review(_ action: ReviewFeature.Action) {
        run(ReviewFeature.self, action, on: \.top)
    }

    /// The screen on top, as a feature that keeps its state in its screen changes it.
    var top: Screen {
        get { stack[stack.count - 1] }
        set { stack[stack.count - 1] = newValue }
    }
}
