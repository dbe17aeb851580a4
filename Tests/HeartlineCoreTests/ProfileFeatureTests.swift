import Foundation
@testable import HeartlineCore
import Testing

/// Settings, Profile as a feature on its own: a typed value stored and said back, or refused
/// with the question again, the profile left as it was.
struct ProfileFeatureTests {
    typealias Store = FeatureStore<ProfileFeature>

    @Test func aWeightInPoundsIsStoredInKilogramsAndSaidInPounds() {
        var store = Store(ProfileFeature.self, state: Profile(), screen: .entry(.weight))
        let steps = store.send(.enter("154 lb", .weight)) { profile in
            profile.weightKilograms = 154 / WeightUnit.poundsPerKilogram
            profile.weightUnit = .pounds
        }
        #expect(Store.effects(steps) == [.store(.profile(store.state)), .fillInHistory])
        #expect(Store.said(steps) == ["Weight: 154 pounds."])
        #expect(steps.last == .returnToPrevious)
    }

    @Test func aValueOutOfRangeIsRefusedAndNothingIsStored() {
        var store = Store(ProfileFeature.self, state: Profile(), screen: .entry(.weight))
        let steps = store.send(.enter("500 kg", .weight))
        guard case .refuse(.profileOutOfRange, let values) = steps.first else {
            Issue.record("not refused: \(steps)")
            return
        }
        #expect(values["field"] == "Weight")
        #expect(steps.count == 1)
    }

    @Test func aValueNotUnderstoodSaysWhatToType() {
        var store = Store(ProfileFeature.self, state: Profile(), screen: .entry(.age))
        let steps = store.send(.enter("thirty", .age))
        #expect(steps == [.refuse(.profileNotUnderstood, ["input": "thirty", "question": "Type your age in years."])])
    }

    @Test func clearingAHeartRateFallsBackToTheDefault() {
        var profile = Profile()
        profile.age = 40
        profile.maximumHeartRate = 190
        var store = Store(ProfileFeature.self, state: profile, screen: .entry(.maximumHeartRate))
        let steps = store.send(.enter("clear", .maximumHeartRate)) { $0.maximumHeartRate = nil }
        #expect(Store.said(steps).first?.contains("180") == true)
    }
}
