import HeartlineCore

/// The manuals' markup, in which the option table and the configuration's settings say what they
/// do: plain text, with `literal` for what is typed as it is (bold in a manual page) and <VALUE>
/// for what the reader puts in (italic), and a blank line between paragraphs.
enum ManualText {
    /// As roff: paragraphs joined by `paragraph` (".PP" at a section's top, ".IP" inside a tagged
    /// paragraph, so that the indent stays). The source's line breaks stay, so a change to the
    /// table is a change of as many lines in the page.
    static func roff(_ text: String, paragraph: String = ".PP") -> String {
        paragraphs(text).map { lines in lines.map(roffLine).joined(separator: "\n") }.joined(separator: "\n\(paragraph)\n")
    }

    /// As Markdown, one line a paragraph: `literal` stays, <VALUE> is written as VALUE.
    static func markdown(_ text: String) -> [String] {
        paragraphs(text).map { lines in
            lines.joined(separator: " ").replacing("<", with: "").replacing(">", with: "")
        }
    }

    /// As the plain text of `--help`, wrapped to `width` columns.
    static func plain(_ text: String, width: Int = 96) -> String {
        paragraphs(text).map { lines in
            wrap(lines.joined(separator: " ").filter { $0 != "`" && $0 != "<" && $0 != ">" }, width: width).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// Words filled into lines of at most `width` columns, each line after the first starting
    /// with `indent`.
    static func wrap(_ text: String, width: Int, prefix: String = "", indent: String = "") -> [String] {
        var lines: [String] = []
        var line = prefix
        for word in text.split(separator: " ") {
            let start = lines.isEmpty ? prefix : indent
            if line.count > start.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += (line.count > start.count ? " " : "") + word
            }
        }
        return lines + [line]
    }

    private static func paragraphs(_ text: String) -> [[String]] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .split(whereSeparator: { $0.allSatisfy(\.isWhitespace) })
            .map { $0.map { String($0.trimmingPrefix(while: \.isWhitespace)) } }
    }

    /// One line of the markup as roff: backslashes escaped, `...` bold, <...> italic, a line that
    /// would start with a control character guarded by `\&`. A hyphen in a literal, a value, an
    /// option or a negative number is `\-` (typed as it is, never broken); one between words is
    /// the typesetter's hyphen.
    static func roffLine(_ line: String) -> String {
        var out = ""
        var bold = false
        var italic = false
        let characters = Array(line)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            let previous = index > 0 ? characters[index - 1] : " "
            switch character {
            case "-" where bold || italic || next == "-" || next.isNumber || previous == "-" || (previous == " " && next.isLetter):
                out += "\\-"
            case "-": out += "-"
            case "`":
                bold.toggle()
                out += bold ? "\\fB" : "\\fR"
            case "<" where !bold:
                italic = true
                out += "\\fI"
            case ">" where italic:
                italic = false
                out += "\\fR"
            case "\\": out += "\\e"
            default: out.append(character)
            }
        }
        return out.first == "." || out.first == "'" ? "\\&" + out : out
    }
}

/// The documents generated from the option table (`CommandSpec`) and the configuration's
/// settings (`Configuration.settings`): the generated sections of heartline(1), the whole of
/// heartline.conf(5), the example configuration file and the administrator's guide's list of
/// settings. The suite generates them and compares (`ManualPagesTests`), so that an edit to a page
/// alone, or to the table alone, fails; `HEARTLINE_WRITE_MANUALS=1` writes what it generates.
enum ManualPages {
    struct Documents: Equatable, Sendable {
        var heartline1: String
        var heartlineConf5: String
        var example: String
        var adminGuide: String
    }

    /// The sections of heartline(1) made here; the rest of the page is written by hand.
    static let generatedSections = ["SYNOPSIS", "OPTIONS", "SUBCOMMANDS", "CONFIGURATION"]

    static let mark = #".\" Generated from the option table (Sources/HeartlineShell/Start): edit it there."#

    /// The documents as the tables make them, from the hand-written parts of `current`.
    static func generate(from current: Documents) -> Documents {
        Documents(
            heartline1: heartline1(current.heartline1),
            heartlineConf5: heartlineConf5(title: titleLine(current.heartline1)),
            example: example(),
            adminGuide: adminGuide(current.adminGuide))
    }

