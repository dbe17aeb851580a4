import Foundation

/// A profile field the user can set on its own entry screen.
public enum ProfileField: String, CaseIterable, Sendable {
    case age, sex, weight, maximumHeartRate, restingHeartRate
}

/// The screens of PRODUCT.md, in the app's order. Each is a stop on a linear path.
enum Screen: Equatable, Sendable {
    case home
    case metrics
    case interval
    case workout
    /// "Definitely end workout?"; `quitting` when the user asked to quit during the workout.
    case confirmEnd(quitting: Bool)
    case summary
    case confirmDeleteEnded
    case last
    case review
    case allWorkouts(page: Int)
    case dateEntry
    case dateList(day: DateInterval, page: Int)
    case metricChoice
    case metricList(HistoryMetric, page: Int)
    case averagesChoice
    case averagesList(HistoryMetric)
    case details(id: Int64)
    case confirmDeleteSaved(id: Int64)
    case settings
    case profile
    case entry(ProfileField)
    case target
    case plan
    /// A workout a crash or a killed process left behind, offered at start.
    case unfinished(id: Int64)
    case confirmDiscard(id: Int64)
    case sensor
    case sensorChoice([FoundSensor])
    case speech
    case speechEntry(SpeechSetting)

    /// Whether the screen asks a yes-or-no question.
    var isConfirmation: Bool {
        switch self {
        case .confirmEnd, .confirmDeleteEnded, .confirmDeleteSaved, .confirmDiscard: true
        default: false
        }
    }

    var isList: Bool {
        switch self {
        case .allWorkouts, .dateList, .metricList: true
        default: false
        }
    }

    /// The same screen on another page.
    func withPage(_ page: Int) -> Screen {
        switch self {
        case .allWorkouts: .allWorkouts(page: page)
        case .dateList(let day, _): .dateList(day: day, page: page)
        case .metricList(let metric, _): .metricList(metric, page: page)
        default: self
        }
    }

    var page: Int {
        switch self {
        case .allWorkouts(let page), .dateList(_, let page), .metricList(_, let page): page
        default: 0
        }
    }
}

/// What choosing a menu item does.
enum MenuAction: Equatable, Sendable {
    case open(Screen)
    case toggle(Metric)
    case chooseInterval(ReadoutInterval)
    case startWorkout(WorkoutConfiguration)
    case editLast
    case configureNew
    case back
    case next
    case saveWorkout
    case openProfileField(ProfileField)
    case chooseTarget(TargetZone?)
    case choosePlan(TrainingPlan?)
    case toggleCountdown
    case toggleAutoPause
    case resumeUnfinished(Int64)
    case saveUnfinished(Int64)
    case findSensors
    case forgetSensor
    case chooseSensor(FoundSensor)
    case cycleKeyEcho
    case export(Int64, ExportFormat)
}

/// One spoken, selectable line of a menu.
struct MenuItem: Equatable, Sendable {
    var label: String
    /// "on", "off", or a value, read after the label.
    var state: String?
    var selected = false
    var action: MenuAction
}
