import HeartlineBluetooth
import HeartlineCore
import HeartlineSpeech

extension Prompt {
    /// Every prompt of every module: what the catalogue must hold, exactly.
    public static let all: [Prompt] =
        core + shell + speech + bluetooth + system + history + input + characters + interaction + motion + checks + screenHelp + headset
}
