import HeartlineCore
import HeartlineIO

/// Anything that delivers heart-rate events to the core on the event loop: a real strap or a
/// simulated one.
public protocol HeartRateSource: AnyObject {
    /// Starts connecting; events arrive through `deliver` on `loop`'s thread.
    func start(on loop: EventLoop, deliver: @escaping (SensorEvent) -> Void)
    /// Stops and disconnects; no event arrives after it returns.
    func stop()
    /// Asks for the battery level; it arrives as `.battery` when the strap answers.
    func requestBattery()
    /// Sends a command to a fitness machine; its answer arrives as `.machine(.answered)`.
    func steer(_ command: MachineCommand)
}

extension HeartRateSource {
    /// A source that is no fitness machine answers that it cannot be steered.
    public func steer(_ command: MachineCommand) {}
}
