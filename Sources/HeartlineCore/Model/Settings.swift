import Foundation

/// A sensor chosen in Settings, Sensors, remembered until it is forgotten.
public struct RememberedSensor: Codable, Equatable, Sendable {
    /// A Bluetooth address, or `att-socket:PATH`.
    public var address: String
    public var name: String
    /// What the strap's Device Information service said, kept for the Sensors screen and
    /// `heartline --check`.
    public var manufacturer: String?
    public var model: String?

    public init(address: String, name: String, manufacturer: String? = nil, model: String? = nil) {
        self.address = address
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
    }
}

/// How much of the typing is said back.
public enum KeyEchoSetting: String, CaseIterable, Codable, Sendable {
    case none, characters, words, both
}

/// One speech setting the user can change in Settings, Speech.
public enum SpeechSetting: String, CaseIterable, Codable, Sendable {
    case rate, pitch, volume, voice, language, module

    /// Rate, pitch and volume are numbers; the rest are names.
    public var isNumber: Bool { audibleRange != nil }

    /// The settings that are names, the module first: its voices depend on it.
    public static let names: [SpeechSetting] = [.module, .voice, .language]

    /// The engine's scale for rate, pitch and volume (speech-dispatcher's).
    public static let range = -100...100

    /// The part of `range` Heartline takes for this number, so that a setting can never silence
    /// speech: below volume -50 speech fades toward nothing (-100 is silence: measured through
    /// speech-dispatcher and espeak-ng, peak level 2246 of 32768 at -90 against 27011 at 0), and
    /// beyond rate 80 (about 390 words a minute) or below -60 (about 115) it is hard to follow.
    /// Nil for a name.
    public var audibleRange: ClosedRange<Int>? {
        switch self {
        case .volume: -50...100
        case .rate: -60...80
        case .pitch: -100...100
        case .voice, .language, .module: nil
        }
    }
    /// Voice, language and module names are kept to this many characters.
    public static let longestName = 40
}

/// Everything the user sets in Settings, with its default; stored as one value.
///
/// Rules on a field (a range, a list of choices) live in its changing function and in decoding,
/// so a stored value that breaks one (written by hand, or by another Heartline) reads as the
/// default rather than reaching a screen.
public struct Settings: Equatable, Sendable {
    /// Pausing by itself when the heart rate stops coming and resuming when it comes back.
    public var autoPause = true
    /// The formats every saved workout is written in; none: automatic export is off.
    public var autoExport: [ExportFormat] = []
    /// Every saved workout is uploaded to the service (intervals.icu).
    public var upload = false
    /// The resting check's length, one of `restingCheckLengths`.
    public private(set) var restingCheckMinutes = 3
    public var keyEcho = KeyEchoSetting.characters
    /// Every sentence is also printed as text.
    public var captions = false
    public var units = DistanceUnit.kilometres
    /// The footpod's calibration factor: its distances and speeds are multiplied by it. Within
    /// `calibrationRange`, to three decimals.
    public private(set) var footpodCalibration = 1.0
    /// The heart-rate strap Heartline connects to at launch.
    public var strap: RememberedSensor?
    /// One remembered footpod, bike sensor and power meter at most; a strap is `strap`.
    public private(set) var motionSensors: [SensorKind: RememberedSensor] = [:]
    /// The fastest a treadmill may be set to, in km/h, within `topSpeedRange`; nil until the
    /// user sets it, and no treadmill's speed is set before.
    public private(set) var treadmillTopSpeed: Double?
    /// The steps of the faster and slower keys: km/h on a treadmill, watts on a trainer.
    public private(set) var machineSpeedStep = 0.5
    public private(set) var machinePowerStep = 10.0
    /// The Bluetooth headset Heartline connects to at launch and whenever it comes back.
    public var headset: RememberedHeadset?
    /// While the headset is away, speech goes on through the board's own output (the sound
    /// server moves it to the next sink) rather than being held for the headset's return.
    public var headsetFallback = false
    /// The language Heartline speaks and reads typed words in ("es"), chosen in Settings; nil
    /// (or one no longer installed) leaves it to the configuration file, the command line and
    /// the locale.
    public var language: String?
    /// The first start's set-up by ear (language, headset, strap) was finished or skipped: it is
    /// not offered again.
    public var setUpDone = false
    /// Speech settings the user changed; one absent is the configuration's or the engine's.
    public private(set) var speech: [SpeechSetting: String] = [:]

