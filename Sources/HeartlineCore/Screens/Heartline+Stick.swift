/// The root's side of home and the USB stick: their actions handed to `StickFeature`, whose
/// state is the stick in `stick`.
extension Heartline {
    mutating func stick(_ action: StickFeature.Action) {
        let environment = environment
        carryOut(StickFeature.reduce(&stick, action, environment))
    }
}
