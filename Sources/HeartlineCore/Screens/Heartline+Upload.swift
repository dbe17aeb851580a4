/// How an upload of a saved workout to a service went, as the edge found it.
public enum UploadResult: Equatable, Sendable {
    /// The service has the workout.
    case uploaded
    /// No answer in time: kept and tried again.
    case noAnswer
    /// The service answered with a server error (5xx) or asked to wait (429): kept and tried again.
    case serverFailed
    /// The server could not be reached (refused, no route, no name): kept and tried again.
    case noConnection
    /// The service refused the key (401, 403): kept, and tried again at the next start.
    case keyRefused
    /// The service refused the file itself (another 4xx): said, and not tried again.
    case fileRefused
    /// There is no key file.
    case notSetUp
    /// The key file may be read by others than its owner: it is not used.
    case keyFileOpen
    /// The workout could not be read from storage, so nothing was sent.
    case unreadable
}

extension Heartline {
    /// Whether every saved workout is uploaded.
    var uploadEnabled: Bool { settings.upload }

    /// "Upload and save workout" on the summary: saved as "Save workout" is, then uploaded.
    mutating func saveAndUploadEndedWorkout() {
        guard case .summary(let summary, _) = screen else { return }
        conversation.uploadAfterSave = summary.id
        saveEndedWorkout()
    }

    /// A workout was saved: it goes to the service when upload is on or was asked for.
    mutating func uploadIfWanted(_ id: Int64) {
        let asked = conversation.uploadAfterSave == id
        conversation.uploadAfterSave = nil
        if uploadEnabled || asked { emit(.upload(id)) }
    }

    /// Says how an upload went. One that waited from an earlier try is said only once done: its
    /// failure was said when it was first tried.
    mutating func uploaded(_ result: UploadResult, waited: Bool) {
        if waited {
            if result == .uploaded { say(.notice, .uploadWaitingDone) }
            return
        }
        let prompt: Prompt =
            switch result {
            case .uploaded: .uploadDone
            case .noAnswer: .uploadNoAnswer
            case .serverFailed: .uploadServerFailed
            case .noConnection: .uploadNoConnection
            case .keyRefused: .uploadKeyRefused
            case .fileRefused: .uploadFileRefused
            case .notSetUp: .uploadNotSetUp
            case .keyFileOpen: .uploadKeyOpen
            case .unreadable: .uploadUnreadable
            }
        say(.notice, prompt)
    }
}
