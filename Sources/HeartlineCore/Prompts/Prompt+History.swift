// The history's comparison prompts: every key in Prompts/en/history.prompts, with its placeholders.

extension Prompt {
    public static let historyChangeHigher = Prompt("history.change.higher", ["before", "difference"])
    public static let historyChangeLower = Prompt("history.change.lower", ["before", "difference"])
    public static let historyChangeLonger = Prompt("history.change.longer", ["before", "difference"])
    public static let historyChangeShorter = Prompt("history.change.shorter", ["before", "difference"])
    public static let historyChangeMore = Prompt("history.change.more", ["before", "difference"])
    public static let historyChangeFewer = Prompt("history.change.fewer", ["before", "difference"])
    public static let historyChangeNone = Prompt("history.change.none", ["before"])
    public static let historyBeforeWeek = Prompt("history.before.week")
    public static let historyBeforeMonth = Prompt("history.before.month")
    public static let historyBeforeYear = Prompt("history.before.year")

    /// Every prompt of the history comparisons.
    public static let history: [Prompt] = [
        historyChangeHigher, historyChangeLower, historyChangeLonger, historyChangeShorter, historyChangeMore,
        historyChangeFewer, historyChangeNone, historyBeforeWeek, historyBeforeMonth, historyBeforeYear,
    ]
}
