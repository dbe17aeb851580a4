import Foundation

/// The root's side of the first start's set-up: its actions handed to `SetUpFeature`, and its
/// beginning.
extension Heartline {
    mutating func setUp(_ action: SetUpFeature.Action) {
        var none = NoState()
        carryOut(SetUpFeature.reduce(&none, action, environment))
    }

    /// The set-up's first step over home, said after a welcome that tells how many steps there
    /// are and that each can be skipped.
    mutating func beginSetUp() {
        let steps = SetUpFeature.steps(environment)
        stack = [.home, .setUp(steps[0])]
        say(.menu, .setUpWelcome, ["count": words.number(steps.count)])
    }
}
