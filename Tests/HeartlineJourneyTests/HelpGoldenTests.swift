import Foundation
import HeartlineCore
import Testing

/// Help on each menu that once said only "Choose an item by its number or its name.": what the
/// screen is for, then what its items do, then the commands that work everywhere.
@Suite struct HelpGoldenTests {
    @Test func helpOnEachMenuSaysWhatItIsFor() throws {
        let session = try GoldenSession(strapSeed: nil)
        try session.saveWorkouts(count: 1, minutes: 1)
        expectGolden(
            session,
            #"""
            > use last workout configuration
            > help
            > home
            > review
            > help
            > browse by metric
            > help
            > time in a zone
            > help
            > back
            > back
            > browse by averages
            > help
            > back
            > browse all
            > 1
            > help
            > home
            > settings
            > help
            > profile
            > help
            > back
            > sensors
            > help
            > back
            > speech
            > help
            """#)
    }
}
