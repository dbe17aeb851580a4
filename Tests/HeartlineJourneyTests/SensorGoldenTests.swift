import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Settings, Heart rate sensor: finding straps, choosing one, forgetting it, and a scan that
/// cannot run. `(scan)` and `(use ADDRESS)` are what the core asks of the Bluetooth side.
@Suite(.timed) struct SensorGoldenTests {
    @Test func findChooseAndForgetAStrap() throws {
        let session = try GoldenSession(strapSeed: nil)
        expectGolden(
            session,
            #"""
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
            > 3
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            > 1
            (scan)
            :scan starts
            answer: Looking for heart rate straps for 8 seconds. Wet the strap's electrodes and put it on.
            :found
            answer: No heart rate strap was found. Put the strap on, then try again.
            > find straps
            (scan)
            :scan starts
            answer: Looking for heart rate straps for 8 seconds. Wet the strap's electrodes and put it on.
            :found TICKR B321@C8:03:F1:B9:0B:4E/random@-62; Polar H10 12345678@A0:9E:1A:00:11:22@-80; Unnamed heart rate strap, address ending 3 3 4 4@11:22:33:44:55:66@-95
            menu: Straps found.
            menu: 1, TICKR B321, strong signal.
            menu: 2, Polar H10 12345678, medium signal.
            menu: 3, Unnamed heart rate strap, address ending 3 3 4 4, weak signal.
            > 4
            answer: There is no item 4. Choose 1 to 3.
            > 2
            answer: Polar H10 12345678 remembered. Heartline connects to it now and at every start.
            answer: You are on Sensors.
            (use A0:9E:1A:00:11:22)
            > where
            answer: You are on Sensors.
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
            > 3
            menu: Sensors.
            menu: Remembered strap: Polar H10 12345678.
            menu: 1, Find straps.
            menu: 2, Forget strap.
            menu: 3, Find footpods, bike sensors, power meters and fitness machines.
            menu: 4, Footpod calibration: 100 percent.
            > 2
            answer: Strap forgotten.
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            (use none)
            > 1
            (scan)
            :scan fails without Bluetooth
            answer: This computer has no Bluetooth. Heartline goes on without a heart rate strap.
            > home
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 1
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
            answer: No heart rate strap is connected yet.
            > h
            answer: Heart rate strap is not connected.
            > b
            answer: Heart rate strap battery level unknown.
            """#)
    }

    /// The Device Information service's answer is kept in silence, only for the remembered
    /// strap, and read on the Sensors screen; choosing another strap or forgetting drops it.
    @Test func makerAndModelReadOnTheSensorsScreen() throws {
        let session = try GoldenSession(strapSeed: nil)
        expectGolden(
            session,
            #"""
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
            > 3
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            > 1
            (scan)
            :scan starts
            answer: Looking for heart rate straps for 8 seconds. Wet the strap's electrodes and put it on.
            :found TICKR B321@C8:03:F1:B9:0B:4E/random@-62; HRM-Pro 9F8E@D4:36:39:E5:77:12/random@-70
            menu: Straps found.
            menu: 1, TICKR B321, strong signal.
            menu: 2, HRM-Pro 9F8E, strong signal.
            > 1
            answer: TICKR B321 remembered. Heartline connects to it now and at every start.
            answer: You are on Sensors.
            (use C8:03:F1:B9:0B:4E/random)
            :identified D4:36:39:E5:77:12/random@Garmin@HRM-Pro
            :identified C8:03:F1:B9:0B:4E/random@Wahoo Fitness@TICKR
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
            > 3
            menu: Sensors.
            menu: Remembered strap: TICKR B321.
            menu: Made by Wahoo Fitness, model TICKR.
            menu: 1, Find straps.
            menu: 2, Forget strap.
            menu: 3, Find footpods, bike sensors, power meters and fitness machines.
            menu: 4, Footpod calibration: 100 percent.
            :identified C8:03:F1:B9:0B:4E/random@@TICKR 2
            > where
            answer: You are on Sensors.
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
            > 3
            menu: Sensors.
            menu: Remembered strap: TICKR B321.
            menu: Model TICKR 2.
            menu: 1, Find straps.
            menu: 2, Forget strap.
            menu: 3, Find footpods, bike sensors, power meters and fitness machines.
            menu: 4, Footpod calibration: 100 percent.
            > 1
            (scan)
            :scan starts
            answer: Looking for heart rate straps for 8 seconds. Wet the strap's electrodes and put it on.
            :found HRM-Pro 9F8E@D4:36:39:E5:77:12/random@-70
            menu: Straps found.
            menu: 1, HRM-Pro 9F8E, strong signal.
            > 1
            answer: HRM-Pro 9F8E remembered. Heartline connects to it now and at every start.
            answer: You are on Sensors.
            (use D4:36:39:E5:77:12/random)
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
            > 3
            menu: Sensors.
            menu: Remembered strap: HRM-Pro 9F8E.
            menu: 1, Find straps.
            menu: 2, Forget strap.
            menu: 3, Find footpods, bike sensors, power meters and fitness machines.
            menu: 4, Footpod calibration: 100 percent.
            """#)
    }

    /// Another program holds the adapter on the kernel's user channel: a scan cannot run, and
    /// a connection keeps being tried; each said in its own sentence.
    @Test func anAdapterHeldByAnotherProgram() throws {
        let session = try GoldenSession(strapSeed: nil)
        expectGolden(
            session,
            #"""
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
            > 3
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            > 1
            (scan)
            :scan fails, adapter held
            answer: Another program holds the Bluetooth adapter for itself. Close it, then try again.
            :strap fails, adapter held
            answer: Another program holds the Bluetooth adapter for itself. Heartline keeps trying.
            """#)
    }

    /// A strap that wants an encrypted link is paired at every connection (no bond is kept);
    /// that is said the first time only.
    @Test func pairingIsSaidOnce() throws {
        let session = try GoldenSession(strapSeed: nil)
        expectGolden(
            session,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            :pairing
            notice: The strap asks to be paired; Heartline pairs with it.
            :sensor back
            :sensor lost
            event: Heart rate strap disconnected.
            :pairing
            :sensor back
            event: Heart rate strap connected.
            """#)
    }
}
