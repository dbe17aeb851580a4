// libFuzzer target: the FIT workout reader (.fit, file type 5) and the plan it gives. Built by
// contrib/fuzz.sh with PlanChecks.swift and the coach files' readers.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFITWorkout(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let workout = try? FITWorkoutReader.read(bytes) else { return 0 }
    checkPlans(workout)
    return 0
}
