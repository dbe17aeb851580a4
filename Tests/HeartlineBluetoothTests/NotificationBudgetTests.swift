import HeartlineTestSupport
import Testing

@testable import HeartlineBluetooth

/// Notifications a second: 50 are taken, the rest of that second's dropped and counted, and a
/// second that ended with drops is reported when the next one starts.
@Suite(.timed) struct NotificationBudgetTests {
    @Test func fiftyASecondAreTakenAndTheRestCounted() {
        var budget = NotificationBudget()
        var taken = 0
        for index in 0..<200 {
            let (admitted, closed) = budget.admit(now: 10 + Double(index) * 0.004)
            #expect(closed == nil)
            if admitted { taken += 1 }
        }
        #expect(taken == NotificationBudget.perSecond)
        #expect(budget.droppedInWindow == 150 && budget.dropped == 150)
        // The next second: its first is taken, and the one before is reported with its drops.
        let next = budget.admit(now: 11.5)
        #expect(next.taken && next.closed == 150)
        #expect(budget.droppedInWindow == 0 && budget.dropped == 150)
    }

    @Test func aStrapAtOneASecondLosesNothing() {
        var budget = NotificationBudget()
        for second in 0..<120 {
            let (admitted, closed) = budget.admit(now: Double(second))
            #expect(admitted && closed == nil)
        }
        #expect(budget.dropped == 0)
    }
}