    // MARK: heartline(1)

    static func heartline1(_ page: String) -> String {
        var page = page
        for section in generatedSections {
            page = replacingSection(section, of: page, with: heartline1Section(section))
        }
        return page
    }

    private static func heartline1Section(_ name: String) -> String {
        switch name {
        case "SYNOPSIS":
            let shell = [".B heartline", ".RI [ options ]", ".br", ".B heartline \\-\\-check", ".RI [ options ]"]
            let subcommands = CommandSpec.subcommands.flatMap { [".br", synopsis($0)] }
            return (shell + subcommands + [".br", ".B heartline \\-\\-help", "|", ".B \\-\\-version"]).joined(separator: "\n")
        case "OPTIONS":
            let options = CommandSpec.shell.options.map { option in
                var text = option.manual
                if let setting = Configuration.documented.first(where: { $0.document.option == option.name }) {
                    text += "\nIt is above the configuration file's `\(setting.name)` (see heartline.conf(5))."
                }
                return tagged(head(option), text)
            }
            return (["Options given on the command line are above the configuration file."] + options).joined(separator: "\n")
        case "SUBCOMMANDS":
            let commands = CommandSpec.subcommands.map { command in
                let options = command.options.map { tagged(head($0), $0.manual) }
                return ([tagged("\\fB\(command.name!)\\fR", command.manual), ".RS"] + options + [".RE"]).joined(separator: "\n")
            }
            return (["Each prints its own usage with \\fB\\-\\-help\\fR."] + commands).joined(separator: "\n")
        default:
            let names = Configuration.settingNames.map { "`\($0)`" }
            let text = """
                Heartline reads <$XDG_CONFIG_HOME/heartline/heartline.conf> (else <~/.config/heartline/heartline.conf>),
                or the file `--config` names: one <setting = value> a line, described in heartline.conf(5). Options on
                the command line are above it. Its settings:
                \(names.dropLast().joined(separator: ", ")) and \(names.last!).
                """
            return ManualText.roff(text)
        }
    }

    /// `.TP`, the head, then the text as indented paragraphs.
    private static func tagged(_ head: String, _ text: String) -> String {
        ".TP\n" + head + "\n" + ManualText.roff(text, paragraph: ".IP")
    }

    /// `--simulate [KINDS]` as a manual page's head: the option bold, its value italic.
    private static func head(_ option: OptionSpec) -> String {
        let name = ManualText.roffLine("`\(option.name)`") + (option.name == "--help" ? ", \\fB\\-h\\fR" : "")
        switch option.argument {
        case .none: return name
        case .required(let value): return name + " " + ManualText.roffLine("<\(value)>")
        case .optional(let value): return name + " [" + ManualText.roffLine("<\(value)>") + "]"
        }
    }

    private static func synopsis(_ command: CommandSpec) -> String {
        ([ManualText.roffLine("`heartline \(command.name!)`")] + command.synopsisParts(head)).joined(separator: " ")
    }

    // MARK: heartline.conf(5)

