import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

/// The loop's confinement, checked at run time in every build.
@Suite(.timed, .tags(.threads)) struct LoopBoundTests {
    @Test func aBoundValueIsUsedOnItsThreadAndComesBackFromBackgroundWork() throws {
        let loop = try EventLoop()
        let bound = LoopBound([1, 2, 3])
        var result: Int?
        loop.inBackground("heartline.test", { 40 + 2 }, then: { value in result = value + bound.value.count })
        let deadline = ContinuousClock.now + .seconds(10)
        while result == nil, ContinuousClock.now < deadline { loop.turn(maximumWait: 0.1) }
        #expect(result == 45)
    }

    @Test func aBoundValueUsedOffItsThreadStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let bound = LoopBound("the loop's")
            let thread = Thread { _ = bound.value }
            thread.start()
            // Hangs: this thread waits for the process to be stopped.
            sleep(10)
        }
    }
}
