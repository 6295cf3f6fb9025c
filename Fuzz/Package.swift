// swift-tools-version:6.2
// libFuzzer targets for trackdrop's readers: GPX, TCX, FIT and the gzip wrapper. Not part of the main build
// (they need `-sanitize=fuzzer`); `Fuzz/run.sh` builds and runs them. `Sources/TrackKit` and
// `Sources/CLibXML2` are links to the real targets, so what is fuzzed is exactly what trackdrop runs.
import PackageDescription

let testable: [SwiftSetting] = [.unsafeFlags(["-enable-testing"])]

let package = Package(
    name: "trackdrop-fuzz",
    targets: [
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0"),
        .target(
            name: "TrackKit", dependencies: ["CLibXML2"], resources: [.copy("Schemas")],
            swiftSettings: testable, linkerSettings: [.linkedLibrary("z")]),
        .target(name: "FuzzDriver", dependencies: ["TrackKit"], swiftSettings: testable),
        .executableTarget(name: "FuzzGPX", dependencies: ["TrackKit", "FuzzDriver"], swiftSettings: testable),
        .executableTarget(name: "FuzzTCX", dependencies: ["TrackKit", "FuzzDriver"], swiftSettings: testable),
        .executableTarget(name: "FuzzFIT", dependencies: ["TrackKit", "FuzzDriver"], swiftSettings: testable),
        .executableTarget(name: "FuzzGzip", dependencies: ["TrackKit", "FuzzDriver"], swiftSettings: testable),
    ],
    swiftLanguageModes: [.v6]
)
