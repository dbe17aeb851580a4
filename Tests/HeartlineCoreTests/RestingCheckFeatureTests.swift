import Foundation
@testable import HeartlineCore
import Testing

/// The resting check as a feature on its own: started from a state, fed readings and time,
/// asked for its baseline, with no root and no storage.
struct RestingCheckFeatureTests {
    typealias Store = FeatureStore<RestingCheckFeature>

    /// A reading at 60 bpm whose beat-to-beat intervals alternate around one second.
    static func reading(_ index: Int) -> HeartRateReading {
        HeartRateReading(beatsPerMinute: 60, contact: .detected, rrIntervals: [index.isMultiple(of: 2) ? 1004 : 1044])
    }

    @Test func withoutTheStrapTheCheckDoesNotStart() {
        var store = Store(RestingCheckFeature.self, state: nil)
        let steps = store.send(.start)
        #expect(Store.said(steps) == ["The resting check needs the strap. Put it on and try again."])
        #expect(Store.effects(steps).isEmpty)
    }

    @Test func aCheckRunsItsLengthThenAsksForTheWeekBefore() {
        var store = Store(RestingCheckFeature.self, state: nil, strap: .connected(name: "HRM-Pro"))
        let length = TimeInterval(store.settings.restingCheckMinutes * 60)
        var steps = store.send(.start) { $0 = RestingMeasurement(start: goldenStart, end: goldenStart.addingTimeInterval(length)) }
        #expect(Store.effects(steps) == [.sensorWanted(true)])

        for index in 0..<40 {
            store.send(.reading(Self.reading(index))) { state in
                state?.heartRates.append(60)
                state?.intervals.append(Double(index.isMultiple(of: 2) ? 1004 : 1044) * 1000 / 1024)
            }
        }
        store.now = goldenStart.addingTimeInterval(length - 1)
        #expect(store.send(.tick).isEmpty)
        steps = store.send(.whereAmI)
        #expect(Store.said(steps) == ["A resting check is running, 1 second left."])

        store.now = goldenStart.addingTimeInterval(length)
        steps = store.send(.tick) { $0 = nil }
        #expect(steps.first == .releaseStrap)
        guard case .emit(.load(let request)) = steps.last, case .restingChecks(let week) = request.query else {
            Issue.record("the check asks for no baseline: \(steps)")
            return
        }
        #expect(week.end == goldenStart)
        #expect(week.duration == Double(RestingCheckFeature.baselineDays) * 86_400)
    }

    @Test func tooFewIntervalsAreSaidAndNothingIsStored() {
        var store = Store(
            RestingCheckFeature.self,
            state: RestingMeasurement(start: goldenStart, end: goldenStart.addingTimeInterval(180), heartRates: [60]),
            strap: .connected(name: "HRM-Pro"))
        store.now = goldenStart.addingTimeInterval(180)
        let steps = store.send(.tick) { $0 = nil }
        #expect(steps == [.releaseStrap, .say(.notice, .restingTooFew)])
    }

    @Test func theResultIsStoredAndComparedWithTheBaseline() {
        var store = Store(RestingCheckFeature.self, state: nil)
        let hrv = HeartRateVariability(rmssd: 52.4, kept: 180, artefacts: 2)
        let check = RestingCheck(start: goldenStart, heartRate: 54, rmssd: hrv.rmssd, artefacts: 2, intervals: 180)
        let earlier = [
            RestingCheck(start: goldenStart.addingTimeInterval(-86_400), heartRate: 55, rmssd: 46, artefacts: 0, intervals: 170),
            RestingCheck(start: goldenStart.addingTimeInterval(-2 * 86_400), heartRate: 56, rmssd: 50, artefacts: 1, intervals: 175),
        ]
        let steps = store.send(.answered(check, hrv, earlier: earlier))
        #expect(Store.effects(steps) == [.store(.restingCheck(check))])
        let said = Store.said(steps)
        #expect(said.first == "Resting check done.")
        #expect(said.last == "That is 4 milliseconds above your 7-day baseline of 48.")
    }

    @Test func stoppingACheckUnderWayLetsTheStrapGo() {
        var store = Store(RestingCheckFeature.self, state: RestingMeasurement(start: goldenStart, end: goldenStart.addingTimeInterval(180)))
        #expect(store.send(.stop) { $0 = nil } == [.say(.answer, .restingStopped), .releaseStrap])
        #expect(store.send(.stop).isEmpty)
    }
}
