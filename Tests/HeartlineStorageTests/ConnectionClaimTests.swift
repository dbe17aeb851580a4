import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

@testable import HeartlineStorage

/// One thread at a time inside an SQLite connection, checked in every build: nested calls on one
/// thread are allowed, a second thread inside at once stops the program.
@Suite(.timed) struct ConnectionClaimTests {
    @Test func callsNestedOnOneThreadAndCallsOneAfterAnotherOnTwoAreAllowed() {
        let claim = ConnectionClaim()
        claim.claim()
        claim.claim()
        claim.release()
        claim.release()
        // Released: another thread may claim it now; this one waits for it to be done.
        let done = Locked(false)
        let thread = Thread {
            claim.claim()
            claim.release()
            done.withLockWaking { $0 = true }
        }
        thread.start()
        done.withLock(when: { $0 }, { _ in })
        claim.claim()
        claim.release()
    }

    @Test func aSecondThreadInsideAtOnceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let claim = ConnectionClaim()
            claim.claim()
            let thread = Thread { claim.claim() }
            thread.start()
            // Hangs: this thread holds the claim until the process is stopped.
            sleep(10)
        }
    }
}
