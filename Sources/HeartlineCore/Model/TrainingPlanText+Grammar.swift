extension TrainingPlanText {
    /// Turns the words of a plan into tokens: counts, times, labels, targets and separators.
    struct TokenReader {
        let words: [String]
        private var index = 0
        private var result: [Token] = []

        init(words: [String]) {
            self.words = words
        }

        private func word(_ offset: Int = 0) -> String? {
            index + offset < words.count ? words[index + offset] : nil
        }

        private mutating func emit(_ kind: Kind, from start: Int) {
            result.append(Token(kind: kind, text: words[start..<index].joined(separator: " ")))
        }

        private func text(from start: Int) -> String {
            words[start..<max(index, start + 1)].joined(separator: " ")
        }

        mutating func tokens() throws(PlanTextError) -> [Token] {
            while let word = word() {
                let start = index
                if separators.contains(word) {
                    index += 1
                    emit(.separator, from: start)
                } else if let seconds = minutesAndSeconds(word) {
                    index += 1
                    emit(.duration(seconds, unit: 1), from: start)
                } else if let value = number() {
                    try afterNumber(value, from: start)
                } else {
                    try other(word, from: start)
                }
            }
            return result
        }

        /// A word that is neither a number nor a separator.
        private mutating func other(_ word: String, from start: Int) throws(PlanTextError) {
            index += 1
            switch word {
            case "warm", "warming":
                if self.word() == "up" || self.word() == "down" { index += 1 }
                emit(.label(words[index - 1] == "down" ? .coolDown : .warmUp), from: start)
            case "cool", "cooling":
                if self.word() == "down" { index += 1 }
                emit(.label(.coolDown), from: start)
            case "no", "without":
                if self.word() == "a" { index += 1 }
                guard self.word() == "countdown" else { throw .unknownWord(word) }
                index += 1
                emit(.noCountdown, from: start)
            case "once", "twice":
                emit(.count(word == "once" ? 1 : 2), from: start)
            case "level", "resistance", "incline", "speed", "power":
                try prefixedTarget(word, from: start)
            case "countdown":
                // "countdown off" is no countdown; "countdown" alone or "countdown on" asks for one.
                if let state = self.word(), state == "off" || state == "on" {
                    index += 1
                    if state == "off" { emit(.noCountdown, from: start) }
                }
            default:
                if let label = labels[word] {
                    emit(.label(label), from: start)
                } else if !fillers.contains(word) {
                    throw .unknownWord(word)
                }
            }
        }

        /// A number in digits or words at the current word, "a" before a unit, "half a", and
        /// "and a half" after any of them; the words are passed.
        private mutating func number() -> Double? {
            guard let word = word() else { return nil }
            var value: Double
            var length = 1
            if isNumeral(word), let parsed = Double(word) {
                value = parsed
            } else if let one = ones[word] {
                value = Double(one)
            } else if let ten = tens[word] {
                value = Double(ten)
                if let next = self.word(1), let one = ones[next], (1...9).contains(one) {
                    value += Double(one)
                    length = 2
                }
            } else if word == "a" || word == "an", let unit = self.word(1), timeUnits[unit] != nil {
                value = 1
            } else if word == "half", self.word(1) == "a" || self.word(1) == "an", let unit = self.word(2), timeUnits[unit] != nil {
                value = 0.5
                length = 2
            } else {
                return nil
            }
            if self.word(length) == "and", self.word(length + 1) == "a", self.word(length + 2) == "half" {
                value += 0.5
                length += 3
            }
            index += length
            return value
        }

        /// What a number is, from the word after it: a count, a time, a target, or a bare
        /// target after "at" that takes its block's unit.
        private mutating func afterNumber(_ value: Double, from start: Int) throws(PlanTextError) {
            let next = word()
            if let next, timesWords.contains(next) {
                index += 1
                guard value == value.rounded(), abs(value) < 1_000_000 else { throw .roundsOutOfRange(text(from: start)) }
                emit(.count(Int(value)), from: start)
            } else if let next, let factor = timeUnits[next] {
                index += 1
                let seconds = value * Double(factor)
                guard seconds <= Double(TrainingPlan.phaseRange.upperBound) else { throw .tooLong(text(from: start)) }
                addDuration(Int(seconds.rounded()), unit: factor, from: start)
            } else if let kind = unit() {
                emit(.target(kind, value), from: start)
            } else if start > 0, words[start - 1] == "at" || words[start - 1] == "to" {
                emit(.target(nil, value), from: start)
            } else if let next, !separators.contains(next), !fillers.contains(next), labels[next] == nil {
                // "1 km", "4 blorp": the number and the word after it are named together.
                index += 1
                throw .unknownWord(text(from: start))
            } else {
                throw .needsUnit(text(from: start))
            }
        }

        /// A time right after a longer one is part of it: "1 minute 30 seconds", "1 hour and 5 minutes".
        private mutating func addDuration(_ seconds: Int, unit: Int, from start: Int) {
            if let last = result.last, case .duration(let before, let larger) = last.kind, larger > unit,
                words[start - 1] == "and" || words[start - 1] == last.text.split(separator: " ").last.map(String.init)
            {
                result[result.count - 1] = Token(
                    kind: .duration(before + seconds, unit: unit), text: last.text + " " + words[start..<index].joined(separator: " "))
                return
            }
            emit(.duration(seconds, unit: unit), from: start)
        }

        /// A target's unit at the current word, passed: watts, kilometres per hour, per cent
        /// (with "incline" after it).
        private mutating func unit() -> PhaseTarget.Kind? {
            guard let word = word() else { return nil }
            if power.contains(word) {
                index += 1
                return .power
            }
            if speed.contains(word) {
                index += 1
                return .speed
            }
            if kilometres.contains(word) {
                var offset = 1
                if let joining = self.word(offset), ["per", "an", "a"].contains(joining) { offset += 1 }
                guard let hour = self.word(offset), hour == "hour" || hour == "h" else { return nil }
                index += offset + 1
                return .speed
            }
            if percent.contains(word) || word == "per" && self.word(1) == "cent" {
                index += word == "per" ? 2 : 1
                if let after = self.word(), inclineWords.contains(after) { index += 1 }
                return .incline
            }
            return nil
        }

        /// "level 8", "resistance level 8", "incline 2 per cent", "speed 12", "power 250".
        private mutating func prefixedTarget(_ word: String, from start: Int) throws(PlanTextError) {
            let kind: PhaseTarget.Kind =
                switch word {
                case "incline": .incline
                case "speed": .speed
                case "power": .power
                default: .resistance
                }
            if kind == .resistance, self.word() == "level" { index += 1 }
            while let filler = self.word(), filler == "of" || filler == "at" || filler == "to" { index += 1 }
            guard let value = number() else { throw .unknownWord(word) }
            let saved = index
            if let written = unit(), written != kind { index = saved }
            emit(.target(kind, value), from: start)
        }

        /// "1:30" is 90 seconds.
        private func minutesAndSeconds(_ word: String) -> Int? {
            let parts = word.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let minutes = Int(parts[0]), let seconds = Int(parts[1]), (0..<60).contains(seconds),
                minutes >= 0, minutes <= TrainingPlan.phaseRange.upperBound
            else { return nil }
            return minutes * 60 + seconds
        }
    }

    /// Puts the tokens together into a plan: a time pairs with a label on either side of it or
    /// with none, a target goes to the phase before it, a count or a second work starts a block,
    /// and a count at a block's end is that block's.
    struct PlanBuilder {
        private enum Slot {
            case warmUp, work, rest, coolDown
            /// The rest of its own after the block before.
            case recovery
        }

        private var warmUp: TrainingPlan.Step?
        private var coolDown: TrainingPlan.Step?
        private var blocks: [TrainingPlan.Block] = []
        private var countdown = true
        // The block being read.
        private var rounds: (count: Int, text: String)?
        /// A count written after the block's work, not yet known to end it or begin the next.
        private var afterCount: (count: Int, text: String)?
        private var work: TrainingPlan.Step?
        private var rest: TrainingPlan.Step?
        private var blockUnit: PhaseTarget.Kind?
        // What waits for its other half.
        private var pendingTime: (seconds: Int, text: String)?
        private var pendingLabel: (label: Label, text: String)?
        private var pendingTarget: (target: PhaseTarget, text: String)?
        /// The phase placed last; a label right after it names it when it had none.
        private var last: (slot: Slot, labelled: Bool, adjacent: Bool)?

        mutating func take(_ token: Token) throws(PlanTextError) {
            switch token.kind {
            case .count(let count):
                try flush()
                guard TrainingPlan.roundsRange.contains(count) else { throw .roundsOutOfRange(token.text) }
                last = nil
                if let counted = afterCount.take() {
                    rounds = counted
                    try closeBlock()
                }
                if work != nil, rounds == nil {
                    // "30 seconds on, 30 seconds off, 10 times": the count of the block before, or of the next.
                    afterCount = (count, token.text)
                    return
                }
                if rounds != nil || work != nil { try closeBlock() }
                rounds = (count, token.text)
            case .duration(let seconds, _):
                guard seconds >= TrainingPlan.phaseRange.lowerBound else { throw .tooShort(token.text) }
                guard seconds <= TrainingPlan.phaseRange.upperBound else { throw .tooLong(token.text) }
                if let (label, text) = pendingLabel.take() {
                    try place(label, seconds, text: text + " " + token.text, labelled: true)
                } else {
                    try flush()
                    pendingTime = (seconds, token.text)
                }
            case .label(let label):
                if let (seconds, text) = pendingTime.take() {
                    try place(label, seconds, text: text + " " + token.text, labelled: true)
                } else if let last, !last.labelled, last.adjacent {
                    try rename(last.slot, as: label, text: token.text)
                } else if let pendingLabel {
                    throw .needsTime(pendingLabel.text)
                } else {
                    pendingLabel = (label, token.text)
                }
            case .target(let written, let value):
                try flush()
                guard let kind = written ?? blockUnit else { throw .needsUnit(token.text) }
                guard let target = PhaseTarget(kind, value) else { throw .targetOutOfRange(token.text) }
                if written != nil { blockUnit = kind }
                if pendingLabel == nil, let last, step(last.slot)?.target == nil {
                    update(last.slot) { $0.target = target }
                } else if let pendingTarget {
                    throw .needsTime(pendingTarget.text)
                } else {
                    pendingTarget = (target, token.text)
                }
            case .noCountdown:
                countdown = false
            case .separator:
                try flush()
                last?.adjacent = false
            }
        }

        mutating func plan() throws(PlanTextError) -> TrainingPlan {
            try flush()
            if let counted = afterCount.take() { rounds = counted }
            if let pendingLabel { throw .needsTime(pendingLabel.text) }
            if let pendingTarget { throw .needsTime(pendingTarget.text) }
            try closeBlock()
            guard !blocks.isEmpty else { throw .noWork }
            return TrainingPlan(warmUp: warmUp, blocks: blocks, coolDown: coolDown, countdown: countdown)
        }

        /// A time with no label is work, or the rest after it, or the work of a new block.
        private mutating func flush() throws(PlanTextError) {
            guard let (seconds, text) = pendingTime.take() else { return }
            try place(nil, seconds, text: text, labelled: false)
        }

        private mutating func place(_ label: Label?, _ seconds: Int, text: String, labelled: Bool) throws(PlanTextError) {
            let step = TrainingPlan.Step(seconds, target: pendingTarget.take()?.target)
            let slot = try put(step, as: label, text: text)
            last = (slot, labelled, true)
        }

        private mutating func put(_ step: TrainingPlan.Step, as label: Label?, text: String) throws(PlanTextError) -> Slot {
            // A count after a block's work ends that block when the plan ends or a warm-up or
            // cool-down follows; it begins the next block when more work or rest follows.
            if let counted = afterCount.take() {
                if label == .warmUp || label == .coolDown {
                    rounds = counted
                } else {
                    try closeBlock()
                    rounds = counted
                }
            }
            switch label {
            case .warmUp:
                guard warmUp == nil else { throw .twice(text) }
                warmUp = step
                return .warmUp
            case .coolDown:
                guard coolDown == nil else { throw .twice(text) }
                coolDown = step
                return .coolDown
            case .work:
                if work != nil { try closeBlock() }
                work = step
                return .work
            case .rest:
                if rest != nil { try closeBlock() }
                if work == nil, rounds == nil, !blocks.isEmpty, blocks[blocks.count - 1].recovery == nil {
                    // A rest of its own after a block is the block's recovery.
                    blocks[blocks.count - 1].recovery = step
                    return .recovery
                }
                guard work != nil else { throw .restWithoutWork(text) }
                rest = step
                return .rest
            case nil:
                if work != nil, rest == nil {
                    rest = step
                    return .rest
                }
                if work != nil { try closeBlock() }
                work = step
                return .work
            }
        }

        /// A label after a phase that had none ("3 minutes at 250 watts hard") names it.
        private mutating func rename(_ slot: Slot, as label: Label, text: String) throws(PlanTextError) {
            guard let step = step(slot) else { return }
            let same: Bool =
                switch (slot, label) {
                case (.work, .work), (.rest, .rest), (.recovery, .rest), (.warmUp, .warmUp), (.coolDown, .coolDown): true
                default: false
                }
            if !same {
                clear(slot)
                last = (try put(step, as: label, text: text), true, true)
            } else {
                last?.labelled = true
            }
        }

        private func step(_ slot: Slot) -> TrainingPlan.Step? {
            switch slot {
            case .warmUp: warmUp
            case .work: work
            case .rest: rest
            case .coolDown: coolDown
            case .recovery: blocks.last?.recovery
            }
        }

        private mutating func update(_ slot: Slot, _ change: (inout TrainingPlan.Step) -> Void) {
            switch slot {
            case .warmUp: if warmUp != nil { change(&warmUp!) }
            case .work: if work != nil { change(&work!) }
            case .rest: if rest != nil { change(&rest!) }
            case .coolDown: if coolDown != nil { change(&coolDown!) }
            case .recovery: if blocks.last?.recovery != nil { change(&blocks[blocks.count - 1].recovery!) }
            }
        }

        private mutating func clear(_ slot: Slot) {
            switch slot {
            case .warmUp: warmUp = nil
            case .work: work = nil
            case .rest: rest = nil
            case .coolDown: coolDown = nil
            case .recovery: if !blocks.isEmpty { blocks[blocks.count - 1].recovery = nil }
            }
        }

        /// Ends the block being read; a count with no work is refused.
        private mutating func closeBlock() throws(PlanTextError) {
            defer {
                rounds = nil
                work = nil
                rest = nil
                blockUnit = nil
                last = nil
            }
            guard let work else {
                if let rounds { throw .needsTime(rounds.text) }
                return
            }
            blocks.append(TrainingPlan.Block(rounds: rounds?.count ?? 1, work: work, rest: rest))
        }
    }
}
