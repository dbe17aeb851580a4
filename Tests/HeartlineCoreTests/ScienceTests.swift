import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Heart-rate variability, training load, time in zones and recovery, on series whose answers
/// are worked out by hand.
@Suite(.timed) struct ScienceTests {
    static let steady: [Double] = [800, 810, 790, 820, 800, 805, 795, 810, 800, 790, 800, 810]

    @Test func rmssdOfAKnownSeries() throws {
        // Successive differences 10, -20, 30, -20, 5, -10, 15, -10, -10, 10, 10: 2,550 / 11.
        let hrv = try #require(HeartRateVariability.measure(Self.steady))
        #expect(abs(hrv.rmssd - (2550.0 / 11).squareRoot()) < 1e-9)
        #expect(hrv.artefacts == 0)
        #expect(hrv.isReliable)
    }

    @Test func aMissedBeatIsRemovedCountedAndNotDifferencedAcross() throws {
        var series = Self.steady
        series.insert(1600, at: 6)  // a missed beat: two intervals as one
        let hrv = try #require(HeartRateVariability.measure(series))
        #expect(hrv.artefacts == 1)
        #expect(hrv.kept == 12)
        // The ten differences left: 10, -20, 30, -20, 5, 15, -10, -10, 10, 10.
        #expect(abs(hrv.rmssd - (2450.0 / 10).squareRoot()) < 1e-9)
        // 1 in 13 is over 5 %: said as unreliable.
        #expect(!hrv.isReliable)
    }

    @Test func tooFewIntervalsSayNothing() {
        #expect(HeartRateVariability.measure([800, 810, 790]) == nil)
        #expect(HeartRateVariability.measure([]) == nil)
    }

    @Test func trimpWeighsReserveBySex() {
        // A maximum of 180 and a resting rate of 60: 120 beats per minute is half the reserve.
        let minute = (1...60).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 120) }
        let male = TrainingLoad.trimp(minute, profile: Profile(sex: .male, maximumHeartRate: 180, restingHeartRate: 60))
        let female = TrainingLoad.trimp(minute, profile: Profile(sex: .female, maximumHeartRate: 180, restingHeartRate: 60))
        let either = TrainingLoad.trimp(minute, profile: Profile(maximumHeartRate: 180, restingHeartRate: 60))
        #expect(abs(male - 0.5 * 0.64 * exp(1.92 * 0.5)) < 1e-9)
        #expect(abs(female - 0.5 * 0.86 * exp(1.67 * 0.5)) < 1e-9)
        #expect(abs(either - (male + female) / 2) < 1e-9)
        // Seconds without a heart rate add nothing.
        let gap = (1...60).map { Sample(elapsed: $0, wallOffset: $0, heartRate: nil) }
        #expect(TrainingLoad.trimp(gap, profile: Profile()) == 0)
    }

    @Test func secondsFallIntoTheZonesOfTheMaximum() {
        let zones = HeartRateZones(maximum: 200)  // zone 1 from 100, 2 from 121, 3 from 141, 4 from 161, 5 from 181
        let rates = [90, 100, 120, 121, 150, 170, 190, 199, nil]
        let samples = rates.enumerated().map { Sample(elapsed: $0.offset + 1, wallOffset: $0.offset + 1, heartRate: $0.element) }
        #expect(TimeInZones(samples, zones: zones).seconds == [1, 2, 1, 1, 1, 2])
    }

    @Test func recoveryIsMeasuredFromTheLastTenSecondsAndNeverGuessed() {
        let last = (1...10).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 160 + ($0 % 2)) }  // mean 160.5
        var recovery = HeartRateRecovery(lastSeconds: last)
        #expect(recovery.measured(150, secondsAfterEnd: 30) == nil)
        #expect(recovery.measured(130, secondsAfterEnd: 60)! == (minutes: 1, drop: 31))
        #expect(recovery.measured(nil, secondsAfterEnd: 120) == nil)
        #expect(recovery.drops == [31, nil])
        var quiet = HeartRateRecovery(lastSeconds: (1...10).map { Sample(elapsed: $0, wallOffset: $0, heartRate: nil) })
        #expect(quiet.measured(120, secondsAfterEnd: 60) == nil)
    }
}
