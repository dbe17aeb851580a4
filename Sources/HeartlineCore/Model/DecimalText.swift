/// Decimals written without an exponent and without Foundation: an export's xsd:double, a CSV
/// field, and the digits of a number said where ICU is not used.
enum DecimalText {
    /// `value` with at most `places` decimals, without an exponent: "2001.5", "3.012", "0".
    /// Beyond 10^15 units of the last place (no workout's distance) Swift's own form, which
    /// xsd:double also accepts.
    static func write(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e15 else { return String(value.rounded()) }
        let whole = Int(scaled)
        let factor = Int(scale)
        var text = (value < 0 && whole != 0 ? "-" : "") + String(whole / factor)
        var fraction = whole % factor
        guard fraction != 0 else { return text }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }
}
