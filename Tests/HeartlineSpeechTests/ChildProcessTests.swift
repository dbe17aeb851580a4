#if canImport(Glibc)
    import Glibc
#endif
import HeartlineSpeech
import HeartlineTestSupport
import Testing

/// The children Heartline keeps running (`pactl subscribe`, a speech server it starts).
@Suite(.timed) struct ChildProcessTests {
    /// A pipe made without close-on-exec (as Foundation's `Pipe` makes them) while a long-lived
    /// child starts: the child holds none of it, so its reader sees the end as soon as the writer
    /// closes, not when the child ends.
    @Test func aLongLivedChildHoldsNoneOfTheProcesssOtherDescriptors() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Hangs: a child that lives until it is stopped.
        let child = try ChildProcess.spawn("/bin/sleep", ["30"])
        defer {
            child.send(SIGKILL)
            _ = child.wait()
        }
        close(ends[1])
        var reader = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&reader, 1, 5_000) == 1, "the pipe's end did not come while the child lives")
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
    }
}
