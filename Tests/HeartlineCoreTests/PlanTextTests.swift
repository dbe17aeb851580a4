import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Plans as people type them: each is read as meant (its parts, targets and read-back
/// sentences) or refused whole with a sentence naming the words that could not be read.
@Suite(.timed) struct PlanTextTests {
    typealias Step = TrainingPlan.Step

    static func block(_ rounds: Int, _ work: Step, _ rest: Step? = nil, recovery: Step? = nil) -> TrainingPlan.Block {
        TrainingPlan.Block(rounds: rounds, work: work, rest: rest, recovery: recovery)
    }

    static func watts(_ seconds: Int, _ watts: Int) -> Step { Step(seconds, target: .power(watts: watts)) }
    static func speed(_ seconds: Int, _ centi: Int) -> Step { Step(seconds, target: .speed(centiKilometresPerHour: centi)) }
    static func incline(_ seconds: Int, _ tenths: Int) -> Step { Step(seconds, target: .incline(tenthsOfPercent: tenths)) }
    static func level(_ seconds: Int, _ level: Int) -> Step { Step(seconds, target: .resistance(level: level)) }

    struct Reading: Sendable, CustomTestStringConvertible {
        var text: String
        var plan: TrainingPlan?
        /// The read-back sentences, or the one sentence of the refusal.
        var sentences: [String]
        var testDescription: String { text }
    }

    static func read(_ text: String, _ plan: TrainingPlan, _ sentences: String...) -> Reading {
        Reading(text: text, plan: plan, sentences: sentences)
    }

    static func refused(_ text: String, _ sentence: String) -> Reading {
        Reading(text: text, plan: nil, sentences: [sentence])
    }

    static let fourByThree = TrainingPlan(blocks: [block(4, Step(180), Step(120))])
    static let fourByThreeSaid = ["Training plan, 18 minutes in all.", "4 times 3 minutes work, 2 minutes rest."]
    static let pyramid = TrainingPlan(warmUp: Step(300), blocks: [block(4, Step(180), Step(120))], coolDown: Step(300))
    static let pyramidSaid = [
        "Training plan, 28 minutes in all.", "Warm-up 5 minutes.", "4 times 3 minutes work, 2 minutes rest.", "Cool-down 5 minutes.",
    ]
    static let eightByThirty = TrainingPlan(rounds: 8, work: 30, rest: 90)
    static let eightByThirtySaid = [
        "Training plan, 14 minutes and 30 seconds in all.", "8 times 30 seconds work, 1 minute and 30 seconds rest.",
    ]

    static let accepted: [Reading] = [
        read(
            "6 times 3 minutes work, 1 minute rest", TrainingPlan(rounds: 6, work: 180, rest: 60),
            "Training plan, 23 minutes in all.", "6 times 3 minutes work, 1 minute rest."),
        Reading(
            text: "warm up 5 minutes, then 4 times 3 minutes hard with 2 minutes easy, cool down 5 minutes", plan: pyramid,
            sentences: pyramidSaid),
        Reading(
            text: "Warm Up 5 Minutes. 4 Times 3 Minutes Hard, 2 Minutes Easy. Cool Down 5 Minutes.", plan: pyramid, sentences: pyramidSaid),
        Reading(text: "warm-up 5 min; 4x3min hard 2min easy; cool-down 5 min", plan: pyramid, sentences: pyramidSaid),
        Reading(
            text: "cool down 5 minutes, 4 times 3 minutes hard 2 minutes easy, warmup 5 minutes", plan: pyramid, sentences: pyramidSaid),
        Reading(text: "4x3min hard 2min easy", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "4 x 3 min on, 2 min off", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "4 times 3' work 2' rest", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "4 × 3 mins hard, 2 mins recovery", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "4 rounds of 3 minutes work and 2 minutes rest", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "4 x (3 min hard + 2 min easy)", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "four times three minutes hard, two minutes easy", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "4 times 3 minuts work, 2 minuts rest", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "4 tmes 3 minutes hard 2 minutes esay", plan: fourByThree, sentences: fourByThreeSaid),
        Reading(text: "8 x 30s work, 90s rest", plan: eightByThirty, sentences: eightByThirtySaid),
        Reading(text: "8 x 30 s work 1:30 rest", plan: eightByThirty, sentences: eightByThirtySaid),
        Reading(text: "8 times 30 seconds on, 1 minute 30 seconds off", plan: eightByThirty, sentences: eightByThirtySaid),
        Reading(text: "8 times 30 seconds on, 1 minute and 30 seconds off", plan: eightByThirty, sentences: eightByThirtySaid),
        Reading(text: "8 x 30\" hard 1'30\" easy", plan: eightByThirty, sentences: eightByThirtySaid),
        read(
            "ten times one minute hard, one minute easy", TrainingPlan(rounds: 10, work: 60, rest: 60),
            "Training plan, 19 minutes in all.", "10 times 1 minute work, 1 minute rest."),
        read(
            "twenty-five times 20 seconds on 10 seconds off", TrainingPlan(rounds: 25, work: 20, rest: 10),
            "Training plan, 12 minutes and 20 seconds in all.", "25 times 20 seconds work, 10 seconds rest."),
        read(
            "2 times 3 minutes work, 2 minutes rest, 2 times 1 minute work, 30 seconds rest",
            TrainingPlan(blocks: [block(2, Step(180), Step(120)), block(2, Step(60), Step(30))]),
            "Training plan, 12 minutes and 30 seconds in all.", "2 times 3 minutes work, 2 minutes rest.",
            "2 times 1 minute work, 30 seconds rest."),
        read(
            "5 times 1 minute hard, 1 minute easy, then 5 times 30 seconds hard, 30 seconds easy",
            TrainingPlan(blocks: [block(5, Step(60), Step(60)), block(5, Step(30), Step(30))]),
            "Training plan, 14 minutes and 30 seconds in all.", "5 times 1 minute work, 1 minute rest.",
            "5 times 30 seconds work, 30 seconds rest."),
        read(
            "1 times 5 seconds work, 5 seconds rest", TrainingPlan(blocks: [block(1, Step(5), Step(5))]),
            "Training plan, 10 seconds in all.", "Once, 5 seconds work, 5 seconds rest."),
        read(
            "once 10 minutes hard, 5 minutes easy", TrainingPlan(blocks: [block(1, Step(600), Step(300))]),
            "Training plan, 15 minutes in all.", "Once, 10 minutes work, 5 minutes rest."),
        read(
            "twice 5 minutes hard, 3 minutes easy", TrainingPlan(blocks: [block(2, Step(300), Step(180))]),
            "Training plan, 13 minutes in all.", "2 times 5 minutes work, 3 minutes rest."),
        read(
            "20 minutes hard", TrainingPlan(blocks: [block(1, Step(1200))]), "Training plan, 20 minutes in all.", "Once, 20 minutes work."),
        read(
            "4 times 3 minutes", TrainingPlan(blocks: [block(4, Step(180))]), "Training plan, 12 minutes in all.", "4 times 3 minutes work."
        ),
        read(
            "hard 3 minutes easy 2 minutes", TrainingPlan(blocks: [block(1, Step(180), Step(120))]),
            "Training plan, 5 minutes in all.", "Once, 3 minutes work, 2 minutes rest."),
        read(
            "3 minutes hard, 2 minutes easy, 3 minutes hard, 2 minutes easy",
            TrainingPlan(blocks: [block(1, Step(180), Step(120)), block(1, Step(180), Step(120))]),
            "Training plan, 10 minutes in all.", "Once, 3 minutes work, 2 minutes rest.", "Once, 3 minutes work, 2 minutes rest."),
        read(
            "10 times 400 seconds work and 90 seconds recovery", TrainingPlan(rounds: 10, work: 400, rest: 90),
            "Training plan, 1 hour, 20 minutes and 10 seconds in all.",
            "10 times 6 minutes and 40 seconds work, 1 minute and 30 seconds rest."),
        read(
            "4 times 1 minute 30 seconds hard, 1 minute easy", TrainingPlan(rounds: 4, work: 90, rest: 60),
            "Training plan, 9 minutes in all.", "4 times 1 minute and 30 seconds work, 1 minute rest."),
        read(
            "3 times 1 and a half minutes on, half a minute off", TrainingPlan(rounds: 3, work: 90, rest: 30),
            "Training plan, 5 minutes and 30 seconds in all.", "3 times 1 minute and 30 seconds work, 30 seconds rest."),
        read(
            "warm up half an hour, 2 times 10 minutes hard 5 minutes easy",
            TrainingPlan(warmUp: Step(1800), blocks: [block(2, Step(600), Step(300))]),
            "Training plan, 55 minutes in all.", "Warm-up 30 minutes.", "2 times 10 minutes work, 5 minutes rest."),
        read(
            "warm up 5 min, 4 rounds 2 min work 1 min rest, cool down 5 min, no countdown",
            TrainingPlan(warmUp: 300, rounds: 4, work: 120, rest: 60, coolDown: 300, countdown: false),
            "Training plan, 21 minutes in all.", "Warm-up 5 minutes.", "4 times 2 minutes work, 1 minute rest.", "Cool-down 5 minutes.",
            "No countdown."),
        read(
            "8 x 30 s work 1:30 rest, countdown off", TrainingPlan(rounds: 8, work: 30, rest: 90, countdown: false),
            "Training plan, 14 minutes and 30 seconds in all.", "8 times 30 seconds work, 1 minute and 30 seconds rest.", "No countdown."),
        read(
            "6 times 3 minutes at 250 watts, 2 minutes at 120 watts", TrainingPlan(blocks: [block(6, watts(180, 250), watts(120, 120))]),
            "Training plan, 28 minutes in all.", "6 times 3 minutes work at 250 watts, 2 minutes rest at 120 watts."),
        read(
            "6 x 3 min at 250w, 2 min at 120w", TrainingPlan(blocks: [block(6, watts(180, 250), watts(120, 120))]),
            "Training plan, 28 minutes in all.", "6 times 3 minutes work at 250 watts, 2 minutes rest at 120 watts."),
        read(
            "6 times 3 minutes hard at 250 watts, 2 minutes easy at 120",
            TrainingPlan(blocks: [block(6, watts(180, 250), watts(120, 120))]),
            "Training plan, 28 minutes in all.", "6 times 3 minutes work at 250 watts, 2 minutes rest at 120 watts."),
        read(
            "6 times 3 minutes at 250 watts hard, 2 minutes at 120 watts easy",
            TrainingPlan(blocks: [block(6, watts(180, 250), watts(120, 120))]),
            "Training plan, 28 minutes in all.", "6 times 3 minutes work at 250 watts, 2 minutes rest at 120 watts."),
        read(
            "5 times 2 minutes at 12 kilometres per hour, 1 minute at 8",
            TrainingPlan(blocks: [block(5, speed(120, 1200), speed(60, 800))]),
            "Training plan, 14 minutes in all.", "5 times 2 minutes work at 12 kilometres per hour.",
            "Then 1 minute rest at 8 kilometres per hour."),
        read(
            "5 x 2 min at 12.5 km/h, 1 min at 8 kph", TrainingPlan(blocks: [block(5, speed(120, 1250), speed(60, 800))]),
            "Training plan, 14 minutes in all.", "5 times 2 minutes work at 12.5 kilometres per hour.",
            "Then 1 minute rest at 8 kilometres per hour."),
        read(
            "4 times 4 minutes at 6 percent incline, 2 minutes at 1 percent",
            TrainingPlan(blocks: [block(4, incline(240, 60), incline(120, 10))]),
            "Training plan, 22 minutes in all.", "4 times 4 minutes work at 6 per cent incline.",
            "Then 2 minutes rest at 1 per cent incline."),
        read(
            "3 x 5 min at 4.5% incline, 2 min at 0%", TrainingPlan(blocks: [block(3, incline(300, 45), incline(120, 0))]),
            "Training plan, 19 minutes in all.", "3 times 5 minutes work at 4.5 per cent incline.",
            "Then 2 minutes rest at 0 per cent incline."),
        read(
            "8 times 1 minute at level 12, 1 minute at level 4", TrainingPlan(blocks: [block(8, level(60, 12), level(60, 4))]),
            "Training plan, 15 minutes in all.", "8 times 1 minute work at resistance level 12.",
            "Then 1 minute rest at resistance level 4."),
        read(
            "4 times 2 minutes at resistance level 10 with 1 minute at 3", TrainingPlan(blocks: [block(4, level(120, 10), level(60, 3))]),
            "Training plan, 11 minutes in all.", "4 times 2 minutes work at resistance level 10.",
            "Then 1 minute rest at resistance level 3."),
        read(
            "warm-up 10 minutes, 20 minutes at 200 watts, cool-down 10 minutes",
            TrainingPlan(warmUp: Step(600), blocks: [block(1, watts(1200, 200))], coolDown: Step(600)),
            "Training plan, 40 minutes in all.", "Warm-up 10 minutes.", "Once, 20 minutes work at 200 watts.", "Cool-down 10 minutes."),
        read(
            "2 x 20 minutes at 250 watts, 5 minutes at 100 watts, warm up 15 minutes at 150 watts",
            TrainingPlan(warmUp: watts(900, 150), blocks: [block(2, watts(1200, 250), watts(300, 100))]),
            "Training plan, 1 hour in all.", "Warm-up 15 minutes at 150 watts.",
            "2 times 20 minutes work at 250 watts, 5 minutes rest at 100 watts."),
        read(
            "5 times 2 minutes at 12 kilometres per hour, 1 minute at 8 watts",
            TrainingPlan(blocks: [block(5, speed(120, 1200), watts(60, 8))]),
            "Training plan, 14 minutes in all.", "5 times 2 minutes work at 12 kilometres per hour.", "Then 1 minute rest at 8 watts."),
    ]

    static let moreAccepted: [Reading] = [
        Reading(text: "hard 3 minutes easy 2 minutes 4 times", plan: fourByThree, sentences: fourByThreeSaid),
        read(
            "30 seconds on, 30 seconds off, 10 times, cool down 5 minutes",
            TrainingPlan(blocks: [block(10, Step(30), Step(30))], coolDown: Step(300)),
            "Training plan, 14 minutes and 30 seconds in all.", "10 times 30 seconds work, 30 seconds rest.", "Cool-down 5 minutes."),
        read(
            "3 minutes hard, 2 minutes easy, 4 times 1 minute hard, 1 minute easy",
            TrainingPlan(blocks: [block(1, Step(180), Step(120)), block(4, Step(60), Step(60))]),
            "Training plan, 12 minutes in all.", "Once, 3 minutes work, 2 minutes rest.", "4 times 1 minute work, 1 minute rest."),
        read(
            "4 times 3 minutes hard, 2 minutes easy, 5 minutes rest, 4 times 3 minutes hard, 2 minutes easy",
            TrainingPlan(blocks: [block(4, Step(180), Step(120), recovery: Step(300)), block(4, Step(180), Step(120))]),
            "Training plan, 41 minutes in all.", "4 times 3 minutes work, 2 minutes rest.", "Then 5 minutes rest.",
            "4 times 3 minutes work, 2 minutes rest."),
        read(
            "2 x 10' at 200w / 5' at 100w", TrainingPlan(blocks: [block(2, watts(600, 200), watts(300, 100))]),
            "Training plan, 25 minutes in all.", "2 times 10 minutes work at 200 watts, 5 minutes rest at 100 watts."),
        read(
            "warmup 10min then 3x(8min @ 3% incline, 2min @ 0%) then cooldown 10min",
            TrainingPlan(warmUp: Step(600), blocks: [block(3, incline(480, 30), incline(120, 0))], coolDown: Step(600)),
            "Training plan, 48 minutes in all.", "Warm-up 10 minutes.",
            "3 times 8 minutes work at 3 per cent incline.", "Then 2 minutes rest at 0 per cent incline.",
            "Cool-down 10 minutes."),
        read(
            "Warm-up: 10 minutes. Main set: 4 x 4 minutes hard, 3 minutes easy. Cool-down: 10 minutes.",
            TrainingPlan(warmUp: Step(600), blocks: [block(4, Step(240), Step(180))], coolDown: Step(600)),
            "Training plan, 45 minutes in all.", "Warm-up 10 minutes.", "4 times 4 minutes work, 3 minutes rest.", "Cool-down 10 minutes."),
    ]

    static let refusals: [Reading] = [
        refused("1 hour easy ride", "I did not understand 'ride'."),
        refused("8x 20 sec all out 10 sec rest", "I did not understand 'all'."),
        refused("blorp", "I did not understand 'blorp'."),
        refused("plan please", "I did not understand 'plan'."),
        refused("4 times 3 minutes blorp, 2 minutes rest", "I did not understand 'blorp'."),
        refused("4 times 3 minutes hard 2 minutes easy plus blorp", "I did not understand 'blorp'."),
        refused("times 3 minutes work", "I did not understand 'times'."),
        refused("4 times 3 minutes hard 2 minutes easy 1 km", "I did not understand '1 km'."),
        refused("4 times hard", "'hard' needs a time, such as 3 minutes."),
        refused("6 times", "'6 times' needs a time, such as 3 minutes."),
        refused("4 times 3 minutes hard 2 minutes easy, 2 times", "'2 times' needs a time, such as 3 minutes."),
        refused("3 minutes hard, 4 times, 2 times", "'2 times' needs a time, such as 3 minutes."),
        refused("6 times 3 minutes work, 1 minute rest, warm-up", "'warm up' needs a time, such as 3 minutes."),
        refused("3 minutes work at 250 watts at 300 watts", "'300 watts' needs a time, such as 3 minutes."),
        refused("0 times 1 minute work", "'0 times' is not from 1 to 99 rounds."),
        refused("100 times 1 minute work 1 minute rest", "'100 times' is not from 1 to 99 rounds."),
        refused("6 times 1 second work, 1 minute rest", "'1 second' is too short: each part lasts at least 5 seconds."),
        refused("2 times 5 hours work", "'5 hours' is too long: each part lasts at most 4 hours."),
        refused("5 times 2 minutes at 8, 1 minute at 6", "'8' needs a unit, such as minutes or watts."),
        refused("4 times 3 work", "'3' needs a unit, such as minutes or watts."),
        refused("4 times 3 minutes at 5000 watts", "'5000 watts' is more than a plan may ask."),
        refused("2 minutes easy", "'2 minutes easy' is a rest with no work before it."),
        refused(
            "warm up 5 minutes, warm up 5 minutes, 3 minutes hard",
            "'warm up 5 minutes' comes twice: a plan has one warm-up and one cool-down."),
        refused("no countdown", "A plan needs work, such as 4 times 3 minutes work."),
    ]

    @Test(arguments: accepted + moreAccepted + refusals)
    func aPlanIsReadAsMeantOrRefusedNamingTheWord(reading: Reading) {
        let words = TestCatalogue.words
        do {
            let plan = try TrainingPlanText.read(reading.text)
            #expect(plan == reading.plan)
            #expect(words.planSentences(plan) == reading.sentences)
        } catch {
            #expect(reading.plan == nil, "refused: \(words.planError(error))")
            #expect([words.planError(error)] == reading.sentences)
        }
    }

    @Test func theTableHoldsAtLeastFortyPhrasings() {
        #expect(Self.accepted.count + Self.moreAccepted.count + Self.refusals.count >= 40)
    }

    @Test func noReadBackSentenceIsOverFifteenWords() throws {
        for reading in Self.accepted + Self.moreAccepted {
            guard let plan = try? TrainingPlanText.read(reading.text) else { continue }
            for sentence in TestCatalogue.words.planSentences(plan) {
                #expect(sentence.split(separator: " ").count <= 15, "\(sentence)")
            }
        }
    }

    @Test func phasesFollowEachOtherWithNoRestAfterTheLastRound() {
        let plan = TrainingPlan(warmUp: 60, rounds: 3, work: 30, rest: 10, coolDown: 20)
        #expect(
            plan.phases.map(\.kind) == [
                .warmUp, .work(round: 1), .rest(afterRound: 1), .work(round: 2), .rest(afterRound: 2), .work(round: 3), .coolDown,
            ])
        #expect(plan.phases.map(\.start) == [0, 60, 90, 100, 130, 140, 170])
        #expect(plan.duration == 190)
        #expect(plan.phase(at: 95)?.kind == .rest(afterRound: 1))
        #expect(plan.phase(at: 190) == nil)
    }

    /// Two blocks: a rest between rounds and between the blocks, none after the plan's last round.
    @Test func blocksFollowEachOtherWithTheirRestsAndTargets() {
        let plan = TrainingPlan(
            warmUp: Step(60), blocks: [Self.block(2, Self.watts(30, 250), Self.watts(20, 120)), Self.block(2, Step(15), Step(10))],
            coolDown: Step(40))
        #expect(
            plan.phases.map(\.kind) == [
                .warmUp, .work(round: 1), .rest(afterRound: 1), .work(round: 2), .rest(afterRound: 2), .work(round: 1),
                .rest(afterRound: 1), .work(round: 2), .coolDown,
            ])
        #expect(plan.phases.map(\.start) == [0, 60, 90, 110, 140, 160, 175, 185, 200])
        #expect(
            plan.phases.map(\.target) == [
                nil, .power(watts: 250), .power(watts: 120), .power(watts: 250), .power(watts: 120), nil, nil, nil, nil,
            ])
        #expect(plan.phases.map(\.rounds) == [1, 2, 2, 2, 2, 2, 2, 2, 1])
        #expect(plan.duration == 240)
    }

    /// The length added block by block is where the laid-out phases end, the first phase found
    /// alone is theirs, and whether a workout has laps is what its laps say, for plans of every
    /// shape: rests and recoveries present or not, of no time, one round or many, the last block
    /// or not, a warm-up and a cool-down or not.
    @Test func theLengthFirstPhaseAndLapsAreWhatThePhasesSayForEveryShapeOfPlan() {
        var generator = SystemRandomNumberGenerator()
        let lengths = [0, 5, 17, 60]
        func step() -> Step? { Bool.random(using: &generator) ? Step(lengths.randomElement(using: &generator)!) : nil }
        for _ in 0..<2000 {
            let blocks = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                TrainingPlan.Block(
                    rounds: Int.random(in: 0...4, using: &generator), work: Step(lengths.randomElement(using: &generator)!), rest: step(),
                    recovery: step())
            }
            let plan = TrainingPlan(warmUp: step(), blocks: blocks, coolDown: step())
            #expect(plan.duration == (plan.phases.last?.end ?? 0), "\(plan)")
            #expect(plan.firstPhase == plan.phases.first, "\(plan)")
            // The coach's lap cuts, looked up by halves, are the plan's boundaries.
            let coach = PlanCoach(plan: plan)
            let boundaries = Laps.planBoundaries(plan)
            #expect((1...plan.duration + 2).allSatisfy { coach.isBoundary($0) == boundaries.contains($0) }, "\(plan)")
            // Whether the workout has laps, asked without the phases, is what its laps say, with
            // or without the plan, lap keys and distance readouts, at any length.
            let marks = (0..<Int.random(in: 0...2, using: &generator)).map { _ in Int.random(in: -1...200, using: &generator) }
            let distance = (0..<Int.random(in: 0...2, using: &generator)).map { _ in Int.random(in: -1...200, using: &generator) }
            let duration = Int.random(in: -1...250, using: &generator)
            for followed in [plan, nil] {
                #expect(
                    Laps.several(plan: followed, marks: marks, distanceMarks: distance, duration: duration)
                        == (Laps.spans(plan: followed, marks: marks, distanceMarks: distance, duration: duration).count > 1),
                    "\(String(describing: followed)) \(marks) \(distance) \(duration)")
            }
        }
    }

    /// A plan stored before blocks and targets still reads, meaning what it meant.
    @Test func aPlanStoredBeforeBlocksStillDecodes() throws {
        let old = #"{"warmUp":300,"rounds":4,"work":120,"rest":60,"coolDown":180,"countdown":false}"#
        let plan = try JSONDecoder().decode(TrainingPlan.self, from: Data(old.utf8))
        #expect(
            plan == TrainingPlan(warmUp: Step(300), blocks: [Self.block(4, Step(120), Step(60))], coolDown: Step(180), countdown: false))
        #expect(plan.duration == 300 + 4 * 120 + 3 * 60 + 180)
        let single = #"{"rounds":1,"work":20,"rest":10,"countdown":true}"#
        #expect(try JSONDecoder().decode(TrainingPlan.self, from: Data(single.utf8)).phases.map(\.kind) == [.work(round: 1)])
    }

    @Test func aPlanWithTargetsSurvivesItsJSON() throws {
        let plan = try TrainingPlanText.read("warm up 10 min at 150 w, 5 x 2 min at 12.5 km/h, 1 min at 8, cool down 5 min at level 3")
        let data = try JSONEncoder().encode(plan)
        #expect(try JSONDecoder().decode(TrainingPlan.self, from: data) == plan)
    }

    /// Seeded jumbles of plan words, numbers and punctuation: each is read or refused with a
    /// sentence, never a trap, and a plan read is one a workout can run.
    @Test func jumblesOfPlanWordsAreReadOrRefusedNeverTrapped() {
        let pieces = [
            "4", "x", "3min", "times", "hard", "easy", "on", "off", ",", "then", "warm up", "cool down", "at", "250", "watts", "km/h",
            "%", "level", "1:30", "90s", "3'", "-2", "0", "99999999999999999999", "1.5", "and a half", "half a", "minute", "seconds",
            "twenty", "five", "no countdown", "once", "blorp", "(", ")", ".", "incline", "per cent", "kilometres per hour", "4x3'30\"",
        ]
        var random = SplitMix64(seed: 24)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(
                separator: " ")
            do {
                let plan = try TrainingPlanText.read(text)
                #expect(!plan.blocks.isEmpty, "\(text)")
                #expect(plan.phases.allSatisfy { TrainingPlan.phaseRange.contains($0.duration) }, "\(text)")
            } catch {
                #expect(!TestCatalogue.words.planError(error).isEmpty, "\(text)")
            }
        }
    }

    /// The coach's cues carry each phase's target, ahead and at the change, for the words and
    /// for a machine to act on.
    @Test func theCoachsCuesCarryEachPhasesTarget() throws {
        var coach = PlanCoach(plan: try TrainingPlanText.read("2 times 20 seconds at 250 watts, 10 seconds at 120"))
        var cues: [Int: [PlanCoach.Cue]] = [:]
        for second in 0...70 {
            let due = coach.cues(atElapsed: second)
            if !due.isEmpty { cues[second] = due }
        }
        let phases = coach.plan.phases
        #expect(phases.map(\.target) == [.power(watts: 250), .power(watts: 120), .power(watts: 250)])
        #expect(cues[0] == [.phase(phases[0])])
        #expect(cues[15] == [.upcoming(phases[1], seconds: 5)])
        #expect(cues[20] == [.phase(phases[1])])
        #expect(cues[25] == [.upcoming(phases[2], seconds: 5)])
        #expect(cues[30] == [.phase(phases[2])])
        #expect(cues[50] == [.finished])
    }

    /// A coach file's 200 blocks of 99 rounds (39,600 phases) cue as a plan read phase by phase
    /// would: every change, every warning and the end, at its second, with seconds skipped as
    /// a resumed workout skips them. The coach walks forward through the phases once.
    @Test func aPlanOfTensOfThousandsOfPhasesCuesEveryChangeAtItsSecond() {
        var blocks: [TrainingPlan.Block] = []
        for index in 0..<200 {
            let work = TrainingPlan.Step(5 + index % 7)
            blocks.append(TrainingPlan.Block(rounds: 99, work: work, rest: TrainingPlan.Step(10 + index % 3)))
        }
        let plan = TrainingPlan(warmUp: TrainingPlan.Step(60), blocks: blocks, coolDown: TrainingPlan.Step(60))
        let phases = plan.phases
        let duration = plan.duration
        #expect(phases.count > 39_000)
        // What each second owes, from the phases themselves.
        var expected: [Int: PlanCoach.Cue] = [duration: .finished]
        for (index, phase) in phases.enumerated() {
            expected[phase.start] = .phase(phase)
            if index + 1 < phases.count, phase.duration >= 2 * PlanCoach.warningSeconds {
                expected[phase.end - PlanCoach.warningSeconds] = .upcoming(phases[index + 1], seconds: PlanCoach.warningSeconds)
            }
        }
        var coach = PlanCoach(plan: plan)
        var heard: [Int: PlanCoach.Cue] = [:]
        var second = 0
        while second <= duration {
            for cue in coach.cues(atElapsed: second) { heard[second] = cue }
            // Now and then a jump of a few seconds, as a resumed workout's first second.
            second += second % 997 == 0 ? 3 : 1
        }
        let skipped = Set(stride(from: 0, through: duration, by: 997).flatMap { [$0 + 1, $0 + 2] })
        #expect(heard == expected.filter { !skipped.contains($0.key) })
    }

    /// The coach finds the phase running at any second as the plan does, at each change and
    /// past the end too.
    @Test func theCoachFindsThePhaseRunningAsThePlanDoes() throws {
        let plan = try TrainingPlanText.read("warm-up 1 minute, 3 times 20 seconds at 250 watts, 10 seconds at 120, cool-down 30 seconds")
        let coach = PlanCoach(plan: plan)
        for second in -1...(plan.duration + 2) { #expect(coach.phase(at: second) == plan.phase(at: second), "second \(second)") }
        #expect(PlanCoach(plan: TrainingPlan(blocks: [])).phase(at: 0) == nil)
    }

    /// A coach's messages come at their seconds, after the phase's own cue at the same second;
    /// one due at a second the workout skipped comes at the next, and none comes twice.
    @Test func theCoachsMessagesComeAtTheirSecondsAfterThePhasesCue() throws {
        var plan = try TrainingPlanText.read("2 times 20 seconds at 250 watts, 10 seconds at 120")
        plan.messages = [
            TrainingPlan.Message(second: 0, text: "Go."), TrainingPlan.Message(second: 20, text: "Ease off."),
            TrainingPlan.Message(second: 20, text: "Breathe."), TrainingPlan.Message(second: 41, text: "Skipped."),
        ]
        var coach = PlanCoach(plan: plan)
        let phases = coach.plan.phases
        #expect(coach.cues(atElapsed: 0) == [.phase(phases[0]), .message("Go.")])
        #expect(coach.cues(atElapsed: 0).isEmpty)
        #expect(coach.cues(atElapsed: 20) == [.phase(phases[1]), .message("Ease off."), .message("Breathe.")])
        #expect(coach.cues(atElapsed: 43) == [.message("Skipped.")])
        #expect(coach.cues(atElapsed: 44).isEmpty)
    }

    /// A long coach file is read back by its first five blocks and how many follow, not one
    /// sentence a block for hundreds of blocks; eight blocks or fewer are read whole.
    @Test func aLongPlanIsReadByItsFirstBlocksAndHowManyFollow() {
        let block = TrainingPlan.Block(rounds: 99, work: TrainingPlan.Step(5), rest: TrainingPlan.Step(5))
        let long = TrainingPlan(blocks: Array(repeating: block, count: 200), coolDown: TrainingPlan.Step(60))
        let said = TestCatalogue.words.planSentences(long)
        #expect(said.count == 1 + 5 + 1 + 1, "\(said)")
        #expect(said[6] == "Then 195 more blocks.")
        #expect(said[7].hasPrefix("Cool-down"))
        let short = TrainingPlan(blocks: Array(repeating: block, count: 8))
        #expect(TestCatalogue.words.planSentences(short).count == 1 + 8)
    }

}
