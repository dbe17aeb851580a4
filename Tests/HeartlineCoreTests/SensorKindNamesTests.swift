import HeartlineCore
import HeartlineTestSupport
import Testing

/// A sensor kind's names are declared once, in `SensorKind`; the command line, the stored
/// settings and the log read them from there.
@Suite(.timed) struct SensorKindNamesTests {
    /// The stored names are what settings written by every earlier Heartline hold: a change
    /// would forget the athlete's remembered sensors.
    @Test func theStoredNamesAreTheOnesSettingsAlreadyHold() {
        #expect(SensorKind.allCases.map(\.name) == ["strap", "footpod", "bike", "power", "machine"])
    }

    /// Each name, and each other name, stands for its own kind and no other.
    @Test func everyNameTheCommandLineTakesStandsForItsKind() {
        for kind in SensorKind.allCases {
            for name in [kind.name] + kind.otherNames { #expect(SensorKind.byName[name] == kind, "\(name)") }
        }
        let all = SensorKind.allCases.flatMap { [$0.name] + $0.otherNames }
        #expect(Set(all).count == all.count)
        #expect(SensorKind.byName.count == all.count)
    }

    /// The motion kinds are every kind but the strap, in their declared order (Settings,
    /// Sensors lists them so).
    @Test func theMotionKindsAreEveryKindButTheStrap() {
        #expect(SensorKind.motionKinds == [.footpod, .cyclingSpeedCadence, .powerMeter, .fitnessMachine])
        #expect(Settings.motionKinds == SensorKind.motionKinds)
    }
}
