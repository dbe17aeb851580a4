/// How a value is laid out in a characteristic. One description both reads and writes it, so a
/// decoder and its encoder cannot drift apart.
struct WireFormat<Value: Sendable>: Sendable {
    let read: @Sendable (inout ByteReader) throws(FrameError) -> Value
    let write: @Sendable (Value, inout [UInt8]) -> Void

    /// Reads a value from the front of `bytes`; bytes after it are ignored.
    func decode(_ bytes: [UInt8]) throws(FrameError) -> Value {
        var reader = ByteReader(bytes)
        return try read(&reader)
    }

    func encode(_ value: Value) -> [UInt8] {
        var bytes: [UInt8] = []
        write(value, &bytes)
        return bytes
    }

    /// The same bytes kept as another type, such as an option set over its raw value.
    func map<Other>(_ forward: @escaping @Sendable (Value) -> Other, back: @escaping @Sendable (Other) -> Value) -> WireFormat<Other> {
        WireFormat<Other>(
            read: { reader throws(FrameError) in forward(try read(&reader)) }, write: { value, bytes in write(back(value), &bytes) })
    }

    /// Fields sent one after another, each kept at its key path of `Value`: reading fills them
    /// into `blank` in order.
    static func fields(_ blank: Value, _ fields: Field...) -> WireFormat {
        WireFormat(
            read: { reader throws(FrameError) in
                var value = blank
                for field in fields { try field.read(&reader, &value) }
                return value
            },
            write: { value, bytes in
                for field in fields { field.write(value, &bytes) }
            })
    }

    /// One field of a value laid out as `fields`.
    struct Field: Sendable {
        let read: @Sendable (inout ByteReader, inout Value) throws(FrameError) -> Void
        let write: @Sendable (Value, inout [UInt8]) -> Void

        init<Part: Sendable>(_ path: WritableKeyPath<Value, Part> & Sendable, _ format: WireFormat<Part>) {
            read = { reader, value throws(FrameError) in value[keyPath: path] = try format.read(&reader) }
            write = { value, bytes in format.write(value[keyPath: path], &bytes) }
        }
    }
}

extension WireFormat {
    /// Two little-endian integers sent one after the other and kept together in `Value`.
    static func pair<First: FixedWidthInteger & Sendable, Second: FixedWidthInteger & Sendable>(
        _ blank: Value, _ first: WritableKeyPath<Value, First> & Sendable, _ firstField: String,
        _ second: WritableKeyPath<Value, Second> & Sendable, _ secondField: String
    ) -> WireFormat {
        .fields(blank, Field(first, .integer(firstField)), Field(second, .integer(secondField)))
    }
}

extension WireFormat where Value: FixedWidthInteger {
    /// A little-endian integer of `Value`'s width, named `field` when the frame ends inside it.
    static func integer(_ field: String) -> WireFormat {
        WireFormat(
            read: { reader throws(FrameError) in try reader.integer(field) }, write: { value, bytes in bytes.appendLittleEndian(value) })
    }
}

extension WireFormat<UInt32> {
    /// Three bytes, the width of the Fitness Machine Service's distances.
    static func uint24(_ field: String) -> WireFormat {
        WireFormat(
            read: { reader throws(FrameError) in try reader.uint24(field) }, write: { value, bytes in bytes.appendLittleEndian24(value) })
    }
}

extension WireFormat where Value: RawRepresentable, Value.RawValue == UInt8 {
    /// One byte naming a case; a byte that names none is refused as `field`.
    static func oneByte(_ field: String) -> WireFormat {
        WireFormat(
            read: { reader throws(FrameError) in
                let raw = try reader.uint8(field)
                guard let value = Value(rawValue: raw) else { throw .invalid(field: field, value: Int(raw)) }
                return value
            },
            write: { value, bytes in bytes.append(value.rawValue) })
    }
}
