// Sentences about data that cannot be right: every key in Prompts/en/checks.prompts.

extension Prompt {
    public static let noticeImplausible = Prompt("notice.implausible")
    public static let noticeStuck = Prompt("notice.stuck")
    public static let noticeImplausibleMotion = Prompt("notice.implausible-motion", ["sensor"])
    public static let configMoreOne = Prompt("config.more.one")
    public static let configMoreOther = Prompt("config.more.other", ["count"])
    public static let dateYearRange = Prompt("date.year-range")
    public static let dateNotLeap = Prompt("date.not-leap", ["year"])
    public static let dateNotInMonth = Prompt("date.not-in-month", ["days", "month"])

    /// Every prompt of checks.prompts.
    public static let checks: [Prompt] = [
        noticeImplausible, noticeStuck, noticeImplausibleMotion, configMoreOne, configMoreOther, dateYearRange, dateNotLeap,
        dateNotInMonth,
    ]
}
