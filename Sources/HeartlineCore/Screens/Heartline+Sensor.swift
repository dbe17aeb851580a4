import Foundation

/// Finding, choosing and forgetting the heart-rate strap, and saying what went wrong with it.
extension Heartline {
    static let scanSeconds = 8.0
    /// A battery at or below this is said once per run.
    static let batteryLowPercent = 15

    var rememberedSensor: RememberedSensor? { settings.strap }

    func signalWords(_ dBm: Int) -> String {
        words.signal(dBm)
    }

    mutating func findSensors() {
        say(.answer, .sensorScanning, ["duration": words.duration(Int(Self.scanSeconds))])
        sensors.scanningMotion = false
        emit(.scanForSensors(seconds: Self.scanSeconds))
    }

    mutating func sensorsFound(_ found: [FoundSensor]) {
        guard case .sensor = screen else { return }
        if found.isEmpty {
            say(.answer, sensors.scanningMotion ? .sensorNoneFoundOther : .sensorNoneFound)
        } else {
            push(.sensorChoice(found))
        }
    }

    mutating func chooseSensor(_ found: FoundSensor) {
        guard found.kind == .heartRateStrap else { return chooseMotionSensor(found) }
        saveSettings { $0.strap = RememberedSensor(address: found.address, name: found.name) }
        say(.answer, .sensorChosen, ["name": found.name])
        emit(.useSensor(found.address))
        returnToPrevious()
    }

    mutating func forgetSensor() {
        saveSettings { $0.strap = nil }
        say(.answer, .sensorForgotten)
        emit(.useSensor(nil))
        sensors.strap = .absent
        replace(with: .sensor)
    }

    /// Keeps what the remembered strap says about itself, in silence: it is read on the Sensors
    /// screen, not on every connection. Another strap's (one given with --sensor) is not kept.
    mutating func sensorIdentified(strap: String, manufacturer: String?, model: String?) {
        guard var remembered = settings.strap, strap == remembered.address else { return }
        guard remembered.manufacturer != manufacturer || remembered.model != model else { return }
        remembered.manufacturer = manufacturer
        remembered.model = model
        saveSettings { $0.strap = remembered }
    }

    /// "Made by Garmin, model HRM-Pro.", or the half that is known; nil when neither is.
    public static func identitySentence(words: Words, manufacturer: String?, model: String?) -> String? {
        switch (manufacturer, model) {
        case (let manufacturer?, let model?): words(.sensorIdentity, ["manufacturer": manufacturer, "model": model])
        case (let manufacturer?, nil): words(.sensorIdentityManufacturer, ["manufacturer": manufacturer])
        case (nil, let model?): words(.sensorIdentityModel, ["model": model])
        case (nil, nil): nil
        }
    }

    /// One sentence for a sensor that cannot work, true to what the source does: it keeps
    /// trying, or Heartline goes on without it. `kind` is the sensor the problem is about.
    mutating func sayProblem(_ problem: SensorProblem, scanning: Bool = false, kind: SensorKind = .heartRateStrap) {
        if case .otherKind(let found, let taken) = problem {
            // Named by what it is; a strap given in its place was never this link's to wait for.
            if kind == .heartRateStrap { sensors.strap = .absent }
            return say(.answer, taken ? .sensorProblemOtherKindTaken : .sensorProblemOtherKindKept, ["found": sensorName(found)])
        }
        if !scanning, kind == .heartRateStrap { sensors.saidProblem = true }
        if scanning, sensors.scanningMotion {
            switch problem {
            case .noAdapter: return say(.answer, .sensorProblemScanOtherNoAdapter)
            case .permissionDenied: return say(.answer, .sensorProblemScanOtherPermission)
            case .busy, .adapterBusy, .unreachable, .blocked, .other, .otherKind: break
            }
        }
        if kind != .heartRateStrap, !scanning {
            let sensor = ["sensor": sensorName(kind)]
            switch problem {
            case .noAdapter: return say(.answer, .sensorProblemKindNoAdapter, sensor)
            case .permissionDenied: return say(.answer, .sensorProblemKindPermission, sensor)
            case .busy, .unreachable, .other: return say(.answer, .sensorProblemKindTrying, sensor)
            case .adapterBusy, .blocked, .otherKind: break
            }
        }
        switch problem {
        case .noAdapter: say(.answer, .sensorProblemNoAdapter)
        case .permissionDenied: say(.answer, .sensorProblemPermission)
        case .busy: say(.answer, scanning ? .sensorProblemScanBusy : .sensorProblemBusy)
        case .adapterBusy: say(.answer, scanning ? .sensorProblemScanAdapterBusy : .sensorProblemAdapterBusy)
        case .unreachable: say(.answer, .sensorProblemUnreachable)
        case .blocked: say(.answer, .sensorProblemBlocked)
        case .other: say(.answer, .sensorProblemOther)
        case .otherKind: break
        }
    }
}

extension Words {
    /// Signal strength in words: within a couple of metres a strap or a headset is above -70 dBm.
    func signal(_ dBm: Int) -> String {
        self(dBm >= -70 ? .sensorSignalStrong : dBm >= -85 ? .sensorSignalMedium : .sensorSignalWeak)
    }
}
