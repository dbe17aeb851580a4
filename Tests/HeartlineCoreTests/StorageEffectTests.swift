import Foundation
@testable import HeartlineCore
import Testing

/// The core with no store at all: what it asks of storage is asserted as effects, and storage's
/// answers are fed to it as inputs, as the edge would.
struct StorageEffectTests {
    /// The core and the clock; `send` gives an input's effects.
    struct Harness {
        var core = Heartline(words: TestCatalogue.words)
        var now = goldenStart

        init(stored: StoredState = StoredState()) {
            _ = core.start(at: now, stored: stored)
        }

        mutating func send(_ input: Input) -> [Effect] {
            core.handle(input, at: now)
        }

        mutating func command(_ text: String) -> [Effect] {
            send(.command(text))
        }

        mutating func wait(_ seconds: Int) -> [Effect] {
            var effects: [Effect] = []
            for _ in 0..<seconds {
                now = now.addingTimeInterval(1)
                effects += send(.tick)
            }
            return effects
        }

        static func said(_ effects: [Effect]) -> [String] {
            effects.flatMap { effect -> [String] in
                if case .speak(let utterances) = effect { return utterances.map(\.text) }
                return []
            }
        }

        static func writes(_ effects: [Effect]) -> [StorageWrite] {
            effects.compactMap { effect in
                if case .store(let write) = effect { return write }
                return nil
            }
        }

        static func reads(_ effects: [Effect]) -> [StorageRequest] {
            effects.compactMap { effect in
                if case .load(let request) = effect { return request }
                return nil
            }
        }

        func words(_ prompt: Prompt, _ values: [String: String] = [:]) -> String {
            TestCatalogue.words(prompt, values)
        }

        /// Starts a workout from Home through the configuration, as typed.
        mutating func startWorkout() -> [Effect] {
            _ = command("configure")
            _ = command("next")
            return command("start workout")
        }
    }

    @Test func aWorkoutIsBegunUnderTheNextIdAndEachSecondIsAnAppend() throws {
        var stored = StoredState()
        stored.nextWorkoutID = 42
        var harness = Harness(stored: stored)
        let started = harness.startWorkout()
        let writes = Harness.writes(started)
        #expect(writes.count == 2)
        guard case .lastConfiguration = writes.first, case .begin(let id, let start, _) = writes.last else {
            Issue.record("started with \(writes)")
            return
        }
        #expect(id == 42 && start == goldenStart)
        let seconds = Harness.writes(harness.wait(3))
        #expect(seconds.count == 3)
        for write in seconds {
            guard case .append(let samples, let workout) = write else {
                Issue.record("a second wrote \(write)")
                continue
            }
            #expect(workout == 42 && samples.count == 1)
        }
        #expect(harness.core.training.workout?.id == 42)
        #expect(harness.core.records.nextWorkoutID == 43)
    }

    @Test func aFullDiskIsSaidOnceAndItsEndOnce() {
        var harness = Harness()
        let full = Harness.said(harness.send(.storage(.diskFull)))
        #expect(full == [harness.words(.storageDiskFull)])
        #expect(Harness.said(harness.send(.storage(.diskFull))).isEmpty)
        #expect(Harness.said(harness.send(.storage(nil))) == [harness.words(.storageDiskOk)])
        #expect(Harness.said(harness.send(.storage(nil))).isEmpty)
        #expect(harness.core.records.writeFailure == nil)
    }

    @Test func saveIsSaidOnlyWhenStorageSaysItWent() throws {
        var harness = Harness()
        _ = harness.startWorkout()
        _ = harness.wait(5)
        _ = harness.command("end")
        let ended = harness.command("yes")
        #expect(Harness.writes(ended).contains(.flush))
        let save = harness.command("save")
        #expect(Harness.said(save).isEmpty)
        guard case .save(let summary, _)? = Harness.writes(save).first else {
            Issue.record("save wrote \(Harness.writes(save))")
            return
        }
        #expect(summary.state == .saved && summary.duration == 5)
        // Still on the summary until the answer: a key now is the summary's.
        guard case .summary = harness.core.screen else {
            Issue.record("left the summary before the save went through: \(harness.core.screen)")
            return
        }
        let answered = Harness.said(harness.send(.saved(summary.id, UnwrittenWork(), failure: nil)))
        #expect(answered.first == harness.words(.summarySaved))
        #expect(harness.core.screen == .home)
    }

