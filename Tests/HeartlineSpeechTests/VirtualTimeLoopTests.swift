#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

/// The loop on a manual clock: timers run when the test moves time, in the order of their
/// deadlines, and nothing waits on real time.
@Suite(.timed, .tags(.threads)) struct VirtualTimeLoopTests {
    /// A loop on a manual clock, and that clock.
    private func manualLoop() throws -> (EventLoop, ManualClock) {
        let clock = ManualClock()
        return (try EventLoop(clock: .manual(clock)), clock)
    }

    @Test func timersRunInTheOrderOfTheirDeadlinesAndOnlyOnceTimeReachesThem() throws {
        let (loop, clock) = try manualLoop()
        let start = clock.now
        var ran: [String] = []
        loop.after(3) { ran.append("three") }
        loop.after(1) { ran.append("one") }
        loop.after(2) { ran.append("two") }
        // Set second, due at the same instant as "one": after it.
        loop.after(1) { ran.append("one again") }
        loop.turn(maximumWait: 0)
        #expect(ran.isEmpty)
        loop.advance(by: .milliseconds(999))
        #expect(ran.isEmpty)
        loop.advance(by: .milliseconds(1))
        #expect(ran == ["one", "one again"])
        loop.advance(by: .seconds(5))
        #expect(ran == ["one", "one again", "two", "three"])
        #expect(clock.elapsed(since: start) == .seconds(6))
    }

    @Test func aTimerRunsAtItsOwnInstantWhileTimeMovesPastIt() throws {
        let (loop, clock) = try manualLoop()
        let start = clock.now
        var seen: [Duration] = []
        loop.after(2) { seen.append(clock.elapsed(since: start)) }
        loop.after(7) { seen.append(clock.elapsed(since: start)) }
        loop.advance(by: .seconds(10))
        #expect(seen == [.seconds(2), .seconds(7)])
        #expect(clock.elapsed(since: start) == .seconds(10))
    }

    @Test func aCallbackThatSchedulesAnotherRunsItWithinTheSameAdvance() throws {
        let (loop, clock) = try manualLoop()
        let start = clock.now
        var ticks: [Duration] = []
        func tick() {
            ticks.append(clock.elapsed(since: start))
            loop.after(0.5, handler: tick)
        }
        loop.after(0.5, handler: tick)
        loop.advance(by: .seconds(2))
        #expect(ticks == [.milliseconds(500), .seconds(1), .milliseconds(1500), .seconds(2)])
        // One set for now runs in the same advance too, after those already due.
        var order: [String] = []
        loop.after(1) {
            order.append("first")
            loop.after(0) { order.append("set by first") }
        }
        loop.after(1) { order.append("second") }
        loop.advance(by: .seconds(1))
        #expect(order == ["first", "second", "set by first"])
    }

    @Test func aCancelledTimerNeverRunsAndCancellingTwiceIsHarmless() throws {
        let (loop, _) = try manualLoop()
        var ran: [String] = []
        let cancelled = loop.after(1) { ran.append("cancelled") }
        loop.after(2) { ran.append("kept") }
        loop.cancel(cancelled)
        loop.cancel(cancelled)
        // A timer cancelled by one due at the same instant does not run.
        var later: EventLoop.Token?
        loop.after(3) {
            ran.append("canceller")
            if let later { loop.cancel(later) }
        }
        later = loop.after(3) { ran.append("cancelled by the first") }
        loop.advance(by: .seconds(4))
        #expect(ran == ["kept", "canceller"])
        #expect(loop.earliestDeadline == nil)
    }

    @Test func anInputReadyAtATimersInstantIsHandledFirst() throws {
        let (loop, _) = try manualLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        var order: [String] = []
        loop.watch(fds[0]) {
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            order.append("input \(byte)")
        }
        loop.after(1) { order.append("timer") }
        loop.advance(by: .milliseconds(500))
        #expect(order.isEmpty)
        // The key arrives and the timer falls due at the same instant: one turn handles both, the
        // input first, as a real turn does.
        var key: UInt8 = 7
        #expect(write(fds[1], &key, 1) == 1)
        loop.advance(by: .milliseconds(500))
        #expect(order == ["input 7", "timer"])
    }

    @Test func workPostedFromAnotherThreadRunsOnTheNextTurnWithoutMovingTime() throws {
        let (loop, clock) = try manualLoop()
        let start = clock.now
        let done = Flag()
        let inbox = loop.inbox
        let poster = Thread { inbox.post { done.set() } }
        poster.start()
        // Waits on the inbox's descriptor, not on time.
        loop.turn(maximumWait: 10)
        #expect(done.isSet)
        #expect(clock.elapsed(since: start) == .zero)
    }

    /// Posts from four threads while the loop drains: each piece of work runs once, in the order
    /// its thread posted it. Under ThreadSanitizer (this suite runs there) a post's append that
    /// comes before its wake-up's write, drained by a turn woken by an earlier post, is the
    /// hand-over the inbox's lock must make visible; with the standard library's futex `Mutex`
    /// it was reported as a race in a few runs of this test.
    @Test func workPostedFromManyThreadsWhileTheLoopDrainsRunsOnceAndInOrder() throws {
        let (loop, _) = try manualLoop()
        let inbox = loop.inbox
        let threads = 4
        let posts = 2_000
        let record = LoopRecord(threads: threads)
        let posters = (0..<threads).map { thread in
            Thread {
                for number in 0..<posts { inbox.post { record.seen[thread].append(number) } }
                inbox.post { record.finished += 1 }
            }
        }
        for poster in posters { poster.start() }
        let deadline = Date().addingTimeInterval(60)
        while record.finished < threads && Date() < deadline { loop.turn(maximumWait: 1) }
        #expect(record.finished == threads)
        for thread in 0..<threads { #expect(record.seen[thread] == Array(0..<posts)) }
    }

    @Test func aStoppedLoopStopsAdvancingAtTheTimerThatStoppedIt() throws {
        let (loop, clock) = try manualLoop()
        let start = clock.now
        var after = false
        loop.after(1) { loop.stop() }
        loop.after(2) { after = true }
        loop.advance(by: .seconds(5))
        #expect(loop.isStopped)
        #expect(!after)
        #expect(clock.elapsed(since: start) == .seconds(1))
    }

    @Test func runOnAManualClockWaitsOnDescriptorsNotOnTime() throws {
        let (loop, clock) = try manualLoop()
        let start = clock.now
        var timerRan = false
        loop.after(0.001) { timerRan = true }
        // A key already waiting on a descriptor stops the loop: run returns after that turn.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        loop.watch(fds[0]) { loop.stop() }
        var key: UInt8 = 1
        #expect(write(fds[1], &key, 1) == 1)
        loop.run()
        #expect(!timerRan)
        #expect(clock.elapsed(since: start) == .zero)
    }
}

/// What the posted work saw, touched on the loop's thread only (ThreadSanitizer checks that).
private final class LoopRecord: @unchecked Sendable {
    var seen: [[Int]]
    var finished = 0
    init(threads: Int) { seen = Array(repeating: [], count: threads) }
}

/// A flag set from another thread.
private final class Flag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
