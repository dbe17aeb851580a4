/// One D-Bus value, as a message carries it.
public indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    case variant(DBusValue)
    /// An array of values of one type, named by `element` ("s", "o", "(sv)").
    case array(element: String, [DBusValue])
    /// A dictionary: an array of key-value entries ("a{sv}" has key "s" and value "v").
    case dictionary(key: String, value: String, [DBusEntry])
    case structure([DBusValue])

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .variant: "v"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }

    /// The value inside a variant (of variants), or the value itself.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// A string, object path or signature.
    public var string: String? {
        switch unwrapped {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    public var bool: Bool? {
        if case .bool(let value) = unwrapped { return value }
        return nil
    }

    /// Any integer, widened.
    public var integer: Int? {
        switch unwrapped {
        case .byte(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The elements of an array.
    public var elements: [DBusValue]? {
        if case .array(_, let elements) = unwrapped { return elements }
        return nil
    }

    /// The entries of a dictionary keyed by strings or object paths, their values unwrapped.
    public var entries: [String: DBusValue]? {
        guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            if let key = entry.key.string { result[key] = entry.value.unwrapped }
        }
        return result
    }

    /// An "a{sv}" dictionary, each value in its variant.
    public static func properties(_ values: [String: DBusValue]) -> DBusValue {
        .dictionary(
            key: "s", value: "v",
            values.sorted { $0.key < $1.key }.map { DBusEntry(key: .string($0.key), value: .variant($0.value)) })
    }
}

/// One entry of a D-Bus dictionary.
public struct DBusEntry: Equatable, Sendable {
    public var key: DBusValue
    public var value: DBusValue
}

/// A D-Bus error: from a reply ("org.bluez.Error.Failed"), or the connection's own.
public struct DBusFailure: Error, Equatable, Sendable {
    public var name: String
    public var message: String

    /// The connection is closed, so no reply can come.
    public static let disconnected = DBusFailure(name: "org.freedesktop.DBus.Error.Disconnected", message: "")
}

/// One message received: a signal, or a method call to an exported object.
public struct DBusMessage: Equatable, Sendable {
    public var sender: String?
    public var path: String?
    public var interface: String?
    public var member: String?
    public var arguments: [DBusValue]
}

/// A signal of org.freedesktop.DBus.ObjectManager: a service's objects, or some of their
/// interfaces, coming and going.
public enum ObjectManagerSignal: Equatable, Sendable {
    /// An object at `path` gained these interfaces, each with its properties.
    case added(path: String, interfaces: [String: DBusValue])
    /// The object at `path` lost these interfaces.
    case removed(path: String, interfaces: [String])

    /// `message` read as an ObjectManager signal; nil for any other message, or one whose
    /// arguments are not as the specification has them.
    public init?(_ message: DBusMessage) {
        guard message.interface == "org.freedesktop.DBus.ObjectManager", message.arguments.count == 2,
            let path = message.arguments[0].string
        else { return nil }
        switch message.member {
        case "InterfacesAdded":
            guard let interfaces = message.arguments[1].entries else { return nil }
            self = .added(path: path, interfaces: interfaces)
        case "InterfacesRemoved":
            self = .removed(path: path, interfaces: message.arguments[1].elements?.compactMap(\.string) ?? [])
        default:
            return nil
        }
    }
}

/// The answer an exported object gives to a method call.
public enum DBusAnswer: Equatable, Sendable {
    case reply([DBusValue])
    case error(DBusFailure)
}