    public static let calibrationRange = 0.5...1.5
    public static let topSpeedRange = 1.0...30.0
    public static let speedStepRange = 0.1...5.0
    public static let powerStepRange = 1.0...100.0
    /// The resting check's lengths in minutes, in the order its item steps through them.
    public static let restingCheckLengths = [3, 5, 2]
    /// The choices of automatic export, in the order the Settings item steps through them.
    public static let autoExportChoices: [[ExportFormat]] = [[], [.fit], [.tcx], [.fit, .tcx]]
    /// The kinds `motionSensors` remembers.
    public static let motionKinds = SensorKind.motionKinds

    public init() {}

    /// Sets the footpod's calibration, rounded to three decimals; false (and unchanged) when the
    /// factor is outside `calibrationRange`. The treadmill's top speed (km/h, to the decimal,
    /// within `topSpeedRange`) and the faster and slower steps (a treadmill's km/h within
    /// `speedStepRange`, a trainer's watts within `powerStepRange`) are set the same way.
    @discardableResult
    public mutating func setFootpodCalibration(_ factor: Double) -> Bool {
        Self.fit(&footpodCalibration, factor, Self.calibrationRange, per: 1000)
    }
    @discardableResult
    public mutating func setTreadmillTopSpeed(_ speed: Double) -> Bool { Self.fit(&treadmillTopSpeed, speed, Self.topSpeedRange, per: 10) }
    @discardableResult
    public mutating func setMachineSpeedStep(_ step: Double) -> Bool { Self.fit(&machineSpeedStep, step, Self.speedStepRange, per: 10) }
    @discardableResult
    public mutating func setMachinePowerStep(_ step: Double) -> Bool { Self.fit(&machinePowerStep, step, Self.powerStepRange, per: 1) }

    /// Sets `field` to `value` rounded to 1/`per`; false (and unchanged) outside `range`.
    private static func fit(_ field: inout Double, _ value: Double, _ range: ClosedRange<Double>, per: Double) -> Bool {
        var optional: Double? = field
        defer { field = optional! }
        return fit(&optional, value, range, per: per)
    }

    private static func fit(_ field: inout Double?, _ value: Double, _ range: ClosedRange<Double>, per: Double) -> Bool {
        guard range.contains(value) else { return false }
        field = (value * per).rounded() / per
        return true
    }

    /// Whether `code` can name a catalogue's folder: two or three lower-case letters.
    public static func isLanguageCode(_ code: String) -> Bool {
        (2...3).contains(code.count) && code.allSatisfy { $0.isASCII && $0.isLowercase }
    }

    /// Sets the resting check's length; false (and unchanged) for a length not offered.
    @discardableResult
    public mutating func setRestingCheckMinutes(_ minutes: Int) -> Bool {
        guard Self.restingCheckLengths.contains(minutes) else { return false }
        restingCheckMinutes = minutes
        return true
    }

    /// The next resting check length, as its item steps through them.
    public mutating func cycleRestingCheckLength() {
        let lengths = Self.restingCheckLengths
        restingCheckMinutes = lengths[((lengths.firstIndex(of: restingCheckMinutes) ?? 0) + 1) % lengths.count]
    }

    /// The next choice of automatic export, as its item steps through them.
    public mutating func cycleAutoExport() {
        let choices = Self.autoExportChoices
        autoExport = choices[((choices.firstIndex(of: autoExport) ?? 0) + 1) % choices.count]
    }

    /// Remembers `sensor` as the one of `kind`, or forgets it (nil). A strap goes to `strap`.
    public mutating func remember(_ sensor: RememberedSensor?, as kind: SensorKind) {
        if kind == .heartRateStrap {
            strap = sensor
        } else {
            motionSensors[kind] = sensor
        }
    }

    /// The remembered sensor of `kind`, the strap included.
    public func remembered(_ kind: SensorKind) -> RememberedSensor? {
        kind == .heartRateStrap ? strap : motionSensors[kind]
    }

    /// Sets a speech setting, nil for the default; false (and unchanged) for a number outside
    /// the setting's `audibleRange`, so that a stored value written before the ranges (volume
    /// -100) reads as the default. A name is cut to `SpeechSetting.longestName` characters.
    @discardableResult
    public mutating func setSpeech(_ setting: SpeechSetting, to value: String?) -> Bool {
        guard let value else {
            speech[setting] = nil
            return true
        }
        guard let checked = Self.checked(value, for: setting) else { return false }
        speech[setting] = checked
        return true
    }

