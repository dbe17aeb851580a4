#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// `heartline-bench startup --dir DIR [--runs N] [--binary PATH] [--warm]`
///
/// Launch to the first sentence with a long history on a cold cache: before each launch the
/// database's pages are dropped from the page cache (posix_fadvise DONTNEED on the file and its
/// log, which needs no privilege), then the built binary starts with `--speech transcript` on
/// a pipe. Reported: the time from just before the launch to the first transcript line, and the
/// bytes the process had read from the disk by then (read_bytes of /proc/PID/io, read as soon
/// as the line arrives). Make DIR with `heartline generate --years 10 --data-dir DIR`.
enum StartupBenchmark {
    static func run(_ arguments: [String]) throws {
        var directory: String?
        var runs = 10
        var cold = true
        var binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "heartline"
        ).path
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if option == "--warm" {
                cold = false
                continue
            }
            guard let value = rest.popFirst() else { throw StorageBenchmark.BenchmarkError("\(option) needs a value") }
            switch option {
            case "--dir": directory = value
            case "--runs": runs = Int(value) ?? runs
            case "--binary": binary = value
            default: throw StorageBenchmark.BenchmarkError("unknown option \(option); use --dir DIR, --runs N, --binary PATH, --warm")
            }
        }
        guard let directory else {
            throw StorageBenchmark.BenchmarkError("--dir DIR is needed (heartline generate --years 10 --data-dir DIR)")
        }
        let database = directory + "/heartline.sqlite"
        let size = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? NSNumber)?.intValue ?? 0
        print(
            "heartline-bench startup: \(binary) on \(directory) (\(size / 1_000_000) MB database), \(runs) \(cold ? "cold" : "warm") launches"
        )
        print(StorageBenchmark.machineDescription())
        print(
            "cold = the database's pages dropped with posix_fadvise(DONTNEED) before each launch; time = ContinuousClock from before the launch to the first transcript line"
        )
        var times: [Double] = []
        var reads: [Int] = []
        for _ in 0..<runs {
            if cold {
                for path in [database, database + "-wal"] { evict(path) }
            }
            let (milliseconds, bytes) = try launch(binary, directory: directory)
            times.append(milliseconds)
            reads.append(bytes)
        }
        times.sort()
        reads.sort()
        let median = times[times.count / 2]
        let maximum = times.last ?? 0
        print("first sentence: median \(String(format: "%.1f", median)) ms, maximum \(String(format: "%.1f", maximum)) ms")
        print("read from disk before it: median \(reads[reads.count / 2] / 1024) KiB, maximum \((reads.last ?? 0) / 1024) KiB")
    }

    static func evict(_ path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        fdatasync(fd)
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
    }

    static func launch(_ binary: String, directory: String) throws -> (Double, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--speech", "transcript", "--data-dir", directory]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        let reader = output.fileHandleForReading
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let elapsed = started.duration(to: .now)
        let io = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/io", encoding: .utf8)) ?? ""
        let bytes =
            io.split(separator: "\n").first { $0.hasPrefix("read_bytes:") }
            .flatMap { Int($0.dropFirst("read_bytes:".count).trimmingCharacters(in: .whitespaces)) } ?? -1
        input.fileHandleForWriting.write(Data("quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return (Double(elapsed / .microseconds(1)) / 1000, bytes)
    }
}
