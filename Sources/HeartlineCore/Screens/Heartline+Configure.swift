import Foundation

/// The root's side of Configure: the steps' actions handed to `ConfigureFeature`, whose state is
/// the configuration step nearest the top of the stack (under the plans folder's list, the plan
/// step below it).
extension Heartline {
    mutating func configure(_ action: ConfigureFeature.Action) {
        let environment = environment
        carryOut(ConfigureFeature.reduce(&configuring, action, environment))
    }

    /// The configuration step nearest the top and its draft; written back in its place.
    var configuring: ConfigureFeature.State {
        get {
            for screen in stack.reversed() {
                if case .configure(let step, let draft) = screen { return ConfigureFeature.State(step: step, draft: draft) }
            }
            return ConfigureFeature.State(step: .sport, draft: Draft(profile: records.profile))
        }
        set {
            guard let index = stack.lastIndex(where: { if case .configure = $0 { true } else { false } }) else { return }
            stack[index] = .configure(newValue.step, newValue.draft)
        }
    }

    var autoPauseEnabled: Bool { settings.autoPause }

    /// The formats every saved workout is written in, none when automatic export is off.
    var autoExportFormats: [ExportFormat] { settings.autoExport }
}
