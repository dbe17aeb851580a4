// The fuzz targets compile this folder with SafeText into one module of their own.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// Turns the bytes a strap calls itself into a name safe to print and to speak.
///
/// Anyone nearby can advertise any bytes as a name, and the name ends up in a transcript on a
/// terminal and in a speech engine's input. So: decode as UTF-8 (broken sequences dropped), end
/// at the first NUL as C firmware pads names, remove terminal escape sequences whole (CSI, OSC,
/// DCS and the two-byte forms, in their 7-bit and 8-bit spellings), remove every other control
/// and format character (bidirectional overrides included, which could reorder what a sighted
/// helper reads), fold line breaks and tabs into single spaces, and keep at most
/// `maximumLength` characters, cut at a word (`SafeText.name`, the rule for every outside name).
public enum AdvertisedName {
    public static let maximumLength = SafeText.nameLength

    /// The cleaned name, or nil when nothing speakable is left. Escape sequences and control and
    /// format characters go as everywhere else (`SafeText`); runs of white space become one space.
    public static func sanitize(_ bytes: [UInt8]) -> String? {
        let visible = bytes.prefix { $0 != 0 }
        let decoded = String(String(decoding: visible, as: UTF8.self).unicodeScalars.filter { $0 != "\u{FFFD}" }.map(Character.init))
        let name = SafeText.name(decoded, limit: maximumLength)
        return name.isEmpty ? nil : name
    }
}
