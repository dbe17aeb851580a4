// What every plan read from a coach's file holds, checked by the Zwift and FIT workout fuzz
// targets (contrib/fuzz.sh compiles this file into both).

/// The plan a coach's workout gives, with no FTP or maximum heart rate and with both: its
/// phases back to back from 0, each of at least one second, within the blocks a plan holds.
func checkPlans(_ workout: CoachWorkout) {
    for profile in [Profile(), Profile(maximumHeartRate: 190, functionalThresholdPower: 250)] {
        guard let plan = workout.plan(for: profile).plan else { continue }
        var clock = 0
        for phase in plan.phases {
            precondition(phase.start == clock, "a phase does not start where the last ended")
            precondition(phase.end > phase.start, "a phase of no time")
            clock = phase.end
        }
        precondition(plan.duration == clock, "the plan's length is not its phases'")
    }
}
