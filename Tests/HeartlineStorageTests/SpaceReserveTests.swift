#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
@testable import HeartlineStorage

/// The reserve's own bookkeeping, on an ordinary file system with room to spare: what an empty
/// or partial leftover becomes, and what lending takes.
@Suite struct SpaceReserveTests {
    static let size = 256 * 1024

    static func bytes(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// An empty file left where the reserve goes holds nothing: with room, the reserve is taken
    /// whole in its place.
    @Test func anEmptyLeftoverIsTakenWholeWithRoom() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/heartline.reserve"
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let reserve = try SpaceReserve(path: path, size: Self.size)
            #expect(reserve.isWhole)
            #expect(Self.bytes(path) == Self.size)
        }
    }

    /// A reserve that lent part of itself to an open is made whole again where there is room.
    @Test func aPartLentIsMadeWholeAgainWithRoom() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/heartline.reserve"
            do { _ = try SpaceReserve(path: path, size: Self.size) }
            #expect(SpaceReserve.lendLeftover(at: path))
            #expect(Self.bytes(path) == Self.size - SpaceReserve.lendingStep)
            let reserve = try SpaceReserve(path: path, size: Self.size)
            #expect(reserve.isWhole)
            #expect(Self.bytes(path) == Self.size)
        }
    }

    /// Lending goes a step at a time; an emptied file goes, and there is then nothing to lend.
    @Test func lendingEmptiesTheFileStepByStepAndThenHasNothing() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/heartline.reserve"
            do { _ = try SpaceReserve(path: path, size: Self.size) }
            var loans = 0
            while SpaceReserve.lendLeftover(at: path) { loans += 1 }
            #expect(loans == Self.size / SpaceReserve.lendingStep)
            #expect(!FileManager.default.fileExists(atPath: path))
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            #expect(!SpaceReserve.lendLeftover(at: path))
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
