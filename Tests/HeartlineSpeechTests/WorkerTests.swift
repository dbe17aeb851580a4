#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

/// The one worker type of background work: one named thread, work in the order handed over,
/// `sync` answered after what came before it, and what was handed over done even when the worker
/// is let go. ThreadSanitizer runs these (the `.threads` tag): the hand-overs go through `Locked`'s
/// mutex and condition, which it sees.
@Suite(.timed, .tags(.threads)) struct WorkerTests {
    private struct Refused: Error, Equatable {}

    @Test func workRunsInTheOrderHandedOverOnOneThreadOfItsName() {
        let worker = Worker("heartline.test-worker")
        let seen = Locked<[(Int, String, pthread_t)]>([])
        for index in 0..<200 {
            worker.async {
                // The name the kernel knows the thread by, as ps and top show it.
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                let thread = comm.trimmingCharacters(in: .newlines)
                seen.withLock { $0.append((index, thread, pthread_self())) }
            }
        }
        // sync comes after everything handed over before it.
        let count = worker.sync { seen.withLock { $0.count } }
        #expect(count == 200)
        let all = seen.withLock { $0 }
        #expect(all.map(\.0) == Array(0..<200))
        // The kernel keeps 15 characters of a thread's name.
        #expect(Set(all.map(\.1)) == ["heartline.test-"])
        #expect(Set(all.map { UInt($0.2) }).count == 1)
        #expect(all.allSatisfy { pthread_equal($0.2, pthread_self()) == 0 })
    }

    @Test func syncGivesBackTheResultOrWhatWasThrown() throws {
        let worker = Worker("heartline.test-sync")
        #expect(worker.sync { 6 * 7 } == 42)
        #expect(throws: Refused.self) { try worker.sync { () throws -> Int in throw Refused() } }
        // The worker goes on after a throw.
        #expect(worker.sync { "after" } == "after")
        // The body is not held once sync returns, whatever the worker's thread is doing then:
        // the runtime traps a closure kept past withoutActuallyEscaping (it once did, one call in
        // a few thousand, when the job still held it as sync returned).
        var sum = 0
        for index in 0..<5_000 { sum += worker.sync { index } }
        #expect(sum == 5_000 * 4_999 / 2)
    }

    @Test func whatWasHandedOverIsDoneWhenTheWorkerIsLetGo() {
        let done = Locked(0)
        do {
            let worker = Worker("heartline.test-drop")
            // The first piece holds the thread until all are handed over and the worker let go.
            let gate = Locked(false)
            worker.async { gate.withLock(when: { $0 }, { _ in }) }
            for _ in 0..<50 { worker.async { done.withLockWaking { $0 += 1 } } }
            gate.withLockWaking { $0 = true }
        }
        // The test waits on the count, not on time: it is woken by each piece.
        let finished = done.withLock(when: { $0 == 50 }, { $0 })
        #expect(finished == 50)
    }

    /// Jobs set for a time run in the order of their times, a cancelled one never; the test
    /// waits on the last one's mark, not on time.
    @Test func timedJobsRunAtTheirTimesInOrderAndACancelledOneNever() {
        let worker = Worker("heartline.test-timed")
        let ran = Locked<[String]>([])
        let set = Date()
        worker.after(0.3) { ran.withLockWaking { $0.append("last") } }
        let cancelled = worker.after(0.1) { ran.withLockWaking { $0.append("cancelled") } }
        worker.after(0.05) { ran.withLockWaking { $0.append("first") } }
        worker.async { ran.withLockWaking { $0.append("now") } }
        worker.cancel(cancelled)
        worker.cancel(cancelled)
        let order = ran.withLock(when: { $0.contains("last") }, { $0 })
        #expect(order == ["now", "first", "last"])
        #expect(Date().timeIntervalSince(set) >= 0.3)
    }

    @Test func aLockedValueWakesTheThreadWaitingForItsCondition() {
        let value = Locked(0)
        let worker = Worker("heartline.test-lock")
        worker.async {
            for _ in 0..<10 { value.withLockWaking { $0 += 1 } }
        }
        #expect(value.withLock(when: { $0 >= 10 }, { $0 }) == 10)
    }
}
