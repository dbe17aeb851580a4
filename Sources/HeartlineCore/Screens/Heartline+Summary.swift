import Foundation

/// The root's side of the summary and of the questions: their actions handed to
/// `SummaryFeature`, whose state is in `conversation`, and to `QuestionsFeature`, whose state is
/// the question on screen.
extension Heartline {
    mutating func ended(_ action: SummaryFeature.Action) {
        let environment = environment
        carryOut(SummaryFeature.reduce(&conversation.ended, action, environment))
    }

    /// A save went through: of the workout left behind on screen, or of the one just ended.
    mutating func saved(_ id: Int64, unwritten: UnwrittenWork, failure: StorageError?) {
        if case .unfinished = screen { return unfinished(.saved(id)) }
        ended(.saved(id, unwritten, failure: failure))
    }

    mutating func questions(_ action: QuestionsFeature.Action) {
        guard var question = screen.question else { return }
        carryOut(QuestionsFeature.reduce(&question, action, environment))
    }
}
