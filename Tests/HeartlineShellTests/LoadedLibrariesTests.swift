import Foundation
import HeartlineTestSupport
import Testing

/// Which shared libraries the running binary has mapped: libespeak-ng and the libraries it
/// brings (PulseAudio, ALSA, X11, sndfile's codecs) only when espeak-ng speaks.
@Suite(.timed) struct LoadedLibrariesTests {
    /// Starts the binary with `arguments` in its shell (standard input a pipe kept open) and
    /// returns the files it has mapped (from /proc/PID/maps) once `ready` says so, or after 20
    /// seconds; then it is told to quit.
    func mappedFiles(_ arguments: [String], ready: ([String]) -> Bool) throws -> [String] {
        let data = TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = arguments + ["--config", "/dev/null", "--data-dir", data.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        defer {
            input.fileHandleForWriting.write(Data("quit\n".utf8))
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        var files: [String] = []
        let deadline = Date().addingTimeInterval(20)
        repeat {
            usleep(50_000)
            // Read to its end: procfs files report a size of 0.
            let handle = FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps")
            let maps = String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            try? handle?.close()
            files = maps.split(separator: "\n").compactMap { line in
                line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).dropFirst(5).first.map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
            }
        } while !ready(files) && Date() < deadline && process.isRunning
        return files
    }

    @Test func aTranscriptShellMapsNoEspeakNorItsAudioLibraries() throws {
        // The database is open once SQLite's shared memory file is mapped: start-up is done.
        let files = try mappedFiles(["--speech", "transcript"]) { files in
            files.contains { $0.hasSuffix("/heartline.sqlite-shm") }
        }
        #expect(files.contains { $0.hasSuffix("/heartline.sqlite-shm") }, "\(files)")
        for library in ["libespeak-ng.so", "libpulse.so", "libasound.so", "libX11.so", "libsndfile.so", "libFLAC.so"] {
            #expect(!files.contains { $0.contains("/" + library) }, "\(library) is mapped: \(files)")
        }
    }

    @Test func speakingThroughEspeakLoadsTheLibrary() throws {
        let files = try mappedFiles(["--speech", "espeak"]) { files in
            files.contains { $0.contains("/libespeak-ng.so.1") }
        }
        #expect(files.contains { $0.contains("/libespeak-ng.so.1") }, "\(files)")
    }
}
