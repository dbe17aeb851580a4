import Foundation

extension Heartline {
    /// The words the current screen accepts, for Tab completion: its items first, in the app's
    /// order, then the commands that work here and the values it asks for, each once.
    ///
    /// Every entry is normalized as typed commands are (lower case, single spaces), so the shell
    /// can compare it with what the user typed. A question offers only its answers.
    public func completions() -> [String] {
        let everywhere = Vocabulary.everywhere.map(words.name(of:))
        var candidates: [String]
        switch screen {
        case .workout:
            // Only the metrics this sport has: no pace, speed or power on a workout of sport Other.
            let offered = Metric.offered(for: workoutSport)
            candidates = Vocabulary.workout.filter { command in
                guard case .workout(let action) = command, let metric = Self.motionMetric(of: action) else { return true }
                return offered.contains(metric)
            }.map(words.name(of:))
        case .question:
            candidates = [words.name(of: .yes), words.name(of: .no)]
        case .entry(.sex):
            candidates = [words(.sexFemale), words(.sexMale)] + everywhere
        case .entry(.maximumHeartRate):
            // The language's own word for clearing: an English one in a Spanish session is foreign.
            candidates = [words.catalogue.vocabulary[TypedPhrase.clear.rawValue]?.first ?? TypedPhrase.clear.english[0]] + everywhere
        case .dateEntry:
            candidates = [words(.dateToday), words(.dateYesterday)] + Prompt.weekdays.map { words($0) } + everywhere
        case .summary:
            // "save" for "Save workout": the save item's first word, where no other item starts so.
            let items = menuItems()
            let first = { (item: MenuItem) in item.label.split(separator: " ").first.map(String.init) ?? "" }
            let save = items.first { $0.action == .saveWorkout }.map(first)
            let short = save.map { word in items.filter { first($0) == word }.count == 1 ? [word] : [] } ?? []
            candidates = items.map(\.label) + short + everywhere
        default:
            candidates = menuItems().map(\.label) + everywhere
        }
        var seen: Set<String> = []
        return candidates.map(CommandText.normalize).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The movement metric a workout command asks for, if it asks for one.
    static func motionMetric(of action: WorkoutAction) -> Metric? {
        switch action {
        case .pace: .pace
        case .speed: .speed
        case .distance: .distance
        case .cadence: .cadence
        case .power: .power
        case .time, .heartRate, .calories, .averageHeartRate, .allMetrics, .pauseOrResume, .pause, .resume, .end, .battery, .zone, .plan,
            .heartRateVariability, .lap, .incline, .faster, .slower:
            nil
        }
    }
}
