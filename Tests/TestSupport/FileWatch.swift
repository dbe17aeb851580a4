#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// Waits for what a program writes into a folder (its log, a port file, a marker) on the
/// folder's inotify events: the test looks again each time a file there is created, written,
/// moved in or removed, and never sleeps between looks.
public enum FileWatch {
    /// Waits until `condition` holds, looking at once and again on each change in `folder`;
    /// whether it held before `timeout`.
    public static func wait(in folder: String, timeout: TimeInterval, until condition: () -> Bool) -> Bool {
        let watch = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        precondition(watch >= 0, "inotify_init1 failed: \(String(cString: strerror(errno)))")
        defer { close(watch) }
        let changes = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_ATTRIB)
        // A folder not there yet is watched through its parent until it is.
        var watched = inotify_add_watch(watch, folder, changes) >= 0
        if !watched { _ = inotify_add_watch(watch, (folder as NSString).deletingLastPathComponent, changes) }
        let deadline = Date().addingTimeInterval(timeout)
        var events = [UInt8](repeating: 0, count: 4096)
        while true {
            if !watched { watched = inotify_add_watch(watch, folder, changes) >= 0 }
            if condition() { return true }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var ready = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32(min(left * 1000, 60_000)) + 1) > 0 {
                // Drained whole: the next poll waits for the next change.
                while events.withUnsafeMutableBytes({ read(watch, $0.baseAddress, $0.count) }) > 0 {}
            }
        }
    }

    /// Waits until the file at `path` holds `text` at least `count` times; whether it did before
    /// `timeout`.
    public static func wait(for text: String, times count: Int = 1, inFile path: String, timeout: TimeInterval) -> Bool {
        wait(in: (path as NSString).deletingLastPathComponent, timeout: timeout) {
            contents(of: path).components(separatedBy: text).count - 1 >= count
        }
    }

    /// The file's text; empty when it cannot be read.
    public static func contents(of path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