    @Test func aSaveHeldForSpaceSaysSoAndThenNoNoticeAgain() throws {
        var harness = Harness()
        _ = harness.startWorkout()
        _ = harness.wait(2)
        _ = harness.command("end")
        _ = harness.command("yes")
        guard case .save(let summary, _)? = Harness.writes(harness.command("save")).first else {
            Issue.record("no save")
            return
        }
        let held = UnwrittenWork(seconds: 2, summary: true)
        let answered = Harness.said(harness.send(.saved(summary.id, held, failure: .diskFull)))
        #expect(answered.first == harness.words(.savePending))
        // The disk's state reported after it is the trouble already said.
        #expect(Harness.said(harness.send(.storage(.diskFull))).isEmpty)
    }

    @Test func quitOnTheSummaryWaitsForASaveUnlessTheDiskRefusesWrites() throws {
        var harness = Harness()
        _ = harness.startWorkout()
        _ = harness.wait(2)
        _ = harness.command("end")
        _ = harness.command("yes")
        let refused = harness.command("quit")
        #expect(Harness.said(refused) == [harness.words(.summaryFirst)])
        #expect(Harness.writes(refused).isEmpty && Harness.reads(refused).isEmpty)
        _ = harness.send(.storage(.diskFull))
        let stack = harness.core.stack
        let asked = harness.command("quit")
        #expect(Harness.writes(asked) == [.flush])
        #expect(Harness.reads(asked) == [StorageRequest(query: .unwritten, purpose: .leave(stack))])
    }

    @Test func aListIsEnteredWithItsAnswerAndAFailedReadSaysSo() throws {
        var harness = Harness()
        _ = harness.command("review")
        let asked = harness.command("1")
        #expect(Harness.said(asked).isEmpty)
        let request = try #require(Harness.reads(asked).first)
        #expect(request.query == .savedWorkouts(offset: 0, limit: Heartline.pageSize))
        let failed = Harness.said(harness.send(.loaded(request, .failure(.deviceFailing("EIO")))))
        #expect(failed == [harness.words(.storageReadFailed)])
        #expect(harness.core.screen == .review)

        let again = try #require(Harness.reads(harness.command("1")).first)
        let workout = WorkoutSummary(
            id: 7, start: goldenStart.addingTimeInterval(-86_400), state: .saved, configuration: WorkoutConfiguration(), duration: 1800)
        let listed = Harness.said(harness.send(.loaded(again, .success(.workouts([workout], total: 1)))))
        #expect(listed.first == harness.words(.menuTitle, ["title": harness.words(.titleAll)]))
        guard case .list(.all, let page) = harness.core.screen else {
            Issue.record("not on the list: \(harness.core.screen)")
            return
        }
        #expect(page.total == 1 && page.items == [workout])
    }

    @Test func aPagePastTheLastIsAskedForAgainAsTheLast() throws {
        var harness = Harness()
        _ = harness.command("review")
        #expect(Harness.reads(harness.command("1")).count == 1)
        // Storage holds 12 now, but the request was for page 3 (a workout was deleted meanwhile).
        let late = StorageRequest(query: .savedWorkouts(offset: 30, limit: 10), purpose: .openList(.all, page: 3))
        let effects = harness.send(.loaded(late, .success(.workouts([], total: 12))))
        #expect(Harness.said(effects).isEmpty)
        #expect(Harness.reads(effects).map(\.query) == [.savedWorkouts(offset: 10, limit: 10)])
    }

    @Test func quitAsksWhatWaitsInMemoryAndAsksBeforeLosingIt() throws {
        var harness = Harness()
        let quit = harness.command("quit")
        #expect(Harness.writes(quit) == [.flush])
        let request = try #require(Harness.reads(quit).first)
        #expect(request.query == .unwritten)
        let asked = harness.send(.loaded(request, .success(.unwritten([3: UnwrittenWork(seconds: 65)]))))
        #expect(!asked.contains(.quit))
        #expect(harness.core.screen.question == .quitUnwritten(seconds: 65))
        // Nothing waits: goodbye.
        let bye = harness.send(.loaded(request, .success(.unwritten([:]))))
        #expect(bye.contains(.quit))
    }

    @Test func aProfileChangeIsAWriteAndTheNextWorkoutUsesIt() throws {
        var harness = Harness()
        _ = harness.command("settings")
        _ = harness.command("profile")
        _ = harness.command("weight")
        let changed = harness.command("70")
        guard case .profile(let profile)? = Harness.writes(changed).first else {
            Issue.record("the weight wrote \(Harness.writes(changed))")
            return
        }
        #expect(profile.weightKilograms == 70)
        #expect(harness.core.records.profile == profile)
        #expect(changed.contains(.fillInHistory))
    }
}
