#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineIO

/// The blocking side of a stick's transfer: files written, synced and renamed on the stick, the
/// marker of what was copied, and plan files read from it. Called off the loop only.
enum StickFiles {
    /// The stick's folder Heartline writes into.
    static let folder = "heartline"
    /// The file in that folder naming, a line each, the files copied whole: the next copy
    /// copies only the others.
    static let markerName = ".heartline-copied"

    /// The most of the marker that is read: a line a copied file (a name of at most about 60
    /// bytes), so about 16,000 files. Past it the marker is not the one Heartline writes, and
    /// every file is copied again (a file already there is replaced by the same bytes).
    static let largestMarker = 1 << 20

    /// The stick's own folder, made when `creating` and opened without following a link: on a
    /// stick whose file system has links, a `heartline` that is one (into the board's home, say)
    /// is refused, and every file is then taken relative to the folder opened (openat), so that
    /// nothing is written or read outside it.
    static func openFolder(mount: String, creating: Bool) -> Result<Int32, StickProblem> {
        let top = open(mount, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return .failure(problem(errno)) }
        defer { close(top) }
        if creating, mkdirat(top, folder, 0o755) != 0, errno != EEXIST { return .failure(problem(errno)) }
        let opened = openat(top, folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else { return .failure(errno == ENOTDIR ? .failed : problem(errno)) }
        return .success(opened)
    }

    /// Makes the folder and reads the names the marker lists.
    static func prepare(mount: String) -> Result<Set<String>, StickProblem> {
        let directory: Int32
        switch openFolder(mount: mount, creating: true) {
        case .success(let opened): directory = opened
        case .failure(let problem): return .failure(problem)
        }
        defer { close(directory) }
        guard case .success(let bytes) = OutsideFile.read(at: markerName, in: directory, upTo: largestMarker + 1),
            bytes.count <= largestMarker
        else { return .success([]) }
        let text = String(decoding: bytes, as: UTF8.self)
        // A line cut by an early pull, or zeros where FAT gave the marker its new length before
        // its bytes, never joins the names after it.
        return .success(Set(text.split(whereSeparator: { $0 == "\n" || $0 == "\0" }).map(String.init)))
    }

    /// Writes one file whole (a temporary name, synced, then renamed) and adds its name to the
    /// marker; nil when it went well. A file that cannot be finished is removed, never left half.
    /// Every name is taken in the stick's folder as opened, no link followed.
    static func write(_ bytes: [UInt8], named name: String, mount: String) -> StickProblem? {
        let directory: Int32
        switch openFolder(mount: mount, creating: false) {
        case .success(let opened): directory = opened
        case .failure(let problem): return problem
        }
        defer { close(directory) }
        let temporary = ".heartline-partial-" + name
        let descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return problem(errno) }
        if let failure = writeAll(bytes, to: descriptor) ?? (fsync(descriptor) == 0 ? nil : problem(errno)) {
            close(descriptor)
            unlinkat(directory, temporary, 0)
            return failure
        }
        // renameat replaces a link of that name, never what it points to.
        if close(descriptor) != 0 || renameat(directory, temporary, directory, name) != 0 {
            let failure = problem(errno)
            unlinkat(directory, temporary, 0)
            return failure
        }
        // On FAT a renamed file's directory entry gets its size and first cluster only when its
        // inode is written: synced here, before the marker lists it, or a stick pulled out next
        // holds the name with no data.
        if let failure = syncEntry(name, in: directory) ?? (fsync(directory) == 0 ? nil : problem(errno)) { return failure }
        let marker = openat(directory, markerName, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard marker >= 0 else { return problem(errno) }
        defer { close(marker) }
        let line = (endsLine(marker) ? "" : "\n") + name + "\n"
        return writeAll(Array(line.utf8), to: marker) ?? (fsync(marker) == 0 ? nil : problem(errno))
    }

    /// Whether the file is empty or its last byte ends a line (not so when a pull cut it).
    private static func endsLine(_ descriptor: Int32) -> Bool {
        var last: UInt8 = 0
        let size = lseek(descriptor, 0, SEEK_END)
        guard size > 0 else { return true }
        return pread(descriptor, &last, 1, size - 1) == 1 && last == UInt8(ascii: "\n")
    }

    /// Copies the stick's Zwift and FIT workout files (at its top and in its plans folder) into
    /// `plansDirectory`; answers how many were read, and those kept under a new name because a
    /// different file on the board has theirs. Each is read bounded and without following a link
    /// or waiting on a FIFO (`OutsideFile`); nothing on the board is replaced.
    static func copyPlans(mount: String, to plansDirectory: String) -> (copied: Int, kept: [PlanKept]) {
        var copied = 0
        var kept: [PlanKept] = []
        try? FileManager.default.createDirectory(
            atPath: plansDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for source in [mount, mount + "/plans", mount + "/" + folder + "/plans"] where !Self.passesALink(source, below: mount) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []).filter(PlanFile.isPlanFile).sorted()
            for name in names.prefix(PlanFile.mostListed) {
                guard case .success(let bytes) = OutsideFile.read(at: source + "/" + name, upTo: FITWorkoutReader.largestFile + 1),
                    bytes.count <= FITWorkoutReader.largestFile, let placed = place(bytes, named: name, in: plansDirectory)
                else { continue }
                copied += 1
                if placed.written, placed.name != name { kept.append(PlanKept(name: name, kept: placed.name)) }
            }
        }
        return (copied, kept)
    }

