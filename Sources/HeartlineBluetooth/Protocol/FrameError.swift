/// Why bytes from a strap or a Bluetooth controller were refused.
///
/// Every decoder in this folder throws this one error, naming the field it was reading, so a log
/// line says exactly where a frame went wrong.
public enum FrameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The frame ended inside `field`.
    case truncated(field: String)
    /// `count` bytes were left over that cannot form another `field`.
    case trailingBytes(field: String, count: Int)
    /// `field` holds a value the specification does not allow.
    case invalid(field: String, value: Int)

    public var description: String {
        switch self {
        case .truncated(let field): "frame ends inside \(field)"
        case .trailingBytes(let field, let count): "\(count) byte(s) left over after \(field)"
        case .invalid(let field, let value): "\(field) cannot be \(value)"
        }
    }
}
