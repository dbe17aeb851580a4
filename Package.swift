// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Heartline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "heartline", targets: ["heartline"])
    ],
    targets: [
        // The six system C libraries, each behind one module map.
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // readline's pkg-config file carries -D flags SwiftPM rejects; its headers are in /usr/include.
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(
            name: "CSpeechd", pkgConfig: "speech-dispatcher",
            providers: [.apt(["libspeechd-dev"])]),
        // Headers only: HeartlineSpeech loads libespeak-ng with dlopen when espeak-ng speaks.
        .systemLibrary(
            name: "CEspeakNG",
            providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(
            name: "CBluetooth", pkgConfig: "bluez",
            providers: [.apt(["libbluetooth-dev"])]),
        .systemLibrary(
            name: "CDBus", pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]),
        // Linux calls the Glibc module does not import (eventfd, signalfd, sockaddr helpers).
        .target(name: "CHeartlineSystem"),

        // Each module's `Prompt` constants, declared at build time from the catalogue files
        // (Prompts/en) whose header names the module.
        .executableTarget(name: "prompt-declarations", path: "Sources/prompt-declarations"),
        .plugin(
            name: "PromptDeclarationsPlugin", capability: .buildTool(),
            dependencies: ["prompt-declarations"], path: "Sources/PromptDeclarationsPlugin"),

        // The pure core: screens, workout logic, sentence rendering. No I/O.
        // It links the toolchain's own ICU (the one Foundation formats with) for CLDR's plural
        // rules, which Foundation does not offer: computation on ICU's data, not I/O.
        .target(
            name: "HeartlineCore", linkerSettings: [.linkedLibrary("_FoundationICU")],
            plugins: ["PromptDeclarationsPlugin"]),
        // The event loop and file-descriptor plumbing every adapter shares.
        .target(name: "HeartlineIO", dependencies: ["CHeartlineSystem"]),
        // Adapters at the edge.
        .target(name: "HeartlineStorage", dependencies: ["HeartlineCore", "HeartlineIO", "CSQLite"]),
        .target(
            name: "HeartlineSpeech",
            dependencies: ["HeartlineCore", "HeartlineIO", "CSpeechd", "CEspeakNG"],
            plugins: ["PromptDeclarationsPlugin"]),
        .target(
            name: "HeartlineBluetooth",
            dependencies: ["HeartlineCore", "HeartlineIO", "CBluetooth", "CHeartlineSystem"],
            plugins: ["PromptDeclarationsPlugin"]),
        // The Bluetooth headset through bluetoothd: a D-Bus adapter and the BlueZ client above it.
        .target(name: "HeartlineHeadset", dependencies: ["HeartlineCore", "HeartlineIO", "CDBus"]),
        .target(
            name: "HeartlineShell",
            dependencies: [
                "HeartlineCore", "HeartlineIO", "HeartlineStorage", "HeartlineSpeech",
                "HeartlineBluetooth", "HeartlineHeadset", "CReadline", "CHeartlineSystem",
            ],
            plugins: ["PromptDeclarationsPlugin"]),
        .executableTarget(name: "heartline", dependencies: ["HeartlineShell"]),
        // Benchmarks that print their figures and how they were measured (BENCHMARKS.md).
        .executableTarget(
            name: "heartline-bench",
            dependencies: ["HeartlineShell", "HeartlineCore", "HeartlineStorage", "HeartlineSpeech", "HeartlineBluetooth", "HeartlineIO"]),

        // What every test target shares: the tags contrib/test.sh selects by and the trait that
        // times each test.
        .target(name: "HeartlineTestSupport", path: "Tests/TestSupport"),

        // The core alone: its state and effects, no store.
        .testTarget(name: "HeartlineCoreTests", dependencies: ["HeartlineCore", "HeartlineTestSupport"]),
        // Whole journeys through the core on real SQLite files, its storage effects carried out
        // by the production edge.
        .testTarget(name: "HeartlineJourneyTests", dependencies: ["HeartlineCore", "HeartlineStorage", "HeartlineTestSupport"]),
        .testTarget(name: "HeartlineStorageTests", dependencies: ["HeartlineStorage", "HeartlineCore", "HeartlineTestSupport"]),
        .testTarget(
            name: "HeartlineSpeechTests",
            dependencies: ["HeartlineSpeech", "CEspeakNG", "HeartlineCore", "HeartlineIO", "HeartlineTestSupport"]),
        .testTarget(
            name: "HeartlineBluetoothTests",
            dependencies: ["HeartlineBluetooth", "HeartlineCore", "HeartlineIO", "CHeartlineSystem", "HeartlineTestSupport"]),
        // The headset client against python3-dbusmock's bluez5 template on a private bus.
        .testTarget(
            name: "HeartlineHeadsetTests", dependencies: ["HeartlineHeadset", "HeartlineCore", "HeartlineIO", "HeartlineTestSupport"]),
        .testTarget(
            name: "HeartlineShellTests",
            dependencies: [
                "HeartlineShell", "HeartlineCore", "HeartlineStorage", "HeartlineSpeech", "CHeartlineSystem", "HeartlineTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