    /// Whether `path`, or a folder between `mount` and it, is a symbolic link: such a source of
    /// plans leads out of the stick and is not read.
    static func passesALink(_ path: String, below mount: String) -> Bool {
        var walked = mount
        for part in path.dropFirst(mount.count).split(separator: "/") {
            walked += "/" + part
            var status = stat()
            if lstat(walked, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { return true }
        }
        return false
    }

    /// Writes `bytes` into `directory` as `name`, mode 0600, never replacing a file there: when a
    /// different file has the name, under the first free one of "name-2.zwo", "name-3.zwo" and
    /// on. A file there with the same bytes is the same plan: its name is answered and nothing is
    /// written (`written` false). The file is written whole under a temporary name and then
    /// linked to its name, which fails rather than replace; nil when it could not be written.
    static func place(_ bytes: [UInt8], named name: String, in directory: String) -> (name: String, written: Bool)? {
        let temporary = directory + "/.heartline-incoming"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { unlink(temporary) }
        let failed = writeAll(bytes, to: descriptor) != nil || fsync(descriptor) != 0
        guard close(descriptor) == 0, !failed else { return nil }
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        for number in 1...99 {
            let candidate = number == 1 ? name : String(name[..<dot]) + "-\(number)" + String(name[dot...])
            let path = directory + "/" + candidate
            if link(temporary, path) == 0 { return (candidate, true) }
            guard errno == EEXIST else { return nil }
            if OutsideFile.read(at: path, upTo: bytes.count + 1) == .success(bytes) { return (candidate, false) }
        }
        return nil
    }

    /// Flushes the folders' entries to the stick (each file was synced as it was written).
    static func sync(mount: String) {
        for path in [mount + "/" + folder, mount] {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            fsync(descriptor)
            close(descriptor)
        }
    }

    /// Syncs a file in the stick's folder, by its name there, no link followed.
    private static func syncEntry(_ name: String, in directory: Int32) -> StickProblem? {
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return problem(errno) }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : problem(errno)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> StickProblem? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return problem(errno)
            }
            offset += written
        }
        return nil
    }

    /// The system's reason, as the core hears it.
    static func problem(_ code: Int32) -> StickProblem {
        switch code {
        case EROFS, EACCES, EPERM: .readOnly
        case ENOSPC, EDQUOT, EFBIG: .full
        case ENODEV, ENXIO, ENOENT, ENOTDIR: .removed
        default: .failed
        }
    }
}
