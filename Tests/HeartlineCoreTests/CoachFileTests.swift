import Foundation
import HeartlineTestSupport
import Testing

@testable import HeartlineCore

/// A coach's plan files read into plans: `.zwo` fixtures as coaches' tools write them, FIT
/// workout files written in the set-up by fit-tool (PyPI), never by Heartline's own encoder.
@Suite(.timed) struct CoachFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/coach").standardized.path

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
    }

    static func reading(_ name: String, ftp: Int?) throws -> CoachReading {
        let file = PlanFile(name: name, bytes: try fixture(name))
        return try file.workout().get().plan(for: Profile(functionalThresholdPower: ftp))
    }

    static let words = TestCatalogue.words

    // MARK: - Zwift

    @Test func zwiftsOwnFileIsItsPlanWithTheWarmUpRampSaid() throws {
        let reading = try Self.reading("gorby.zwo", ftp: 250)
        #expect(reading.name == "The Gorby")
        let plan = try #require(reading.plan)
        #expect(plan.warmUp == TrainingPlan.Step(600, target: .power(watts: 125)))
        #expect(
            plan.blocks == [
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300, target: .power(watts: 220))),
                TrainingPlan.Block(
                    rounds: 5, work: TrainingPlan.Step(60, target: .power(watts: 300)),
                    rest: TrainingPlan.Step(60, target: .power(watts: 125)),
                    recovery: TrainingPlan.Step(60, target: .power(watts: 125))),
            ])
        #expect(plan.coolDown == TrainingPlan.Step(300, target: .power(watts: 150)))
        // Every interval's rest, the last one too, as Zwift rides it: 10 + 5 + 10 + 5 minutes.
        #expect(plan.duration == 30 * 60)
        #expect(reading.notes.map(Self.words.coachNote) == ["Step 1, a ramp, is not supported: taken as steady 125 watts."])
        #expect(
            Self.words.planSentences(plan) == [
                "Training plan, 30 minutes in all.", "Warm-up 10 minutes at 125 watts.", "Once, 5 minutes work at 220 watts.",
                "5 times 1 minute work at 300 watts, 1 minute rest at 125 watts.", "The last round has its rest too.",
                "Cool-down 5 minutes at 150 watts.",
            ])
    }

    @Test func withoutAnFTPPowerIsSaidAsAShareAndTheMissingFTPIsSaid() throws {
        let reading = try Self.reading("gorby.zwo", ftp: nil)
        let plan = try #require(reading.plan)
        #expect(plan.warmUp?.target == .shareOfFTP(percent: 50))
        #expect(plan.blocks[1].work.target == .shareOfFTP(percent: 120))
        #expect(
            reading.notes.map(Self.words.coachNote) == [
                "No FTP is set in the profile: power is said as a share of FTP.",
                "Step 1, a ramp, is not supported: taken as steady 50 per cent of FTP.",
            ])
        #expect(
            Self.words.planSentences(plan)[3...4] == [
                "5 times 1 minute work at 120 per cent of FTP.", "Then 1 minute rest at 50 per cent of FTP.",
            ])
    }

    @Test func aRampIntervalsAndAFreeRideAfterAnXMLDeclarationAndAComment() throws {
        let reading = try Self.reading("ramps.zwo", ftp: 200)
        #expect(reading.name == "Ramps & Overs")
        let plan = try #require(reading.plan)
        #expect(plan.warmUp == nil && plan.coolDown == nil)
        #expect(
            plan.blocks == [
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(480, target: .power(watts: 120))),
                TrainingPlan.Block(
                    rounds: 3, work: TrainingPlan.Step(120, target: .power(watts: 210)),
                    rest: TrainingPlan.Step(60, target: .power(watts: 120))),
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300)),
            ])
        #expect(plan.duration == 8 * 60 + 9 * 60 + 5 * 60)
        #expect(reading.notes.map(Self.words.coachNote) == ["Step 1, a ramp, is not supported: taken as steady 120 watts."])
    }

    @Test func anUnknownElementAndATooShortStepAreSaidNotDropped() throws {
        let reading = try Self.reading("unknown.zwo", ftp: 200)
        let plan = try #require(reading.plan)
        #expect(plan.blocks.count == 2)
        #expect(
            reading.notes.map(Self.words.coachNote) == [
                "Step 2, Sprint, is not known: left out.", "Step 3 lasts 2 seconds, which a plan cannot hold: left out.",
            ])
    }

    @Test(arguments: [
        ("<html><body>hello</body></html>", CoachFileError.notAWorkoutFile),
        ("<workout_file><name>Cut", .truncated),
        ("<workout_file><workout><SteadyState Duration=\"300\" Power=\"0.6\"/></workout>", .truncated),
        ("not xml at all", .notAWorkoutFile),
        ("", .empty),
    ])
    func aZwiftFileThatIsNotOneIsRefusedInOneSentence(text: String, error: CoachFileError) {
        #expect(PlanFile(name: "bad.zwo", bytes: Array(text.utf8)).workout() == .failure(error))
        #expect(Self.words.coachFileError("bad.zwo", error).split(separator: ".").count <= 2)
    }

    /// XML allows ">" in an attribute's value, as a tag of "> 60min" writes it: the tag ends
    /// at the ">" outside the quotes.
    @Test func aGreaterThanSignInAnAttributeIsTheAttributes() throws {
        let reading = try Self.reading("over-an-hour.zwo", ftp: 200)
        #expect(reading.name == "Long tempo")
        #expect(
            reading.plan
                == TrainingPlan(blocks: [
                    TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(3900, target: .power(watts: 150))),
                    TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300, target: .power(watts: 100))),
                ]))
        #expect(reading.notes == [])
    }

    /// An empty file, of either kind, is said to be empty: it was opened.
    @Test(arguments: ["empty.zwo", "empty.fit"])
    func anEmptyFileIsSaidToBeEmpty(name: String) {
        #expect(PlanFile(name: name, bytes: []).workout() == .failure(.empty))
        #expect(Self.words.coachFileError(name, .empty) == "\(name) cannot be read: it is empty.")
    }

    /// A coach's message is no step, inside a step or directly under `<workout>`: the steps
    /// after it keep their numbers in the file.
    @Test func aTextEventUnderTheWorkoutIsNoStep() throws {
        let reading = try Self.reading("text-events.zwo", ftp: 200)
        #expect(
            reading.plan?.blocks == [
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300, target: .power(watts: 120))),
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(240, target: .power(watts: 210))),
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300, target: .power(watts: 100))),
            ])
        #expect(reading.notes.map(Self.words.coachNote) == ["Step 3, Sprint, is not known: left out."])
    }

    /// A number is a finite decimal as XML writes one: "NaN", hexadecimal or infinity is no
    /// time, and the step holding it is said as such, not as a step of a kind not known.
    @Test(arguments: ["NaN", "nan", "0x10", "inf", "-infinity", "1e400", "", "60s", "1,5"])
    func aDurationThatIsNoDecimalNumberIsSaidAsSuch(duration: String) throws {
        let text = """
            <workout_file><name>Odd</name><workout>
            <SteadyState Duration="\(duration)" Power="0.6"/><SteadyState Duration="300" Power="0.6"/>
            </workout></workout_file>
            """
        let reading = try PlanFile(name: "odd.zwo", bytes: Array(text.utf8)).workout().get().plan(for: Profile())
        #expect(reading.plan?.blocks == [TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300, target: .shareOfFTP(percent: 60)))])
        #expect(
            reading.notes.map(Self.words.coachNote) == [
                "No FTP is set in the profile: power is said as a share of FTP.",
                "Step 1, SteadyState, has a number Heartline cannot use: left out.",
            ])
    }

    @Test(arguments: [("60", 60), ("+60", 60), (" 60.4 ", 60), ("6e1", 60), (".5e2", 50), ("59.5", 60)])
    func aDecimalDurationIsRead(duration: String, seconds: Int) throws {
        let text = "<workout_file><workout><SteadyState Duration=\"\(duration)\"/></workout></workout_file>"
        let workout = try PlanFile(name: "odd.zwo", bytes: Array(text.utf8)).workout().get()
        #expect(workout.parts == [.step(CoachWorkout.Step(number: 1, intensity: .active, length: .seconds(seconds)))])
    }

    /// A repeat whose steps are all left out is not said to be cut to 99 rounds; a repeat that
    /// is played is said with the count the file gives.
    @Test func aRepeatIsSaidWithItsOwnCountAndOnlyWhenItIsPlayed() throws {
        func notes(_ element: String) throws -> [String] {
            let text = "<workout_file><workout>\(element)<SteadyState Duration=\"60\"/></workout></workout_file>"
            return try PlanFile(name: "odd.zwo", bytes: Array(text.utf8)).workout().get().plan(for: Profile()).notes.map(
                Self.words.coachNote)
        }
        #expect(
            try notes("<IntervalsT Repeat=\"99999999999\" OnDuration=\"2\" OffDuration=\"3\"/>") == [
                "Step 1 lasts 2 seconds, which a plan cannot hold: left out.",
                "Step 1 lasts 3 seconds, which a plan cannot hold: left out.",
            ])
        #expect(
            try notes("<IntervalsT Repeat=\"99999999999\" OnDuration=\"30\" OffDuration=\"30\"/>") == [
                "Step 1 repeats 99,999,999,999 times: taken as 99."
            ])
    }

    /// A cadence beside a power (Cadence, and CadenceResting for an interval's rest) is the
    /// step's cadence, said with it; one no rider could hold is said and left off its step.
    @Test func aCadenceBesideThePowerIsKeptAndSaid() throws {
        let reading = try Self.reading("cadence.zwo", ftp: 200)
        let plan = try #require(reading.plan)
        #expect(
            plan.blocks == [
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300, target: .power(watts: 140), cadence: 90)),
                TrainingPlan.Block(
                    rounds: 3, work: TrainingPlan.Step(60, target: .power(watts: 200), cadence: 110),
                    rest: TrainingPlan.Step(60, target: .power(watts: 100), cadence: 85)),
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(120, target: .power(watts: 120))),
            ])
        #expect(reading.notes.isEmpty)
        #expect(plan.phases.map(\.cadence) == [nil, 90, 110, 85, 110, 85, 110, 85, nil])
        #expect(
            Array(Self.words.planSentences(plan).dropFirst(2).prefix(2)) == [
                "Once, 5 minutes work at 140 watts, cadence 90.", "3 times 1 minute work at 200 watts, cadence 110.",
            ])
        let wild = "<workout_file><workout><SteadyState Duration=\"60\" Power=\"0.5\" Cadence=\"900\"/></workout></workout_file>"
        let odd = try ZwiftWorkoutReader.read(Array(wild.utf8)).plan(for: Profile(functionalThresholdPower: 200))
        #expect(odd.plan?.blocks.first?.work.cadence == nil)
        #expect(odd.notes == [.targetOutOfRange(step: 1)])
    }

    /// A run's "power" is a share of threshold pace: said as a pace not supported, not as FTP.
    @Test func aZwiftRunsPaceIsSaidAsNotSupported() throws {
        let text = """
            <workout_file><name>Tempo run</name><sportType>run</sportType><workout>
            <Warmup Duration="600" PowerLow="0.6" PowerHigh="0.8"/><SteadyState Duration="1200" Power="0.9"/>
            </workout></workout_file>
            """
        let reading = try PlanFile(name: "tempo.zwo", bytes: Array(text.utf8)).workout().get().plan(for: Profile())
        #expect(
            reading.plan
                == TrainingPlan(warmUp: TrainingPlan.Step(600), blocks: [TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(1200))]))
        #expect(
            reading.notes.map(Self.words.coachNote) == [
                "Step 1 asks for a pace, which is not supported: taken without it.",
                "Step 2 asks for a pace, which is not supported: taken without it.",
            ])
    }

    /// Every prefix of a Zwift file, and the file with bytes that are no UTF-8, never crash the
    /// reader: each is a plan or refused.
    @Test func truncatedAndDamagedZwiftFilesNeverCrash() throws {
        let bytes = try Self.fixture("gorby.zwo")
        var refused = 0
        for length in 0..<bytes.count {
            if case .failure = PlanFile(name: "gorby.zwo", bytes: Array(bytes.prefix(length))).workout() { refused += 1 }
        }
        #expect(refused > bytes.count / 2)
        for position in stride(from: 0, to: bytes.count, by: 7) {
            var changed = bytes
            changed[position] = 0xFF
            _ = PlanFile(name: "gorby.zwo", bytes: changed).workout().map { $0.plan(for: Profile()) }
        }
    }

    /// A repeat of many steps many times is written out up to the most a plan holds, and where
    /// it stops is said.
    @Test func aHugeRepeatStopsAtTheMostAPlanHoldsAndSaysSo() {
        let steps = (1...30).map { CoachWorkout.Step(number: $0, intensity: .active, length: .seconds(60)) }
        let workout = CoachWorkout(
            name: "Forever",
            parts: [.repeated(times: 1000, steps), .step(CoachWorkout.Step(number: 31, intensity: .coolDown, length: .seconds(300)))])
        let reading = workout.plan(for: Profile())
        #expect(reading.plan?.blocks.count == CoachWorkout.mostBlocks)
        #expect(reading.notes.map(Self.words.coachNote) == ["The plan stops at step 1: a plan holds at most 200 parts."])
        let long = CoachWorkout(
            name: "Long", parts: [.repeated(times: 150, [CoachWorkout.Step(number: 1, intensity: .active, length: .seconds(20))])])
        let clamped = long.plan(for: Profile())
        #expect(clamped.plan?.blocks == [TrainingPlan.Block(rounds: 99, work: TrainingPlan.Step(20))])
        #expect(clamped.notes.map(Self.words.coachNote) == ["Step 1 repeats 150 times: taken as 99."])
    }

    /// Counts and times a file may hold that no plan does: read within bounds, never a crash.
    @Test(arguments: ["1", "99999999999", "9223372036854774784"])
    func aZwiftRepeatOfAnyCountIsReadWithinBounds(count: String) throws {
        let text = """
            <workout_file><name>Odd</name><workout>
            <IntervalsT Repeat="\(count)" OnDuration="30" OffDuration="1e300" OnPower="1e308" OffPower="-2"/>
            <SteadyState Duration="-60" Power="0.5"/>
            </workout></workout_file>
            """
        let reading = try PlanFile(name: "odd.zwo", bytes: Array(text.utf8)).workout().get().plan(
            for: Profile(functionalThresholdPower: 250))
        #expect(reading.notes.contains(.targetOutOfRange(step: 1)))
        #expect(reading.notes.contains(.length(step: 2, seconds: -60)))
    }

    /// A count of rounds that is not a whole number of at least one is no count to follow: the
    /// repeat is left out, and said.
    @Test(arguments: ["-5", "0", "1.5", "9223372036854775807", "99999999999999999999999", "x", "0x10"])
    func aZwiftRepeatThatIsNoCountIsSaid(count: String) throws {
        let text = """
            <workout_file><name>Odd</name><workout>
            <IntervalsT Repeat="\(count)" OnDuration="30" OffDuration="30"/><SteadyState Duration="60"/>
            </workout></workout_file>
            """
        let reading = try PlanFile(name: "odd.zwo", bytes: Array(text.utf8)).workout().get().plan(for: Profile())
        #expect(reading.plan?.blocks == [TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(60))])
        #expect(reading.notes == [.unreadable(step: 1, name: "IntervalsT")])
    }

    // MARK: - FIT

    static var python: String {
        if let given = ProcessInfo.processInfo.environment["HEARTLINE_TEST_PYTHON"] { return given }
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache"
        return cache + "/heartline/test-venv/bin/python"
    }

    /// Whether fit-tool can be imported: contrib/setup.sh --test installs it.
    static let fitToolInstalled: Bool = (try? run(["-c", "import fit_tool"])) == 0

    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The FIT fixtures, written once by fit-tool into a folder of their own.
    static let fitFixtures: String? = {
        guard fitToolInstalled else { return nil }
        let directory = NSTemporaryDirectory() + "heartline-coach-fit-\(getpid())"
        guard (try? run([fixtures + "/make-fit-workouts.py", directory])) == 0 else { return nil }
        return directory
    }()

    static func fit(_ name: String) throws -> [UInt8] {
        let directory = try #require(fitFixtures, "fit-tool did not write the FIT fixtures")
        return Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
    }

    /// Heart-rate zones are the athlete's own, from the profile's maximum heart rate.
    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aFITWorkoutWithARepeatAndAHeartRateZoneCoolDown() throws {
        let profile = Profile(maximumHeartRate: 190, functionalThresholdPower: 250)
        let reading = try FITWorkoutReader.read(try Self.fit("threshold.fit")).plan(for: profile)
        #expect(reading.name == "Threshold fours")
        let plan = try #require(reading.plan)
        #expect(plan.warmUp == TrainingPlan.Step(600, target: .power(watts: 138)))
        #expect(
            plan.blocks == [
                TrainingPlan.Block(
                    rounds: 4, work: TrainingPlan.Step(300, target: .power(watts: 260)), rest: TrainingPlan.Step(180),
                    recovery: TrainingPlan.Step(180))
            ])
        #expect(plan.coolDown == TrainingPlan.Step(600, target: .heartRate(low: 95, high: 114)))
        #expect(plan.duration == 10 * 60 + 4 * 8 * 60 + 10 * 60)
        #expect(reading.notes == [])
        #expect(Self.words.planSentences(plan).last == "Cool-down 10 minutes at 95 to 114 beats per minute.")
    }

    /// The same workout as a big-endian device writes it, with a developer field in every
    /// message: read alike, the developer bytes passed over.
    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aBigEndianFileWithDeveloperFieldsReadsAlike() throws {
        let little = try FITWorkoutReader.read(try Self.fit("threshold.fit"))
        let big = try Self.fit("threshold-big-endian.fit")
        #expect(big[14] == 1, "the first definition is big-endian")
        #expect(try FITWorkoutReader.read(big) == little)
    }

    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aFITRunsOpenDistanceAndZoneStepsAreSaid() throws {
        let reading = try FITWorkoutReader.read(try Self.fit("run.fit")).plan(for: Profile())
        #expect(reading.name == "Track session")
        let plan = try #require(reading.plan)
        #expect(
            plan.blocks == [
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(180, target: .speed(centiKilometresPerHour: 1200))),
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(120)),
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300, target: .heartRate(low: 140, high: 160))),
            ])
        #expect(
            reading.notes.map(Self.words.coachNote) == [
                "Step 1, with no set time, is not supported: left out.",
                "Step 2, 1,000 metres long, is not supported: left out.",
                "Step 4 asks for a power zone, which is not supported: taken without it.",
            ])
    }

    /// A recovery step after a repeat (intensity recovery) is a rest, after the last round's
    /// rest as the file has it: announced and exported as a rest, never as work.
    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aFITRecoveryAfterARepeatIsARest() throws {
        let reading = try FITWorkoutReader.read(try Self.fit("recovery.fit")).plan(for: Profile(functionalThresholdPower: 250))
        let plan = try #require(reading.plan)
        #expect(plan.warmUp == TrainingPlan.Step(300) && plan.coolDown == TrainingPlan.Step(300))
        #expect(
            plan.blocks == [
                TrainingPlan.Block(
                    rounds: 3, work: TrainingPlan.Step(60, target: .power(watts: 300)), rest: TrainingPlan.Step(60),
                    recovery: TrainingPlan.Step(360))
            ])
        #expect(
            plan.phases.map(\.kind) == [
                .warmUp, .work(round: 1), .rest(afterRound: 1), .work(round: 2), .rest(afterRound: 2), .work(round: 3),
                .rest(afterRound: 3), .coolDown,
            ])
        // Every second of the file: 5 + 3 × (1 + 1) + 5 + 5 minutes.
        #expect(plan.duration == 21 * 60)
        #expect(reading.notes == [])
        #expect(Self.words.planSentences(plan)[2...3] == ["3 times 1 minute work at 300 watts, 1 minute rest.", "Then 6 minutes rest."])
    }

    /// A rest that follows no work (the first step, or a recovery after a rest) is a rest of
    /// its own, said and run as rest, never as work; a FIT cadence target is the step's cadence.
    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aFITRestFirstOrTwiceIsARestAndACadenceTargetIsKept() throws {
        let reading = try FITWorkoutReader.read(try Self.fit("rests.fit")).plan(for: Profile(functionalThresholdPower: 250))
        let plan = try #require(reading.plan)
        #expect(reading.notes == [])
        #expect(
            plan.blocks == [
                TrainingPlan.Block(restOnly: TrainingPlan.Step(120)),
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(300, target: .power(watts: 250)), rest: TrainingPlan.Step(60)),
                TrainingPlan.Block(restOnly: TrainingPlan.Step(120)),
                TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(180, cadence: 90)),
            ])
        #expect(
            plan.phases.map(\.kind) == [
                .rest(afterRound: 1), .work(round: 1), .rest(afterRound: 1), .rest(afterRound: 1), .work(round: 1), .coolDown,
            ])
        #expect(plan.duration == 120 + 300 + 60 + 120 + 180 + 300)
        #expect(
            Array(Self.words.planSentences(plan)[1...4]) == [
                "Once, 2 minutes rest.", "Once, 5 minutes work at 250 watts, 1 minute rest.", "Once, 2 minutes rest.",
                "Once, 3 minutes work at cadence 90.",
            ])
        // The laps of a ride that followed it: each rest a resting lap.
        let laps = Laps.spans(plan: plan, marks: [], duration: plan.duration)
        #expect(laps.map(\.resting) == [true, false, true, true, false, false])
    }

    /// A FIT cadence zone is none an athlete has here: the step is kept, its target said as left
    /// out; a custom cadence range beside it is the next step's cadence, at its middle.
    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aFITCadenceZoneIsSaidAsLeftOutAndItsStepKept() throws {
        let reading = try FITWorkoutReader.read(try Self.fit("cadence-zone.fit")).plan(for: Profile(functionalThresholdPower: 250))
        let plan = try #require(reading.plan)
        #expect(reading.notes.map(Self.words.coachNote) == ["Step 1 asks for a cadence zone, which is not supported: taken without it."])
        #expect(plan.blocks.map(\.work) == [TrainingPlan.Step(120), TrainingPlan.Step(120, cadence: 85)])
        #expect(plan.duration == 240)
    }

    /// A FIT workout whose one step is longer than a plan holds says why, as a Zwift file with
    /// the same step does: the file cannot be followed, and its step is left out for its length.
    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aFITStepTooLongIsSaidAsAZwiftOneIs() throws {
        let zwift = #"<workout_file><name>All day</name><workout><SteadyState Duration="36000"/></workout></workout_file>"#
        let entries = [
            PlanFileEntry(PlanFile(name: "all-day.fit", bytes: try Self.fit("all-day.fit")), profile: Profile()),
            PlanFileEntry(PlanFile(name: "all-day.zwo", bytes: Array(zwift.utf8)), profile: Profile()),
        ]
        #expect(
            ConfigureFeature.unreadable(entries, Self.words) == [
                .sayText(.menu, "all-day.fit cannot be read: it has no step Heartline can follow."),
                .sayText(.menu, "Step 1 lasts 10 hours, which a plan cannot hold: left out."),
                .sayText(.menu, "all-day.zwo cannot be read: it has no step Heartline can follow."),
                .sayText(.menu, "Step 1 lasts 10 hours, which a plan cannot hold: left out."),
            ])
    }

    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aFITActivityIsNotAWorkout() throws {
        #expect(throws: CoachFileError.notAWorkout) { try FITWorkoutReader.read(try Self.fit("activity.fit")) }
        #expect(
            Self.words.coachFileError("activity.fit", .notAWorkout) == "activity.fit cannot be read: it is a FIT file but not a workout.")
    }

    /// Every prefix of a workout file, and every byte of it changed, is refused; with its CRC
    /// made right again after the change, it never crashes the reader.
    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func truncatedAndCorruptedFITBytesAreRefusedAndNeverCrash() throws {
        let bytes = try Self.fit("threshold.fit")
        for length in 0..<bytes.count {
            #expect(throws: CoachFileError.self) { try FITWorkoutReader.read(Array(bytes.prefix(length))) }
        }
        var survived = 0
        var refusedByCRC = 0
        for position in bytes.indices {
            for value in UInt8.min...UInt8.max where value != bytes[position] {
                var changed = bytes
                changed[position] = value
                if (try? FITWorkoutReader.read(changed)) == nil { refusedByCRC += 1 }
                // The same change with a right CRC reaches the message parser: every field
                // size, type and value, read or refused, never a crash.
                let end = changed.count - 2
                let crc = FITEncoder.crc(Array(changed[0..<end]))
                changed[end] = UInt8(crc & 0xFF)
                changed[end + 1] = UInt8(crc >> 8)
                if (try? FITWorkoutReader.read(changed)) != nil { survived += 1 }
            }
        }
        #expect(refusedByCRC == bytes.count * 255)
        #expect(survived < bytes.count * 255)
        for error in [CoachFileError.truncated, .damaged, .notAWorkoutFile, .tooLarge, .unopened, .noSteps] {
            let sentence = Self.words.coachFileError("threshold.fit", error)
            #expect(sentence.hasPrefix("threshold.fit cannot be read: ") && sentence.hasSuffix("."))
        }
    }

    /// A search reads a Zwift plan's name no further than its steps: a name written before them
    /// is the file's name even when its steps are cut off; one written after them, or none, is
    /// read as the whole file gives it; a file that is no workout has no name.
    @Test func aPlansNameIsReadWithoutItsSteps() throws {
        let cut = "<workout_file><name>Tempo &amp; hills</name><workout><SteadyState Duration=\"60\""
        #expect(try ZwiftWorkoutReader.name(Array(cut.utf8)) == "Tempo & hills")
        #expect(throws: CoachFileError.truncated) { try ZwiftWorkoutReader.read(Array(cut.utf8)) }
        let after = "<workout_file><workout><SteadyState Duration=\"60\" Power=\"0.5\"/></workout><name>Late</name></workout_file>"
        #expect(PlanFile(name: "late.ZWO", bytes: Array(after.utf8)).planName() == "Late")
        let unnamed = "<workout_file><workout><SteadyState Duration=\"60\" Power=\"0.5\"/></workout></workout_file>"
        #expect(PlanFile(name: "x.zwo", bytes: Array(unnamed.utf8)).planName() == "")
        #expect(PlanFile(name: "x.zwo", bytes: Array("<html></html>".utf8)).planName() == nil)
        #expect(PlanFile(name: "x.zwo", bytes: nil).planName() == nil)
        #expect(PlanFile(name: "gorby.zwo", bytes: try Self.fixture("gorby.zwo")).planName() == "The Gorby")
        let fit = PlanFile(name: "all-day.fit", bytes: try Self.fit("all-day.fit"))
        #expect(fit.planName() == (try fit.workout().get().name))
    }

    /// A coach's text events are the plan's messages at their seconds: in a step, from its start;
    /// directly under `<workout>`, from the workout's, where the step left out (a Sprint) lasts
    /// no time in the plan.
    @Test func textEventsAreMessagesAtTheirSecondsOfThePlan() throws {
        let reading = try Self.reading("text-events.zwo", ftp: 200)
        #expect(
            reading.plan?.messages == [
                TrainingPlan.Message(second: 10, text: "Settle in."),
                TrainingPlan.Message(second: 300, text: "Here comes the hard part."),
                TrainingPlan.Message(second: 540, text: "Easy now."),
            ])
        // Read again as stored, a plan keeps them; one with none is stored as before messages.
        let plan = try #require(reading.plan)
        #expect(try JSONDecoder().decode(TrainingPlan.self, from: JSONEncoder().encode(plan)) == plan)
        var old = plan
        old.messages = []
        let stored = String(decoding: try JSONEncoder().encode(old), as: UTF8.self)
        #expect(!stored.contains("messages"))
        #expect(try JSONDecoder().decode(TrainingPlan.self, from: Data(stored.utf8)).messages == [])
    }

    /// A message is cut to fifteen words; one in a repeat is placed in its rounds; one past its
    /// step's end is said at the step's last second; one in a step left out, where the next
    /// begins; a workout with none has no messages.
    @Test func messagesAreCutPlacedInRepeatsAndKeptInTheirSteps() throws {
        let long = (1...20).map { "word\($0)" }.joined(separator: " ")
        let text = """
            <workout_file><name>Talk</name><workout>
            <SteadyState Duration="60" Power="0.6"><textevent timeoffset="600" message="Too late."/></SteadyState>
            <IntervalsT Repeat="3" OnDuration="30" OffDuration="30" OnPower="1.2" OffPower="0.5">
              <textevent timeoffset="150" message="Last one!"/>
            </IntervalsT>
            <SteadyState Duration="2" Power="0.6"><textevent timeoffset="0" message="\(long)"/></SteadyState>
            <textevent timeoffset="nonsense" message="At the start."/>
            <textevent timeoffset="5" message="   "/>
            <SteadyState Duration="60" Power="0.5"/>
            </workout></workout_file>
            """
        let plan = try #require(try ZwiftWorkoutReader.read(Array(text.utf8)).plan(for: Profile()).plan)
        #expect(
            plan.messages == [
                TrainingPlan.Message(second: 0, text: "At the start."),
                TrainingPlan.Message(second: 59, text: "Too late."),
                TrainingPlan.Message(second: 210, text: "Last one!"),
                TrainingPlan.Message(second: 240, text: (1...15).map { "word\($0)" }.joined(separator: " ") + "."),
            ])
        let quiet = "<workout_file><workout><SteadyState Duration=\"60\" Power=\"0.5\"/></workout></workout_file>"
        #expect(try ZwiftWorkoutReader.read(Array(quiet.utf8)).plan(for: Profile()).plan?.messages == [])
    }
}
