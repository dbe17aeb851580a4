/// Plans from a coach's files: the plans folder listed by name, a file that cannot be read said
/// with why, and a chosen file's plan taken like a typed one after what became of its steps.
extension Heartline {
    /// The sentences said about a file's steps before the rest are counted in one.
    static let mostNotesSaid = 6

    /// The plans folder as the edge read it: listed above the plan step, or said to be empty.
    mutating func showPlanFiles(_ files: [PlanFile]) {
        guard case .configure(.plan, _) = screen else { return }
        guard !files.isEmpty else {
            say(.answer, .coachNone)
            return
        }
        push(.planFiles(files.map { PlanFileEntry($0, profile: records.profile) }))
    }

    /// The readable files, by name, with each plan's length.
    func planFileItems(_ entries: [PlanFileEntry]) -> [MenuItem] {
        entries.indices.compactMap { index in
            guard case .success(let reading) = entries[index].reading, let plan = reading.plan else { return nil }
            return MenuItem(
                label: entries[index].name, state: words(.coachLength, ["duration": words.duration(plan.duration)]),
                action: .choosePlanFile(index))
        }
    }

    /// Each file that cannot be read, by its name and why.
    mutating func speakUnreadable(_ entries: [PlanFileEntry]) {
        for entry in entries {
            if case .failure(let error) = entry.reading { say(.menu, text: words.coachFileError(entry.file, error)) }
        }
    }

    /// A listed file chosen: back on the plan step, its name, what became of its steps, then the
    /// plan read back and taken, with the countdown as set there.
    mutating func choosePlanFile(_ index: Int) {
        guard case .planFiles(let entries) = screen, entries.indices.contains(index),
            case .success(let reading) = entries[index].reading, var plan = reading.plan
        else { return }
        stack.removeLast()
        guard case .configure(.plan, let draft) = screen else { return }
        plan.countdown = draft.countdown
        say(.answer, .coachChosen, ["name": entries[index].name])
        for note in reading.notes.prefix(Self.mostNotesSaid) { say(.answer, text: words.coachNote(note)) }
        if reading.notes.count > Self.mostNotesSaid {
            say(.answer, .coachMoreNotes, ["count": words.number(reading.notes.count - Self.mostNotesSaid)])
        }
        choosePlan(plan)
    }
}
