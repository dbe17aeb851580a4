import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

@Suite(.timed) struct ZoneTests {
    @Test func fiveZonesFromTheMaximumDoNotOverlap() {
        let zones = HeartRateZones(maximum: 180)
        let ranges = (1...5).map { zones.range(ofZone: $0) }
        #expect(ranges.map(\.low) == [90, 109, 127, 145, 163])
        #expect(ranges.map(\.high) == [108, 126, 144, 162, 180])
    }

    @Test func theMaximumComesFromTheProfileOrTheAge() {
        #expect(HeartRateZones(profile: Profile(age: 40)).maximum == 180)
        #expect(HeartRateZones(profile: Profile(age: 40, maximumHeartRate: 190)).maximum == 190)
        #expect(HeartRateZones(profile: Profile()).maximum == 185)
    }

    /// Feeds `rates` one per second from `start`, returning the cues and their seconds.
    func cues(_ coach: inout ZoneCoach, _ rates: [Int?], from start: Int = 1) -> [(Int, ZoneCoach.Position)] {
        var result: [(Int, ZoneCoach.Position)] = []
        for (offset, rate) in rates.enumerated() {
            if let cue = coach.take(heartRate: rate, atSecond: start + offset) { result.append((start + offset, cue.position)) }
        }
        return result
    }

    @Test func aRateHoveringOnTheEdgeNeverChatters() {
        var coach = ZoneCoach(range: HeartRateRange(low: 127, high: 144))
        _ = cues(&coach, Array(repeating: 135, count: 20))
        var random = SplitMix64(seed: 5)
        // An hour within 4 beats of the upper edge, every second.
        let hover = (0..<3600).map { _ in 144 + Int(random.next() % 9) - 4 }
        #expect(cues(&coach, hover, from: 21).isEmpty)
    }

    @Test func cuesAreThirtySecondsApartAtLeast() {
        var coach = ZoneCoach(range: HeartRateRange(low: 127, high: 144))
        var rates: [Int] = []
        for _ in 0..<20 { rates += Array(repeating: 135, count: 12) + Array(repeating: 170, count: 12) }
        let said = cues(&coach, rates)
        #expect(said.count >= 2)
        for (first, second) in zip(said, said.dropFirst()) {
            #expect(second.0 - first.0 >= ZoneCoach.quietSeconds)
            #expect(first.1 != second.1)
        }
    }

    @Test func startingBelowIsTheWarmUpAndNotSaid() {
        var coach = ZoneCoach(range: HeartRateRange(low: 127, high: 144))
        #expect(cues(&coach, Array(repeating: 100, count: 60)).isEmpty)
        #expect(cues(&coach, Array(repeating: 135, count: 20), from: 61).map(\.1) == [.inside])
    }

    /// A change held back by the quiet window is not said from the readings a lost strap left:
    /// it waits for a live reading.
    @Test func aHeldBackChangeWaitsForALiveReading() {
        var coach = ZoneCoach(range: HeartRateRange(low: 127, high: 144))
        #expect(cues(&coach, Array(repeating: 135, count: 10)).map(\.1) == [.inside])
        // Above from second 11; the quiet window holds the cue until second 35.
        #expect(cues(&coach, Array(repeating: 170, count: 20), from: 11).isEmpty)
        // The strap goes at second 31: seconds 31 to 40 have no reading, and nothing is said.
        #expect(cues(&coach, Array(repeating: nil, count: 10), from: 31).isEmpty)
        // Live readings again: the change is said once there are enough of them to judge.
        #expect(cues(&coach, Array(repeating: 170, count: 5), from: 41).map(\.0) == [45])
    }

    @Test func missingReadingsAreNotGuessed() {
        var coach = ZoneCoach(range: HeartRateRange(low: 127, high: 144))
        #expect(cues(&coach, [170, nil, nil, nil, nil, nil, nil, 170, nil, nil]).isEmpty)
        #expect(coach.smoothed == nil)
    }
}

@Suite(.timed) struct ContactWatchTests {
    let start = goldenStart

    @Test func pausesAfterThreeSecondsAndResumesAfterTwo() {
        var watch = ContactWatch(isEnabled: true)
        #expect(watch.observe(contact: false, isPaused: false, at: start) == nil)
        #expect(watch.observe(contact: false, isPaused: false, at: start + 2) == nil)
        #expect(watch.observe(contact: false, isPaused: false, at: start + 3) == .pause)
        #expect(watch.observe(contact: true, isPaused: true, at: start + 10) == nil)
        #expect(watch.observe(contact: true, isPaused: true, at: start + 12) == .resume)
    }

    @Test func aFlickerDoesNotPause() {
        var watch = ContactWatch(isEnabled: true)
        for second in 0..<60 {
            let contact = second % 3 != 0  // one second in three without contact
            #expect(watch.observe(contact: contact, isPaused: false, at: start + Double(second)) == nil)
        }
    }

    @Test func neverResumesTheUsersPause() {
        var watch = ContactWatch(isEnabled: true)
        #expect(watch.observe(contact: true, isPaused: true, at: start + 10) == nil)
        #expect(watch.observe(contact: true, isPaused: true, at: start + 20) == nil)
        // Contact lost and back during the user's pause: said, and the pause stays.
        #expect(watch.observe(contact: false, isPaused: true, at: start + 30) == nil)
        #expect(watch.observe(contact: false, isPaused: true, at: start + 33) == .lost)
        #expect(watch.observe(contact: true, isPaused: true, at: start + 40) == nil)
        #expect(watch.observe(contact: true, isPaused: true, at: start + 42) == .back)
    }

    /// With auto-pause off, a lost contact is still said, once, and so is its return; nothing
    /// pauses or resumes.
    @Test func whenOffContactIsSaidAndNothingPauses() {
        var off = ContactWatch(isEnabled: false)
        #expect(off.observe(contact: false, isPaused: false, at: start + 100) == nil)
        #expect(off.observe(contact: false, isPaused: false, at: start + 102) == nil)
        #expect(off.observe(contact: false, isPaused: false, at: start + 103) == .lost)
        #expect(off.isLost)
        #expect(off.observe(contact: false, isPaused: false, at: start + 200) == nil)
        off.userTookOver()
        #expect(off.observe(contact: false, isPaused: false, at: start + 300) == nil)
        #expect(off.observe(contact: true, isPaused: false, at: start + 301) == nil)
        #expect(off.observe(contact: true, isPaused: false, at: start + 303) == .back)
        #expect(!off.isLost)
        #expect(!off.pausedByContact)
    }

    @Test func strapsWithoutContactDetectionAreLeftAlone() {
        var watch = ContactWatch(isEnabled: true)
        #expect(watch.observe(contact: nil, isPaused: false, at: start + 100) == nil)
    }
}
