import Foundation
import HeartlineCore
@testable import HeartlineStorage
import Testing

/// The plans folder read a page at a time, and searched by the plans' own names, which are
/// read once while their files stay the same.
@Suite struct PlanFolderTests {
    static func zwift(_ name: String) -> Data {
        Data("<workout_file><name>\(name)</name><workout><SteadyState Duration=\"60\" Power=\"0.6\"/></workout></workout_file>".utf8)
    }

    /// 25 plans "Plan 1" to "Plan 25" in files "p1.zwo" to "p25.zwo", with a file that is no
    /// plan and one whose name is not a plan file's.
    static func withFolder(_ body: (String) throws -> Void) throws {
        try withTemporaryDirectory { folder in
            for number in 1...25 {
                try zwift(number == 7 ? "Hill repeats" : "Plan \(number)").write(to: URL(fileURLWithPath: folder + "/p\(number).zwo"))
            }
            try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
            try Data("nonsense".utf8).write(to: URL(fileURLWithPath: folder + "/broken.fit"))
            try body(folder)
        }
    }

    @Test func aPageReadsOnlyItsFilesInTheFoldersOrder() throws {
        try Self.withFolder { folder in
            let plans = PlanFolder(directory: folder)
            let first = plans.page(offset: 0, limit: 10, matching: "")
            #expect(first.total == 26)
            #expect(first.files.map(\.name) == ["broken.fit"] + (1...9).map { "p\($0).zwo" })
            let last = plans.page(offset: 20, limit: 10, matching: "")
            #expect(last.files.map(\.name) == (20...25).map { "p\($0).zwo" })
            #expect(last.files.allSatisfy { $0.bytes != nil })
            #expect(plans.page(offset: 30, limit: 10, matching: "").files.isEmpty)
            #expect(PlanFolder(directory: folder + "/missing").page(offset: 0, limit: 10, matching: "") == ([], 0))
        }
    }

    @Test func aSearchFindsFileNamesAndThePlansOwnNames() throws {
        try Self.withFolder { folder in
            let plans = PlanFolder(directory: folder)
            #expect(plans.page(offset: 0, limit: 10, matching: "HILL").files.map(\.name) == ["p7.zwo"])
            #expect(plans.page(offset: 0, limit: 10, matching: "p2").total == 7)  // p2 and p20 to p25
            let plan = plans.page(offset: 0, limit: 10, matching: "plan 1")
            #expect(plan.files.map(\.name) == ["p1.zwo"] + (10...18).map { "p\($0).zwo" })
            #expect(plan.total == 12)  // "Plan 21" has a 1 too
            #expect(plans.page(offset: 0, limit: 10, matching: "nowhere").total == 0)
        }
    }

    /// A plan's name is read again once its file changes, not before.
    @Test func aChangedFileIsReadAgainForItsName() throws {
        try Self.withFolder { folder in
            let plans = PlanFolder(directory: folder)
            #expect(plans.page(offset: 0, limit: 10, matching: "tempo").total == 0)
            try Self.zwift("Tempo, long").write(to: URL(fileURLWithPath: folder + "/p3.zwo"))
            #expect(plans.page(offset: 0, limit: 10, matching: "tempo").files.map(\.name) == ["p3.zwo"])
        }
    }
}
