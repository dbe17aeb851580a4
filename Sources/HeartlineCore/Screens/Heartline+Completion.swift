import Foundation

extension Heartline {
    /// The words the current screen accepts, for Tab completion: its items first, in the app's
    /// order, then the commands that work here and the values it asks for, each once.
    ///
    /// Every entry is normalized as typed commands are (lower case, single spaces), so the shell
    /// can compare it with what the user typed.
    public func completions() -> [String] {
        var candidates: [String]
        switch screen {
        case .workout:
            candidates = Self.workoutCommands + ["help", "where", "repeat", "quit"]
        case .confirmEnd, .confirmDeleteEnded, .confirmDeleteSaved:
            candidates = ["yes", "no"]
        case .entry(.sex):
            candidates = [words(.sexFemale), words(.sexMale)] + Self.globalCommands
        case .entry(.maximumHeartRate):
            candidates = ["clear"] + Self.globalCommands
        case .dateEntry:
            candidates = [words(.dateToday), words(.dateYesterday)] + Prompt.weekdays.map { words($0) } + Self.globalCommands
        default:
            candidates = menuItems().map(\.label) + (screen == .summary ? ["save"] : []) + Self.globalCommands
        }
        var seen: Set<String> = []
        return candidates.map(CommandText.normalize).filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
