#if canImport(Glibc)
    import Glibc
#endif
import HeartlineShell

// contrib/test.sh counts how often its stages start the binary: with HEARTLINE_LAUNCH_LOG set,
// each start appends one line to the file it names. Nothing else reads or writes it.
if let path = getenv("HEARTLINE_LAUNCH_LOG") {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    if fd >= 0 {
        let line = Array("\(getpid())\n".utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}
exit(HeartlineMain.run(CommandLine.arguments))
