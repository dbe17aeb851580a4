/// A number as people write it in a log line: at most `decimals` digits after the point, no
/// trailing zeros, never "6.800000000000001".
public func plainNumber(_ value: Double, decimals: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<max(0, decimals) { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        return String(Int64(rounded))
    }
    var text = "\(rounded)"
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

/// "1 second", "0.5 seconds", "3 seconds": a duration for a log line.
public func plainSeconds(_ value: Double) -> String {
    let number = plainNumber(value)
    return number == "1" ? "1 second" : "\(number) seconds"
}