    private static func heartlineConf5(title: [String]) -> String {
        let date = title.count > 3 ? title[3] : "2026-01-01"
        let source = title.count > 4 ? title[4] : "\"Heartline \(HeartlineRelease.version)\""
        let settings = Configuration.documented.map { setting in
            var text = setting.document.manual
            if let option = setting.document.option { text += "\n`\(option)` on the command line is above it." }
            return tagged(ManualText.roffLine("`\(setting.name)` = \(setting.document.value)"), text)
        }
        let active = Configuration.documented.flatMap(\.document.example).filter { !$0.hasPrefix("#") }
        let lines =
            [
                ".TH HEARTLINE.CONF 5 \(date) \(source) \"File Formats\"", mark,
                // Words are not broken at a line's end, nor spaces stretched: a screen reader reads
                // the page as it is laid out.
                ".nh", ".ad l", ".SH NAME",
                "heartline.conf \\- the configuration file of Heartline, a voice-first workout shell", ".SH SYNOPSIS",
                ".I $XDG_CONFIG_HOME/heartline/heartline.conf", ".br", ".I ~/.config/heartline/heartline.conf",
                ".SH DESCRIPTION", ManualText.roff(description), ".SH SETTINGS", settings.joined(separator: "\n"),
                ".SH EXAMPLE", ".PP", ".RS", ".nf",
            ] + (active + ["key.+ = heart rate", "sensor = C0:11:22:33:44:55"]).map(ManualText.roffLine) + [
                ".fi", ".RE", ".SH FILES", ".TP", ".I /usr/share/doc/heartline/heartline.conf.example",
                "An example with every setting, each with a comment.", ".SH SEE ALSO", ".BR heartline (1)",
            ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static let description = """
        Heartline reads this file when it starts, or the file `--config` names. It holds one <setting = value> a
        line. Blank lines and lines starting with `#` are ignored; a value runs to the end of its line, with the
        spaces around it taken off. When a setting appears twice, the later line wins.

        A line that cannot be used is named in a spoken warning after "Heartline is ready." (its line number and
        setting, and what the setting takes), and the setting keeps its default; the rest of the file still
        counts. The first five such lines are named one by one; one more sentence counts the rest. A file larger
        than 64 kB, or one that is not a regular file, is not read, and one sentence says so.

        Options on the command line are above the file, and the settings made by ear (Settings, Speech and
        Settings, Language) are above both.
        """

    // MARK: the example file

    private static func example() -> String {
        var lines = [
            "# Heartline's configuration: copy to ~/.config/heartline/heartline.conf (or",
            "# $XDG_CONFIG_HOME/heartline/heartline.conf) and change what you need.",
            "#",
            "# One \"setting = value\" per line. Lines starting with # are ignored. A value runs to the end of",
            "# its line. Options on the command line win over this file. A line Heartline cannot use is named",
            "# in a spoken warning at start (its line number and setting), and that setting keeps its default.",
            "# Every setting is described in heartline.conf(5).",
        ]
        for (_, document) in Configuration.documented {
            if let note = document.note { lines += [""] + ManualText.wrap(note, width: 96, prefix: "# ", indent: "# ") }
            lines += document.example
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: the administrator's guide

    static let guideStart = "<!-- The settings: generated from Configuration.settings (ManualPagesTests). -->"
    static let guideEnd = "<!-- End of the settings. -->"

    private static func adminGuide(_ guide: String) -> String {
        guard let start = guide.range(of: guideStart), let end = guide.range(of: guideEnd, range: start.upperBound..<guide.endIndex)
        else { return guide }
        let items = Configuration.documented.flatMap { setting -> [String] in
            var text = ManualText.markdown(setting.document.manual).joined(separator: " ")
            if let option = setting.document.option { text += " `\(option)` on the command line is above it." }
            let value = setting.document.value.filter { !"`<>".contains($0) }
            return ManualText.wrap("`\(setting.name) = \(value)`: " + text, width: 100, prefix: "- ", indent: "  ")
        }
        return String(guide[..<start.upperBound]) + "\n" + items.joined(separator: "\n") + "\n" + String(guide[end.lowerBound...])
    }

    // MARK: sections

    /// The words of a page's `.TH` line, quoted words kept whole.
    private static func titleLine(_ page: String) -> [String] {
        guard let line = page.split(separator: "\n").first(where: { $0.hasPrefix(".TH ") }) else { return [] }
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() }
            if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        return word.isEmpty ? words : words + [word]
    }

    /// `page` with the body of `.SH name` (up to the next `.SH`) replaced; a page without the
    /// section gets it at the end.
    static func replacingSection(_ name: String, of page: String, with body: String) -> String {
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let section = [mark, body]
        guard let heading = lines.firstIndex(of: ".SH \(name)") else {
            return page + ".SH \(name)\n" + section.joined(separator: "\n") + "\n"
        }
        let next = lines[(heading + 1)...].firstIndex { $0.hasPrefix(".SH ") } ?? lines.endIndex - (lines.last == "" ? 1 : 0)
        lines.replaceSubrange((heading + 1)..<next, with: section)
        return lines.joined(separator: "\n")
    }
}
