import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// "No workout lost": at most five seconds unwritten, at most one commit (one fsync) per five.
@Suite(.timed, .tags(.threads)) struct BatchingTests {
    @Test func neverMoreThanFiveSecondsAreUnwrittenAndCommitsComeAtMostEveryFive() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let id = try store.beginWorkout(start: clock.now, configuration: .init())
            let commitsBefore = store.commitCount
            for second in 1...120 {
                clock.advance(1)
                try store.append(steadySamples(second...second), to: id)
                // What another connection sees is what would survive a power cut now.
                let unwritten = second - (try committedSampleCount(in: directory, workout: id))
                #expect(unwritten >= 0 && unwritten <= Int(SQLiteStore.batchInterval), "second \(second)")
            }
            #expect(store.commitCount - commitsBefore == 120 / Int(SQLiteStore.batchInterval))
        }
    }

    @Test func flushCommitsAtOnceAndOnlyWhenThereIsSomethingToCommit() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let id = try store.beginWorkout(start: clock.now, configuration: .init())
            clock.advance(1)
            try store.append(steadySamples(1...2), to: id)
            #expect(try committedSampleCount(in: directory, workout: id) == 0)
            let commits = store.commitCount
            try store.flush()
            #expect(try committedSampleCount(in: directory, workout: id) == 2)
            try store.flush()
            #expect(store.commitCount == commits + 1)
        }
    }

    @Test func aClockSetBackwardsStillCommits() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let id = try store.beginWorkout(start: clock.now, configuration: .init())
            clock.advance(-3600)
            try store.append(steadySamples(1...1), to: id)
            #expect(try committedSampleCount(in: directory, workout: id) == 1)
            #expect(store.pendingSamples.isEmpty)
        }
    }

    @Test func pausingWritesWhatWasBuffered() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let start = clock.now
            let id = try store.beginWorkout(start: start, configuration: .init())
            clock.advance(1)
            try store.append(steadySamples(1...3), to: id)
            try store.updateSummary(
                WorkoutSummary(id: id, start: start, state: .recording, configuration: .init(), duration: 3))
            #expect(try committedSampleCount(in: directory, workout: id) == 3)
            #expect(store.pendingSamples.isEmpty)
        }
    }

    @Test func leavingRecordingPacksTheChunksIntoOne() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let start = clock.now
            let id = try store.beginWorkout(start: start, configuration: .init())
            let samples = HistoryGenerator.workoutSamples(duration: 300, seed: 11)
            for sample in samples {
                clock.advance(1)
                try store.append([sample], to: id)
            }
            #expect(try SQLiteStore.chunks(of: id, in: store.database).count == 60)
            try store.updateSummary(
                WorkoutSummary(id: id, start: start, state: .ended, configuration: .init(), duration: 300))
            #expect(try SQLiteStore.chunks(of: id, in: store.database).count == 1)
            #expect(try store.samples(of: id) == samples)
        }
    }

    @Test func chunksLeftByACrashArePackedOnTheNextStart() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let samples = steadySamples(1...40)
            let id: Int64
            do {
                let store = try SQLiteStore(directory: directory, clock: clock)
                id = try store.beginWorkout(start: clock.now, configuration: .init())
                for chunk in stride(from: 0, to: 40, by: 10) {
                    try store.append(Array(samples[chunk..<chunk + 10]), to: id)
                    try store.flush()
                }
            }
            let store = try SQLiteStore(directory: directory, clock: clock)
            #expect(try SQLiteStore.chunks(of: id, in: store.database).count == 1)
            #expect(try store.samples(of: id) == samples)
            // Recording carries on after the packed samples.
            try store.append(steadySamples(41...45), to: id)
            try store.flush()
            #expect(try store.samples(of: id) == steadySamples(1...45))
        }
    }
}
