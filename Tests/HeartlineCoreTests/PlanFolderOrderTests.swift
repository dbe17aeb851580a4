@testable import HeartlineCore
import Testing

/// The plans folder's order and search, as a person expects them.
@Suite struct PlanFolderOrderTests {
    @Test func numbersAreInOrderAndCaseAndAccentsDoNotCount() {
        let names = ["week 10.zwo", "Week 2.zwo", "week 1.fit", "Élan.zwo", "alpha.zwo", "week 02b.zwo", "zulu.FIT", "10k.zwo", "9k.zwo"]
        #expect(
            PlanFolderOrder.sorted(names) == [
                "9k.zwo", "10k.zwo", "alpha.zwo", "Élan.zwo", "week 1.fit", "Week 2.zwo", "week 02b.zwo", "week 10.zwo", "zulu.FIT",
            ])
    }

    /// Names the same but for case or leading zeros keep one order, whatever order they came in.
    @Test func namesTheSameByTheirWordsKeepOneOrder() {
        let names = ["b.zwo", "B.zwo", "a01.zwo", "a1.zwo"]
        #expect(PlanFolderOrder.sorted(names) == PlanFolderOrder.sorted(names.reversed()))
        #expect(PlanFolderOrder.sorted(names).first?.hasPrefix("a") == true)
    }

    /// A number longer than any integer is still ordered by its digits.
    @Test func aHugeNumberIsOrderedByItsDigits() {
        let huge = String(repeating: "9", count: 40)
        #expect(PlanFolderOrder.sorted(["\(huge).zwo", "1\(huge).zwo", "5.zwo"]) == ["5.zwo", "\(huge).zwo", "1\(huge).zwo"])
    }

    @Test func everyWordIsFoundInTheFileOrThePlansNameWhateverTheCaseOrAccents() {
        #expect(PlanFolderOrder.matches("tempo", file: "Tempo Tuesday.zwo", plan: nil))
        #expect(PlanFolderOrder.matches("umbral", file: "x.fit", plan: "Úmbral 4×8"))
        #expect(PlanFolderOrder.matches("tuesday 4x8", file: "tuesday.zwo", plan: "Threshold 4x8"))
        #expect(!PlanFolderOrder.matches("tempo hills", file: "Tempo Tuesday.zwo", plan: "Tempo"))
        #expect(PlanFolderOrder.matches("  ", file: "a.zwo", plan: nil))
    }
}
