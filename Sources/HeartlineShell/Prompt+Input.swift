import HeartlineCore

// The prompts of the keyboard, keypad and media buttons: every key in Prompts/en/input.prompts.

extension Prompt {
    public static let echoDeleted = Prompt("echo.deleted", ["text"])
    public static let completionMatches = Prompt("completion.matches", ["count", "matches"])
    public static let completionNone = Prompt("completion.none")
    public static let buttonsPermission = Prompt("buttons.permission")
    public static let buttonsLost = Prompt("buttons.lost")
    public static let buttonsBack = Prompt("buttons.back")

    /// Every prompt of the keyboard, keypad and media buttons (Prompts/en/input.prompts).
    public static let input: [Prompt] = [
        echoDeleted, completionMatches, completionNone, buttonsPermission, buttonsLost, buttonsBack,
    ]
}
