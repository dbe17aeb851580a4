import Foundation
import HeartlineTestSupport
import Testing

/// Which shared libraries the running binary has mapped: libespeak-ng and the libraries it
/// brings (PulseAudio, ALSA, X11, sndfile's codecs) only when espeak-ng speaks.
@Suite(.timed) struct LoadedLibrariesTests {
    /// Starts the binary with `arguments` in its shell (standard input a pipe kept open) and
    /// returns the files it has mapped (from /proc/PID/maps) once its log says `logged`, or
    /// after 20 seconds; then it is told to quit.
    func mappedFiles(_ arguments: [String], once logged: String) throws -> [String] {
        let data = TemporaryDirectory()
        let log = data.path + "/log"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = arguments + ["--config", "/dev/null", "--data-dir", data.path + "/data", "--log", log]
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
        #expect(FileWatch.wait(for: logged, inFile: log, timeout: 20), "never logged \(logged): \(FileWatch.contents(of: log))")
        // Read to its end: procfs files report a size of 0.
        let handle = FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps")
        let maps = String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        try? handle?.close()
        return maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).dropFirst(5).first.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    @Test func aTranscriptShellMapsNoEspeakNorItsAudioLibraries() throws {
        // The database was checked: start-up is done, its shared memory file mapped.
        let files = try mappedFiles(["--speech", "transcript"], once: "storage: quick_check")
        #expect(files.contains { $0.hasSuffix("/heartline.sqlite-shm") }, "\(files)")
        for library in ["libespeak-ng.so", "libpulse.so", "libasound.so", "libX11.so", "libsndfile.so", "libFLAC.so"] {
            #expect(!files.contains { $0.contains("/" + library) }, "\(library) is mapped: \(files)")
        }
    }

    @Test func speakingThroughEspeakLoadsTheLibrary() throws {
        // The engine is chosen once its library is open.
        let files = try mappedFiles(["--speech", "espeak"], once: "speech: espeak-ng directly")
        #expect(files.contains { $0.contains("/libespeak-ng.so.1") }, "\(files)")
    }
}
