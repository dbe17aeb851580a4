#if canImport(Glibc)
    import Glibc
#endif
import Testing

extension Tag {
    /// The code under test runs on more than one thread (a storage thread, the loop's inbox,
    /// espeak-ng's synthesis thread, the binary's own threads): contrib/test.sh runs every suite
    /// with this tag under ThreadSanitizer. Not for suites that open libspeechd, in this process
    /// or in the binary: libspeechd cancels its reader thread inside a read TSan intercepts, and
    /// TSan ends the process for it.
    @Tag public static var threads: Self
}

/// Each test case's own time, from when its body starts to when it returns, appended to the file
/// `$HEARTLINE_TEST_TIMES` names (nothing is written without it) as "seconds, a tab, the test's
/// id". Swift Testing's own "passed after" and the event stream's start count from when a test
/// was scheduled, which in a parallel run is the start of the run for most of them.
///
/// On every top-level suite (`@Suite(.timed)`); it reaches the suites and tests inside.
public struct Timed: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil || Self.file == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        let started = ContinuousClock.now
        defer { Self.record(test.id.description, started.duration(to: .now)) }
        try await function()
    }

    private static let file: String? = getenv("HEARTLINE_TEST_TIMES").map { String(cString: $0) }

    private static func record(_ test: String, _ took: Duration) {
        guard let file else { return }
        let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        // One write of a short line with O_APPEND: lines from tests running at once never mix.
        let line = Array("\(seconds)\t\(test)\n".utf8)
        let fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

extension Trait where Self == Timed {
    /// Each test's own time, for contrib/test.sh's slowest tests.
    public static var timed: Self { Timed() }
}
