import Foundation

/// The root's side of Review: its actions and storage's answers handed to `ReviewFeature`, whose
/// state is the screen on top (each review screen carries what it shows).
extension Heartline {
    mutating func review(_ action: ReviewFeature.Action) {
        let environment = environment
        carryOut(ReviewFeature.reduce(&stack[stack.count - 1], action, environment))
    }
}
