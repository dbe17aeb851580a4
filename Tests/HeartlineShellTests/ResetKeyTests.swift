#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
@testable import HeartlineShell
import HeartlineTestSupport
import Testing

/// The reset key on a real pseudo-terminal: what is waiting is read without Enter, and a key
/// pressed just before Heartline reads is given time to repeat.
@Suite(.timed) struct ResetKeyTests {
    /// A pseudo-terminal pair: the master the test types into, the slave Heartline reads.
    static func terminal() throws -> (master: Int32, slave: Int32) {
        var name = [CChar](repeating: 0, count: 128)
        let master = heartline_openpt(&name, name.count)
        guard master >= 0 else { throw POSIXError(.ENXIO) }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw POSIXError(.ENXIO) }
        return (master, slave)
    }

    static func type(_ text: String, on master: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    @Test func keysWaitingWithoutEnterAreReadAndTheTerminalLeftAsItWas() throws {
        let (master, slave) = try Self.terminal()
        defer {
            close(master)
            close(slave)
        }
        var before = termios()
        tcgetattr(slave, &before)
        Self.type("4x", on: master)
        #expect(ResetKey.typedAhead(fd: slave) == Array("4x".utf8))
        var after = termios()
        tcgetattr(slave, &after)
        #expect(after.c_lflag == before.c_lflag)
        #expect(!ResetKey.isHeld(in: Array("4x".utf8)))
    }

    /// Minus pressed once just before the read, its repeats arriving 0.2 s later: still a held key.
    @Test func aKeyPressedJustBeforeTheReadIsGivenTimeToRepeat() throws {
        let (master, slave) = try Self.terminal()
        defer {
            close(master)
            close(slave)
        }
        Self.type("-", on: master)
        let repeats = Thread {
            // Real time: a held key's repeats come 0.2 s after its first press, as a keyboard's do.
            usleep(200_000)
            Self.type("------", on: master)
        }
        repeats.start()
        let read = ResetKey.typedAhead(fd: slave)
        #expect(ResetKey.isHeld(in: read), "read \(read.count) bytes")
    }

    @Test func heldMeansFiveInARow() {
        #expect(ResetKey.isHeld(in: Array("a-----".utf8)))
        #expect(!ResetKey.isHeld(in: Array("--a--".utf8)))
        #expect(!ResetKey.isHeld(in: []))
    }
}
