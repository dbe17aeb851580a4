/// A training plan in words: its parts, targets and the reasons a typed plan is refused.
extension Words {
    /// "250 watts", "12.5 kilometres per hour", "2 per cent incline", "resistance level 8": every
    /// target with its unit, a rest's too ("1 minute rest at 8" named no unit).
    public func target(_ target: PhaseTarget) -> String {
        let number =
            switch target {
            case .power(let watts): self.number(watts)
            case .speed(let centi): self.decimal(Double(centi) / 100, decimals: 2)
            case .incline(let tenths): self.decimal(Double(tenths) / 10, decimals: 1)
            case .resistance(let level): self.number(level)
            case .shareOfFTP(let percent): self.number(percent)
            case .heartRate(let low, let high): self(.planTargetHeartRateBare, ["low": self.number(low), "high": self.number(high)])
            }
        return switch target {
        case .power: self(.planTargetPower, ["watts": number])
        case .speed: self(.planTargetSpeed, ["speed": number])
        case .incline: self(.planTargetIncline, ["incline": number])
        case .resistance: self(.planTargetResistance, ["level": number])
        case .shareOfFTP: self(.planTargetShareOfFtp, ["percent": number])
        case .heartRate: self(.planTargetHeartRate, ["range": number])
        }
    }

    /// What a step or phase asks for: its target, its cadence, or both ("250 watts, cadence
    /// 90"); nil when it asks for neither.
    public func aim(_ target: PhaseTarget?, cadence: Int?) -> String? {
        switch (target, cadence) {
        case (nil, nil): nil
        case (let target?, nil): self.target(target)
        case (nil, let cadence?): self(.planTargetCadence, ["cadence": number(cadence)])
        case (let target?, let cadence?): self(.planTargetWithCadence, ["target": self.target(target), "cadence": number(cadence)])
        }
    }

    /// "5 minutes", or "5 minutes at 100 watts".
    public func step(_ step: TrainingPlan.Step) -> String {
        let duration = self.duration(step.seconds)
        guard let aim = aim(step.target, cadence: step.cadence) else { return duration }
        return self(.planStepAt, ["duration": duration, "target": aim])
    }

    /// "3 minutes work at 250 watts".
    private func work(_ work: TrainingPlan.Step) -> String {
        let duration = self.duration(work.seconds)
        guard let aim = aim(work.target, cadence: work.cadence) else { return self(.planStepWork, ["duration": duration]) }
        return self(.planStepWorkAt, ["duration": duration, "target": aim])
    }

    /// "1 minute rest at 8 kilometres per hour": with its unit, as the work's target is said.
    private func rest(_ rest: TrainingPlan.Step, after work: TrainingPlan.Step) -> String {
        let duration = self.duration(rest.seconds)
        guard let aim = aim(rest.target, cadence: rest.cadence) else { return self(.planStepRest, ["duration": duration]) }
        return self(.planStepRestAt, ["duration": duration, "target": aim])
    }

    /// Plans of up to this many blocks are read whole; longer ones, their first
    /// `blocksReadFirst` and how many follow.
    static let blocksReadWhole = 8
    static let blocksReadFirst = 5

    /// The plan read back, a sentence each: its length, the warm-up, each block (the first few
    /// of a long plan, then how many more), the cool-down.
    public func planSentences(_ plan: TrainingPlan) -> [String] {
        var sentences = [self(.planReadLength, ["duration": self.duration(plan.duration)])]
        if let warmUp = plan.warmUp { sentences.append(self(.planReadWarmUp, ["step": step(warmUp)])) }
        // A coach file can hold hundreds of blocks: the first few are read, then their count.
        let read = plan.blocks.count > Self.blocksReadWhole ? Self.blocksReadFirst : plan.blocks.count
        for block in plan.blocks.prefix(read) {
            if block.isRestOnly, let rest = block.recovery {
                sentences.append(self(.planReadOnceNoRest, ["work": self.rest(rest, after: block.work)]))
                continue
            }
            let work = self.work(block.work)
            let rounds = self.number(block.rounds)
            let once = block.rounds == 1
            let workOnly = once ? self(.planReadOnceNoRest, ["work": work]) : self(.planReadBlockNoRest, ["rounds": rounds, "work": work])
            defer {
                // A recovery like the rest between rounds is that rest after the last round too.
                if let recovery = block.recovery, recovery == block.rest, block.rounds > 1 {
                    sentences.append(self(.planReadLastRest))
                } else if let recovery = block.recovery {
                    sentences.append(self(.planReadThen, ["rest": self.rest(recovery, after: block.work)]))
                }
            }
            guard let rest = block.rest.map({ self.rest($0, after: block.work) }) else {
                sentences.append(workOnly)
                continue
            }
            let whole =
                once
                ? self(.planReadOnce, ["work": work, "rest": rest]) : self(.planReadBlock, ["rounds": rounds, "work": work, "rest": rest])
            // A block longer than a sentence says its rest on its own.
            if Self.wordCount(whole) <= Self.longestSentence {
                sentences.append(whole)
            } else {
                sentences.append(workOnly)
                sentences.append(self(.planReadThen, ["rest": rest]))
            }
        }
        if read < plan.blocks.count { sentences.append(self(.planReadMoreBlocks, ["count": number(plan.blocks.count - read)])) }
        if let coolDown = plan.coolDown { sentences.append(self(.planReadCoolDown, ["step": step(coolDown)])) }
        if !plan.countdown { sentences.append(self(.planReadNoCountdown)) }
        return sentences
    }

    /// Why a typed plan was refused, naming the words: "I did not understand 'blorp'."
    public func planError(_ error: PlanTextError) -> String {
        let word = { (text: String) in ["word": String(text.prefix(40))] }
        let range = TrainingPlan.phaseRange
        return switch error {
        case .unknownWord(let text): self(.planErrorUnknownWord, word(text))
        case .needsTime(let text): self(.planErrorNeedsTime, word(text))
        case .needsUnit(let text): self(.planErrorNeedsUnit, word(text))
        case .tooShort(let text): self(.planErrorTooShort, word(text).merging(["duration": duration(range.lowerBound)]) { $1 })
        case .tooLong(let text): self(.planErrorTooLong, word(text).merging(["duration": duration(range.upperBound)]) { $1 })
        case .roundsOutOfRange(let text):
            self(
                .planErrorRounds,
                word(text).merging([
                    "low": String(TrainingPlan.roundsRange.lowerBound), "high": String(TrainingPlan.roundsRange.upperBound),
                ]) {
                    $1
                })
        case .targetOutOfRange(let text): self(.planErrorTarget, word(text))
        case .restWithoutWork(let text): self(.planErrorRestWithoutWork, word(text))
        case .twice(let text): self(.planErrorTwice, word(text))
        case .noWork: self(.planErrorNoWork)
        }
    }
}