    /// `value` as `setting` keeps it, or nil when it breaks the setting's rule.
    private static func checked(_ value: String, for setting: SpeechSetting) -> String? {
        guard setting.isNumber else { return String(value.prefix(SpeechSetting.longestName)) }
        guard let number = Int(value), let range = setting.audibleRange, range.contains(number) else { return nil }
        return String(number)
    }
}

// MARK: - Stored form

/// Decoding is lenient field by field: a field that is missing or cannot be read (settings
/// written by an older or a newer Heartline) takes its default, and the others are kept.
extension Settings: Codable {
    private enum CodingKeys: String, CodingKey {
        case autoPause, autoExport, restingCheckMinutes, keyEcho, captions, units, footpodCalibration, strap, motionSensors, speech
        case treadmillTopSpeed, machineSpeedStep, machinePowerStep, headset, headsetFallback
        case upload, language, setUpDone
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func field<T: Decodable>(_ key: CodingKeys, _ type: T.Type = T.self) -> T? {
            (try? container.decodeIfPresent(T.self, forKey: key)) ?? nil
        }
        if let autoPause = field(.autoPause, Bool.self) { self.autoPause = autoPause }
        if let upload = field(.upload, Bool.self) { self.upload = upload }
        if let formats = field(.autoExport, [String].self) {
            for format in formats.compactMap(ExportFormat.init(rawValue:)) where !autoExport.contains(format) {
                autoExport.append(format)
            }
        }
        if let minutes = field(.restingCheckMinutes, Int.self) { setRestingCheckMinutes(minutes) }
        if let echo = field(.keyEcho, String.self).flatMap(KeyEchoSetting.init) { keyEcho = echo }
        if let captions = field(.captions, Bool.self) { self.captions = captions }
        if let units = field(.units, String.self).flatMap(DistanceUnit.init) { self.units = units }
        if let factor = field(.footpodCalibration, Double.self) { setFootpodCalibration(factor) }
        if let speed = field(.treadmillTopSpeed, Double.self) { setTreadmillTopSpeed(speed) }
        if let step = field(.machineSpeedStep, Double.self) { setMachineSpeedStep(step) }
        if let step = field(.machinePowerStep, Double.self) { setMachinePowerStep(step) }
        strap = field(.strap, RememberedSensor.self)
        headset = field(.headset, RememberedHeadset.self)
        if let fallback = field(.headsetFallback, Bool.self) { headsetFallback = fallback }
        if let language = field(.language, String.self), Self.isLanguageCode(language) { self.language = language }
        if let done = field(.setUpDone, Bool.self) { setUpDone = done }
        let sensors = (try? container.decodeIfPresent([String: Lenient<RememberedSensor>].self, forKey: .motionSensors)) ?? nil
        for kind in Self.motionKinds {
            if let sensor = sensors?[kind.name]?.value { motionSensors[kind] = sensor }
        }
        let speech = (try? container.decodeIfPresent([String: Lenient<String>].self, forKey: .speech)) ?? nil
        for (name, value) in speech ?? [:] {
            guard let setting = SpeechSetting(rawValue: name), let value = value.value else { continue }
            setSpeech(setting, to: value)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(autoPause, forKey: .autoPause)
        try container.encode(autoExport, forKey: .autoExport)
        try container.encode(upload, forKey: .upload)
        try container.encode(restingCheckMinutes, forKey: .restingCheckMinutes)
        try container.encode(keyEcho, forKey: .keyEcho)
        try container.encode(captions, forKey: .captions)
        try container.encode(units, forKey: .units)
        try container.encode(footpodCalibration, forKey: .footpodCalibration)
        try container.encodeIfPresent(strap, forKey: .strap)
        try container.encodeIfPresent(treadmillTopSpeed, forKey: .treadmillTopSpeed)
        try container.encode(machineSpeedStep, forKey: .machineSpeedStep)
        try container.encode(machinePowerStep, forKey: .machinePowerStep)
        try container.encodeIfPresent(headset, forKey: .headset)
        try container.encode(headsetFallback, forKey: .headsetFallback)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encode(setUpDone, forKey: .setUpDone)
        let sensors = Dictionary(uniqueKeysWithValues: motionSensors.map { ($0.key.name, $0.value) })
        try container.encode(sensors, forKey: .motionSensors)
        try container.encode(Dictionary(uniqueKeysWithValues: speech.map { ($0.key.rawValue, $0.value) }), forKey: .speech)
    }
}

/// One entry of a stored map that decodes as nil, rather than failing the map, when it cannot
/// be read.
private struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? decoder.singleValueContainer().decode(Value.self)
    }
}
