import Foundation

/// The root's side of Settings, Profile: typed values handed to `ProfileFeature`, whose state is
/// the stored profile in `records`.
extension Heartline {
    mutating func profile(_ action: ProfileFeature.Action) {
        carryOut(ProfileFeature.reduce(&records.profile, action, environment))
    }

    func label(of field: ProfileField) -> String { ProfileFeature.label(of: field, words) }

    func value(of field: ProfileField, in profile: Profile) -> String { ProfileFeature.value(of: field, in: profile, words) }

    func question(for field: ProfileField) -> Prompt { ProfileFeature.question(for: field) }
}
