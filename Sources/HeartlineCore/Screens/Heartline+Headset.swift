import Foundation

/// The root's side of Settings, Headset: the feature's actions handed to `HeadsetFeature`, and
/// what is held from each response while the headset is away.
extension Heartline {
    mutating func headset(_ action: HeadsetFeature.Action) {
        carryOut(HeadsetFeature.reduce(&headset, action, environment))
    }

    /// While the remembered headset is away, this response's events and notices are held for
    /// its return rather than spoken to nobody, unless the user chose to hear them on the
    /// board's own output meanwhile; the workout records on.
    mutating func holdWhileHeadsetAway() {
        guard HeadsetFeature.holds(headset, settings: settings) else { return }
        headset(.hold(conversation.takeKeptUntilSaid().map(\.text)))
    }
}
