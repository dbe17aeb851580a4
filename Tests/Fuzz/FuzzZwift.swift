// libFuzzer target: the Zwift workout reader (.zwo) and the plan it gives, as a plans folder or
// a stick hands Heartline any bytes under a .zwo name. Built by contrib/fuzz.sh with the coach
// files' readers and the model files they need compiled into the same module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZwift(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ZwiftWorkoutReader.name(bytes)
    guard let workout = try? ZwiftWorkoutReader.read(bytes) else { return 0 }
    if let named = try? ZwiftWorkoutReader.name(bytes), !named.isEmpty {
        // Read no further than the steps, a name is the start of the one read whole.
        precondition(workout.name.hasPrefix(named) || named.hasPrefix(workout.name), "names differ: \(named) \(workout.name)")
    }
    checkPlans(workout)
    return 0
}
