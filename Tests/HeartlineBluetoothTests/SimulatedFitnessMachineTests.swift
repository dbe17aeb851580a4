import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

/// The simulated treadmill and smart trainer of `--simulate treadmill` and `--simulate trainer`:
/// their bytes decode with the production decoders, and their control point keeps the rules a
/// real machine keeps.
@Suite(.timed) struct SimulatedFitnessMachineTests {
    static func answer(_ machine: inout SimulatedFitnessMachine, _ request: FitnessMachineControlRequest) throws
        -> FitnessMachineControlResponse.Result
    {
        let response = try FitnessMachineControlResponse.decode(machine.controlPoint(request.encoded))
        #expect(response.requestOpCode == request.opCode)
        return response.result
    }

    @Test("every request but Request Control is refused until control is requested")
    func controlFirst() throws {
        var machine = SimulatedFitnessMachine(type: .treadmill, seed: 1)
        #expect(try Self.answer(&machine, .setTargetSpeed(1000)) == .controlNotPermitted)
        #expect(try Self.answer(&machine, .stopOrPause(.stop)) == .controlNotPermitted)
        #expect(machine.speed == 800 && machine.running)
        #expect(try Self.answer(&machine, .requestControl) == .success)
        #expect(try Self.answer(&machine, .setTargetSpeed(1000)) == .success)
        #expect(machine.speed == 1000)
    }

    @Test("a target outside the supported range is an invalid parameter; one it cannot take is not supported")
    func ranges() throws {
        var treadmill = SimulatedFitnessMachine(type: .treadmill, seed: 1)
        _ = try Self.answer(&treadmill, .requestControl)
        #expect(try Self.answer(&treadmill, .setTargetSpeed(2500)) == .invalidParameter)
        #expect(try Self.answer(&treadmill, .setTargetInclination(200)) == .invalidParameter)
        #expect(try Self.answer(&treadmill, .setTargetPower(200)) == .opCodeNotSupported)
        #expect(treadmill.speed == 800 && treadmill.inclination == 0)
        var trainer = SimulatedFitnessMachine(type: .indoorBike, seed: 1)
        _ = try Self.answer(&trainer, .requestControl)
        #expect(try Self.answer(&trainer, .setTargetPower(2000)) == .invalidParameter)
        #expect(try Self.answer(&trainer, .setTargetPower(220)) == .success)
        #expect(try Self.answer(&trainer, .setTargetSpeed(1000)) == .opCodeNotSupported)
        // A write that is no request: the op code is not supported.
        #expect(try FitnessMachineControlResponse.decode(trainer.controlPoint([0x42])).result == .opCodeNotSupported)
    }

    @Test("its feature, ranges and data decode with the production decoders")
    func bytes() throws {
        var treadmill = SimulatedFitnessMachine(type: .treadmill, seed: 3)
        let description = MachineDescription(type: .treadmill, read: treadmill.readValue, steerable: true)
        #expect(
            description.targets == [
                .speed: MachineRange(minimum: 0.5, maximum: 20, step: 0.1), .incline: MachineRange(minimum: -3, maximum: 15, step: 0.5),
            ])
        let data = try TreadmillData.decode(treadmill.notificationValue())
        #expect(abs(Double(data.instantaneousSpeed ?? 0) - 800) < 10)
        _ = try Self.answer(&treadmill, .requestControl)
        _ = try Self.answer(&treadmill, .stopOrPause(.stop))
        #expect(try TreadmillData.decode(treadmill.notificationValue()).instantaneousSpeed == 0)

        var trainer = SimulatedFitnessMachine(type: .indoorBike, seed: 3)
        #expect(
            MachineDescription(type: .indoorBike, read: trainer.readValue, steerable: true).targets.keys.sorted {
                $0.rawValue < $1.rawValue
            } == [.power, .resistance])
        let bike = MachineReading(try IndoorBikeData.decode(trainer.notificationValue()))
        #expect(abs(Double(bike.power ?? 0) - 150) < 5)
        #expect(abs((bike.cadence ?? 0) - 85) < 3)
    }
}
