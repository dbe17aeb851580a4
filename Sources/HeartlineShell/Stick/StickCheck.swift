#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// A stick's FAT file system checked, and mended where it is not clean, before Heartline mounts
/// and writes to it (the kernel's path; udisks2 does the same through its Check and Repair).
///
/// A stick pulled out mid-write keeps its dirty bit, and can keep directory entries whose
/// clusters the FAT marks free: a file written over such a volume takes those clusters, and the
/// older file's bytes become the new one's. `fsck.vfat -a` (dosfstools) truncates such entries,
/// frees lost clusters and clears the dirty bit; `fsck.vfat -n` then says whether it is clean.
/// Blocking (it reads and writes the whole FAT): called off the loop only.
enum StickCheck {
    enum Outcome: Equatable {
        /// Clean as it was: nothing changed.
        case clean
        /// Not clean, and mended: clean now.
        case mended
        /// Not checked: the file system is not FAT (exFAT), or fsck.vfat is not installed.
        case unchecked(String)
        /// Not clean, and still not clean after the repair (or not a file system at all).
        case failed(String)
    }

    /// Where dosfstools puts fsck.vfat, and the rest of PATH.
    static func fsckProgram(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        let folders = ["/usr/sbin", "/sbin"] + (path ?? "").split(separator: ":").map(String.init)
        return folders.map { $0 + "/fsck.vfat" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the boot sector names exFAT, which fsck.vfat does not know.
    static func isExFAT(_ device: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: device), let sector = try? handle.read(upToCount: 11) else { return false }
        try? handle.close()
        return sector.count == 11 && Array(sector[3..<11]) == Array("EXFAT   ".utf8)
    }

    /// Checks `device` (a block device or an image file, not mounted) and repairs it if need be.
    static func repair(_ device: String, fsck: String? = fsckProgram()) -> Outcome {
        if isExFAT(device) { return .unchecked("exFAT") }
        guard let fsck else { return .unchecked("no fsck.vfat (dosfstools)") }
        // A clean stick is only read: -n changes nothing.
        guard let first = run(fsck, ["-n", device]) else { return .failed("\(fsck) did not run") }
        if first.status == 0 { return .clean }
        // -a repairs what it can without asking; -w writes each change at once. Its exit status is
        // 1 both when it mended and when it could not read the volume: -n says which.
        guard let repaired = run(fsck, ["-a", "-w", device]), let checked = run(fsck, ["-n", device]) else {
            return .failed("\(fsck) did not run")
        }
        guard checked.status == 0 else {
            return .failed(
                "still not clean (fsck.vfat -a exit \(repaired.status), -n exit \(checked.status)): \(firstLine(checked.output))")
        }
        return .mended
    }

    /// Runs a program to its end; its exit status and what it wrote, nil when it cannot start.
    private static func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    /// What fsck said after its version line.
    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    }
}
