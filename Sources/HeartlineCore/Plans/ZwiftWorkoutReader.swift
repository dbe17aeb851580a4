/// Reads a Zwift workout file (`.zwo`): `<workout_file>` with its `<name>` and the steps of its
/// `<workout>` (Warmup, Cooldown, SteadyState, IntervalsT, Ramp, FreeRide, MaxEffort), power as
/// a fraction of FTP. A small reader of that subset of XML of its own, since Foundation's XML
/// parser needs libxml2 at run time and the release build links Foundation in statically.
public enum ZwiftWorkoutReader {
    /// One element as read: its name, attributes, and the text before its end.
    private struct Element {
        var name: String
        var attributes: [String: String]
    }

    public static func read(_ bytes: [UInt8]) throws(CoachFileError) -> CoachWorkout {
        try read(bytes, nameOnly: false)
    }

    /// The workout's own name, read no further than the start of its steps when it comes
    /// before them (as Zwift writes it): what a search of the plans folder needs.
    public static func name(_ bytes: [UInt8]) throws(CoachFileError) -> String {
        try read(bytes, nameOnly: true).name
    }

    private static func read(_ bytes: [UInt8], nameOnly: Bool) throws(CoachFileError) -> CoachWorkout {
        guard bytes.count <= FITWorkoutReader.largestFile else { throw .tooLarge }
        guard !bytes.isEmpty else { throw .empty }
        let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var at = 0
        var open: [String] = []
        var name = ""
        var sport = ""
        var sawRoot = false
        var parts: [CoachWorkout.Part] = []
        var messages: [CoachWorkout.Message] = []
        var number = 0
        while at < text.count {
            guard text[at] == "<" else {
                let start = at
                while at < text.count, text[at] != "<" { at += 1 }
                if open.dropLast().last == "workout_file" {
                    let said = unescape(String(String.UnicodeScalarView(text[start..<at])))
                    if open.last == "name" { name += said } else if open.last == "sportType" { sport += said }
                }
                continue
            }
            // Comments, declarations and processing instructions are passed over whole.
            if starts(text, at, "<!--") {
                guard let close = find(text, from: at + 4, "-->") else { throw .truncated }
                at = close + 3
                continue
            }
            if starts(text, at, "<?") || starts(text, at, "<!") {
                guard let close = find(text, from: at, ">") else { throw .truncated }
                at = close + 1
                continue
            }
            guard let close = tagEnd(text, from: at) else { throw .truncated }
            var inside = String(String.UnicodeScalarView(text[(at + 1)..<close])).trimmingSpaces
            at = close + 1
            if inside.hasPrefix("/") {
                let closing = String(inside.dropFirst()).trimmingSpaces
                guard open.last == closing else { throw .notAWorkoutFile }
                open.removeLast()
                continue
            }
            let empty = inside.hasSuffix("/")
            if empty { inside.removeLast() }
            guard let element = element(inside) else { throw .notAWorkoutFile }
            if open.isEmpty {
                guard element.name == "workout_file" else { throw .notAWorkoutFile }
                sawRoot = true
            }
            if nameOnly, element.name == "workout", open == ["workout_file"], !name.trimmingSpaces.isEmpty {
                return CoachWorkout(name: name.trimmingSpaces, parts: [])
            }
            // A coach's message is no step, wherever it stands: the steps keep the file's numbers.
            if element.name.lowercased() == "textevent", open.count >= 2, open[1] == "workout" {
                if let message = message(element, inPart: open.count == 2 ? nil : parts.indices.last) { messages.append(message) }
            } else if open.last == "workout" {
                number += 1
                parts.append(part(element, number: number))
            }
            if !empty { open.append(element.name) }
        }
        guard sawRoot else { throw .notAWorkoutFile }
        guard open.isEmpty else { throw .truncated }
        // A run's "power" is a share of threshold pace, which plans do not carry.
        let run = sport.trimmingSpaces.lowercased() == "run"
        return CoachWorkout(name: name.trimmingSpaces, parts: run ? parts.map(Self.withPace) : parts, messages: messages)
    }

