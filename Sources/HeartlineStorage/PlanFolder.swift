#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineIO

/// The plans folder as the plans-from-files screen reads it: the names of its Zwift and FIT
/// files in the folder's order (`PlanFolderOrder`), and the files of one page read. A folder of
/// any size is listed by name only; no more than a page of files is read for a page.
///
/// A search reads the plan's own name from each file whose file name does not have the words,
/// once: the name is kept with the file's size and time of change, and read again only when
/// they change, so the next search, or the next page of one, reads nothing it read before.
///
/// Pages may be read on a thread of their own (`StorageEdge.offLoop`): one page is read at a
/// time, under a lock, and each file comes parsed, so the loop's thread only lists it.
final class PlanFolder: @unchecked Sendable {
    let directory: String
    /// Held while a page is read: the names kept are this class's only state.
    private let reading = NSLock()
    /// A file's plan name as last read, by file name, with what it was read from.
    private var planNames: [String: (stamp: Stamp, plan: String?)] = [:]
    /// The most plan names kept: past it they are forgotten, and read again when searched.
    static let mostRemembered = 20_000

    init(directory: String) {
        self.directory = directory
    }

    /// What a file's bytes are known by without reading them.
    private struct Stamp: Equatable {
        var size: Int64
        var changed: timespec
        var inode: UInt64

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.size == b.size && a.inode == b.inode && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    /// At most `limit` files from `offset`, of those with every word of `matching` in their
    /// file or plan name (every file when it is empty), with how many such files there are. A
    /// missing folder has none.
    func page(offset: Int, limit: Int, matching: String) -> (files: [PlanFile], total: Int) {
        reading.lock()
        defer { reading.unlock() }
        let listed = Self.names(in: directory)
        var names = PlanFolderOrder.sorted(listed)
        if !matching.isEmpty {
            names = names.filter { name in
                PlanFolderOrder.matches(matching, file: name, plan: nil)
                    || PlanFolderOrder.matches(matching, file: name, plan: planName(name))
            }
            forgetMissing(present: listed)
        }
        let shown = names.dropFirst(max(0, offset)).prefix(max(0, limit))
        return (shown.map { read($0).parsedNow() }, names.count)
    }

    /// The folder's Zwift and FIT file names, in no order; none when it cannot be listed.
    static func names(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(PlanFile.isPlanFile)
    }

    /// A file read at most one byte past the largest workout (a larger one is refused as such),
    /// without following a link or waiting on a FIFO; one that cannot be read is listed without
    /// its bytes, so that it is said, not passed over.
    private func read(_ name: String) -> PlanFile {
        switch OutsideFile.read(at: directory + "/" + name, upTo: FITWorkoutReader.largestFile + 1) {
        case .success(let bytes): PlanFile(name: name, bytes: bytes)
        case .failure: PlanFile(name: name, bytes: nil)
        }
    }

    /// The plan's own name in the file, kept while the file is unchanged; nil for a file that
    /// is no plan Heartline reads.
    private func planName(_ name: String) -> String? {
        var status = stat()
        guard lstat(directory + "/" + name, &status) == 0 else { return nil }
        let stamp = Stamp(size: Int64(status.st_size), changed: status.st_mtim, inode: UInt64(status.st_ino))
        if let known = planNames[name], known.stamp == stamp { return known.plan }
        let plan = read(name).planName()
        if planNames.count >= Self.mostRemembered { planNames.removeAll(keepingCapacity: true) }
        planNames[name] = (stamp, plan)
        return plan
    }

    /// Forgets the names of files no longer in the folder, when there are many.
    private func forgetMissing(present: [String]) {
        guard planNames.count > Self.mostRemembered / 2 else { return }
        let present = Set(present)
        planNames = planNames.filter { present.contains($0.key) }
    }
}
