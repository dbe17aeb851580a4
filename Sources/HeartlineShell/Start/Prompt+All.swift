import HeartlineBluetooth
import HeartlineCore
import HeartlineSpeech

extension Prompt {
    /// Every prompt of every module: what the catalogue holds, each declared from it.
    public static let all: [Prompt] =
        declaredInHeartlineCore + declaredInHeartlineBluetooth + declaredInHeartlineSpeech + declaredInHeartlineShell
}
