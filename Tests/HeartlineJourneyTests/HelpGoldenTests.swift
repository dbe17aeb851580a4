import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Help on each menu that once said only "Choose an item by its number or its name.": what the
/// screen is for, then what its items do, then the commands that work everywhere.
@Suite(.timed) struct HelpGoldenTests {
    @Test func helpOnEachMenuSaysWhatItIsFor() throws {
        let session = try GoldenSession(strapSeed: nil)
        try session.saveWorkouts(count: 1, minutes: 1)
        expectGolden(
            session,
            #"""
            > help
            answer: From home you start a workout, hear past ones, or change settings.
            answer: Use last workout configuration starts the same workout as last time.
            answer: Resting check measures your heart at rest while you sit still.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > use last workout configuration
            menu: Last workout configuration.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: 1, Start workout.
            menu: 2, Edit configuration.
            menu: 3, Back.
            > help
            answer: This screen keeps the workout you configured last time.
            answer: Start workout starts it again; Edit configuration changes it first.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > home
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > review
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > help
            answer: Review reads back the workouts you saved.
            answer: Browse all or by date lists workouts; by metric lists one figure.
            answer: Browse by averages says a metric's average per week, month and year.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > browse by metric
            menu: Browse by metric.
            menu: 1, Time elapsed.
            menu: 2, Average heart rate.
            menu: 3, Maximum heart rate.
            menu: 4, Calories burned.
            menu: 5, Heart rate recovery at 1 minute.
            menu: 6, Training load.
            menu: 7, Distance.
            menu: 8, Average cadence.
            menu: 9, Average power.
            menu: 10, Time in a zone.
            menu: Press 0 for the tenth, Time in a zone.
            > help
            answer: Choose a metric to hear its value in each saved workout.
            answer: Time in a zone lists the time spent in one zone per workout.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > time in a zone
            menu: Time in a zone.
            menu: 1, Zone 1, 93 to 111 beats per minute.
            menu: 2, Zone 2, 112 to 130 beats per minute.
            menu: 3, Zone 3, 131 to 148 beats per minute.
            menu: 4, Zone 4, 149 to 167 beats per minute.
            menu: 5, Zone 5, 168 to 185 beats per minute.
            > help
            answer: Choose a heart rate zone to hear the time spent in it.
            answer: Each zone is named with its range in beats per minute.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > back
            menu: Browse by metric.
            menu: 1, Time elapsed.
            menu: 2, Average heart rate.
            menu: 3, Maximum heart rate.
            menu: 4, Calories burned.
            menu: 5, Heart rate recovery at 1 minute.
            menu: 6, Training load.
            menu: 7, Distance.
            menu: 8, Average cadence.
            menu: 9, Average power.
            menu: 10, Time in a zone.
            menu: Press 0 for the tenth, Time in a zone.
            > back
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > browse by averages
            menu: Browse by averages.
            menu: 1, Time elapsed.
            menu: 2, Average heart rate.
            menu: 3, Maximum heart rate.
            menu: 4, Calories burned.
            menu: 5, Heart rate recovery at 1 minute.
            menu: 6, Training load.
            menu: 7, Distance.
            menu: 8, Average cadence.
            menu: 9, Average power.
            menu: 10, Time in a zone.
            menu: Press 0 for the tenth, Time in a zone.
            > help
            answer: Choose a metric to hear its average last week, month, year and overall.
            answer: Training load, distance and time in a zone are said as totals, not averages.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > back
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > browse all
            menu: All workouts.
            menu: Items 1 to 1 of 1.
            menu: 1, yesterday at 7:30, 1 minute and 1 second.
            > 1
            menu: Workout of yesterday at 7:30.
            menu: Time elapsed, 1 minute and 1 second.
            menu: Average heart rate unknown: no heart rate received yet.
            menu: Maximum heart rate unknown: no heart rate received yet.
            menu: Calories burned unknown: no heart rate received yet.
            menu: Training load, 0 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            > help
            answer: This is one saved workout: its totals, then what to do with it.
            answer: Export writes it to a TCX, CSV or FIT file; Delete workout removes it.
            answer: Time in zones says the time spent in each heart rate zone.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > home
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > settings
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            > help
            answer: Settings change how Heartline works, and are kept for the next start.
            answer: Profile, Recording and saving, Sensors, Speech and Headset open their own screens.
            answer: Each other item moves to its next value when chosen; Power off asks first.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > profile
            menu: Profile.
            menu: 1, Age: not set.
            menu: 2, Sex: not set.
            menu: 3, Weight: not set.
            menu: 4, Maximum heart rate: not set.
            menu: 5, Resting heart rate: not set.
            menu: 6, FTP: not set.
            menu: 7, Units: Kilometres.
            > help
            answer: Your profile sets your heart rate zones and the calories burned.
            answer: Choose a field to type its value; Units switches kilometres and miles.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > back
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            > sensors
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            > help
            answer: Here Heartline finds a heart rate strap, footpod, bike sensor or power meter.
            answer: A Find item looks for them nearby; a Forget item drops a remembered one.
            answer: Footpod calibration corrects the distance a footpod measures.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > back
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            > speech
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > help
            answer: Speech settings change the voice that speaks Heartline's sentences.
            answer: Choose a setting, then type its value, or default to reset it.
            answer: A changed value is kept only when you answer yes.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            """#)
    }

    /// The summary of a workout just ended says what it is and what saving and deleting do.
    @Test func helpOnTheSummarySaysWhatSavingDoes() throws {
        let session = try GoldenSession()
        expectGolden(
            session,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > configure
            menu: Sport.
            menu: 1, Running.
            menu: 2, Cycling.
            menu: 3, Rowing.
            menu: 4, Other, selected.
            menu: 5, Next.
            > next
            menu: Metrics for audio feedback.
            menu: 1, Time elapsed: on.
            menu: 2, Heart rate: on.
            menu: 3, Calories burned: on.
            menu: 4, Next.
            > next
            menu: Time interval for audio feedback.
            menu: 1, No time, selected.
            menu: 2, 30 seconds.
            menu: 3, 1 minute.
            menu: 4, 2 minutes.
            menu: 5, 5 minutes.
            menu: 6, 10 minutes.
            menu: 7, 15 minutes.
            menu: 8, 30 minutes.
            menu: 9, 1 hour.
            menu: 10, 2 hours.
            menu: Press 0 for the tenth, 2 hours.
            > next
            menu: Target heart rate zone.
            menu: 1, No target, selected.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range.
            menu: 8, Next.
            > next
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > next
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            :wait 60
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 1 minute.
            menu: Average heart rate, 70 beats per minute.
            menu: Maximum heart rate, 75 beats per minute.
            menu: Calories burned, 2 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > help
            answer: This is the workout that just ended, with its totals.
            answer: Save workout keeps it; Delete workout drops it after asking.
            answer: Time in zones says the time spent in each heart rate zone.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > save
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            """#)
    }
}