    /// A text event: its message at its offset, from the start of the step it stands in or,
    /// directly under `<workout>`, of the workout. One with no message is none; an offset that
    /// is no number is taken as 0, so that the message is said, not lost.
    private static func message(_ element: Element, inPart part: Int?) -> CoachWorkout.Message? {
        let attributes = Dictionary(element.attributes.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        guard let text = attributes["message"], !text.trimmingSpaces.isEmpty else { return nil }
        let offset = attributes["timeoffset"].flatMap(strictDecimal).map { Int(min(max($0, 0), 3e7).rounded()) } ?? 0
        return CoachWorkout.Message(part: part, offset: offset, text: text)
    }

    private static func withPace(_ part: CoachWorkout.Part) -> CoachWorkout.Part {
        func step(_ step: CoachWorkout.Step) -> CoachWorkout.Step {
            var paced = step
            if step.target != nil { paced.target = .unsupported(.pace) }
            paced.rampTo = nil
            return paced
        }
        switch part {
        case .step(let one): return .step(step(one))
        case .repeated(let times, let steps): return .repeated(times: times, steps.map(step))
        case .unknown, .unreadable: return part
        }
    }

    private static func part(_ element: Element, number: Int) -> CoachWorkout.Part {
        let attributes = element.attributes
        // A number the step uses that is no finite decimal ("NaN", "0x10"): the step is left out.
        var unreadable = false
        func decimal(_ key: String) -> Double? {
            guard let given = attributes[key] else { return nil }
            guard let value = strictDecimal(given) else {
                unreadable = true
                return nil
            }
            return value
        }
        // Any number a file writes, bounded to a year either way: out of a plan's range, said so.
        // None written is no set time.
        func seconds(_ key: String) -> CoachWorkout.Length {
            decimal(key).map { .seconds(Int(min(max($0, -3e7), 3e7).rounded())) } ?? .open
        }
        func share(_ key: String) -> CoachWorkout.Target? {
            decimal(key).map { .shareOfFTP($0) }
        }
        func checked(_ part: CoachWorkout.Part) -> CoachWorkout.Part {
            unreadable ? .unreadable(number: number, name: element.name) : part
        }
        // A cadence to ride at, in revolutions a minute, beside the power.
        func cadence(_ key: String) -> Int? {
            decimal(key).map { Int(min(max($0, -1e6), 1e6).rounded()) }
        }
        func step(
            _ intensity: CoachWorkout.Intensity, _ length: CoachWorkout.Length, _ target: CoachWorkout.Target?,
            rampTo: CoachWorkout.Target? = nil
        ) -> CoachWorkout.Part {
            // A run's pace zone is a target plans do not carry.
            let target = target ?? (attributes["pace"] != nil ? .unsupported(.pace) : nil)
            return checked(
                .step(
                    CoachWorkout.Step(
                        number: number, intensity: intensity, length: length, target: target, rampTo: rampTo,
                        cadence: cadence("Cadence"))))
        }
        switch element.name.lowercased() {
        case "warmup":
            return step(.warmUp, seconds("Duration"), share("PowerLow") ?? share("Power"), rampTo: share("PowerHigh"))
        case "cooldown":
            return step(.coolDown, seconds("Duration"), share("PowerLow") ?? share("Power"), rampTo: share("PowerHigh"))
        case "ramp":
            return step(.active, seconds("Duration"), share("PowerLow"), rampTo: share("PowerHigh"))
        case "steadystate":
            return step(.active, seconds("Duration"), share("Power") ?? share("PowerLow"))
        case "freeride":
            return step(.active, seconds("Duration"), nil)
        case "intervalst":
            // Rounds are whole: a count that is not one, or is below one, is no count to follow.
            let times = attributes["Repeat"].map { given in strictDecimal(given).flatMap { $0 >= 1 ? Int(exactly: $0) : nil } } ?? 1
            guard let times else { return .unreadable(number: number, name: element.name) }
            let work = CoachWorkout.Step(
                number: number, intensity: .active, length: seconds("OnDuration"), target: share("OnPower") ?? share("PowerOnHigh"),
                cadence: cadence("Cadence"))
            let rest = CoachWorkout.Step(
                number: number, intensity: .rest, length: seconds("OffDuration"), target: share("OffPower") ?? share("PowerOffLow"),
                cadence: cadence("CadenceResting"))
            return checked(.repeated(times: times, [work, rest]))
        default:
            return .unknown(number: number, name: element.name)
        }
    }

    /// A number as XML writes a decimal: an optional sign, digits with an optional point, an
    /// optional exponent, and finite. Hexadecimal, "NaN" and "inf", which Swift's own parsing
    /// takes, are not numbers a coach's tool writes.
    static func strictDecimal(_ text: String) -> Double? {
        let scalars = Array(text.trimmingSpaces.unicodeScalars)
        var at = 0
        func digits() -> Int {
            let start = at
            while at < scalars.count, ("0"..."9").contains(scalars[at]) { at += 1 }
            return at - start
        }
        if at < scalars.count, scalars[at] == "+" || scalars[at] == "-" { at += 1 }
        var mantissa = digits()
        if at < scalars.count, scalars[at] == "." {
            at += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if at < scalars.count, scalars[at] == "e" || scalars[at] == "E" {
            at += 1
            if at < scalars.count, scalars[at] == "+" || scalars[at] == "-" { at += 1 }
            guard digits() > 0 else { return nil }
        }
        guard at == scalars.count, let value = Double(String(String.UnicodeScalarView(scalars))), value.isFinite else { return nil }
        return value
    }

    /// `name key="value" key='value'`, or nil when it is not that.
    private static func element(_ text: String) -> Element? {
        var scalars = Substring(text).unicodeScalars[...]
        func skipSpaces() { while let first = scalars.first, isSpace(first) { scalars.removeFirst() } }
        func word() -> String {
            var result = ""
            while let first = scalars.first, !isSpace(first), first != "=", first != "\"", first != "'" {
                result.unicodeScalars.append(first)
                scalars.removeFirst()
            }
            return result
        }
        let name = word()
        guard !name.isEmpty else { return nil }
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard !scalars.isEmpty else { break }
            let key = word()
            skipSpaces()
            guard !key.isEmpty, scalars.popFirst() == "=" else { return nil }
            skipSpaces()
            guard let quote = scalars.popFirst(), quote == "\"" || quote == "'" else { return nil }
            var value = ""
            while let next = scalars.popFirst(), next != quote { value.unicodeScalars.append(next) }
            attributes[key] = unescape(value)
        }
        return Element(name: name, attributes: attributes)
    }

    private static func unescape(_ text: String) -> String {
        // Looked for byte by byte: Foundation's search cost a tenth of a large file's reading.
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return text.replacingEntity("&lt;", "<").replacingEntity("&gt;", ">").replacingEntity("&quot;", "\"")
            .replacingEntity("&apos;", "'").replacingEntity("&amp;", "&")
    }

    /// XML's white space: space, tab, carriage return and line feed, and nothing else (a
    /// Unicode property lookup for every character cost a 250 kB file seconds).
    fileprivate static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
    }

    /// Whether `prefix` stands in `text` at `at`, compared in place.
    private static func starts(_ text: [Unicode.Scalar], _ at: Int, _ prefix: String) -> Bool {
        var index = at
        for wanted in prefix.unicodeScalars {
            guard index < text.count, text[index] == wanted else { return false }
            index += 1
        }
        return true
    }

    /// The `>` that closes the tag opened at `from`: one inside a quoted value, as in
    /// `name="> 60min"`, is the value's, since XML allows it there.
    private static func tagEnd(_ text: [Unicode.Scalar], from: Int) -> Int? {
        var quote: Unicode.Scalar?
        for at in from..<text.count {
            let scalar = text[at]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return at
            }
        }
        return nil
    }

    private static func find(_ text: [Unicode.Scalar], from: Int, _ wanted: String) -> Int? {
        var at = from
        while at < text.count {
            if starts(text, at, wanted) { return at }
            at += 1
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !ZwiftWorkoutReader.isSpace($0) }),
            let last = scalars.lastIndex(where: { !ZwiftWorkoutReader.isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    fileprivate func replacingEntity(_ entity: String, _ with: String) -> String {
        split(separator: entity, omittingEmptySubsequences: false).joined(separator: with)
    }
}
