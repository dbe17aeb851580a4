import Foundation
@testable import HeartlineCore

/// The catalogue from the source tree, loaded once.
enum TestCatalogue {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Prompts/en").standardized.path

    static let shared: PromptCatalogue = {
        var catalogue = PromptCatalogue()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.filter { $0.hasSuffix(".prompts") }.sorted() ?? []
        for file in files {
            let text = try! String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            try! catalogue.add(text, source: file)
        }
        return catalogue
    }()

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static let words = Words(catalogue: shared, calendar: calendar)
}

/// 2026-11-29 07:30 UTC, a Sunday: the start of every golden session.
let goldenStart = Date(timeIntervalSince1970: 1_795_937_400)
