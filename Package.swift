// swift-tools-version:6.2
import Foundation
import PackageDescription

/// The Swift runtime and Foundation linked into `trackdrop` statically: resolving their symbols across a dozen
/// shared libraries was most of the time every short command (`trackdrop check FILE`, `--version`) spent before
/// doing anything (`Benchmarks/startup.sh` measures both ways; figures in `Benchmarks/results/startup.md`).
///
/// `-static-stdlib` covers only the core runtime on Linux; Foundation's archives are named one by one, and those
/// names belong to the toolchain. So the list is used only when every archive it names is in this toolchain's
/// `usr/lib/swift_static/linux`; a toolchain that names them differently (or `TRACKDROP_DYNAMIC_LINK=1`) links
/// dynamically: slower to start, same behaviour.
let staticRuntimeArchives = [
    "Foundation", "CoreFoundation", "_FoundationICU", "_FoundationCShims", "_FoundationCollections",
    "FoundationEssentials", "FoundationInternationalization", "swiftSynchronization", "swiftDispatch", "dispatch",
    "BlocksRuntime",
]

func toolchainStaticLibraryFolders() -> [String] {
    let environment = ProcessInfo.processInfo.environment
    let searchPath = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return searchPath.compactMap { folder -> String? in
        let swift = URL(fileURLWithPath: folder).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: swift.path) else { return nil }
        let toolchainBin = swift.resolvingSymlinksInPath().deletingLastPathComponent()
        return toolchainBin.deletingLastPathComponent().appendingPathComponent("lib/swift_static/linux").path
    }
}

let staticRuntimeAvailable: Bool = {
    #if os(Linux)
    guard ProcessInfo.processInfo.environment["TRACKDROP_DYNAMIC_LINK"] != "1" else { return false }
    guard let folder = toolchainStaticLibraryFolders().first else { return false }
    return staticRuntimeArchives.allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/lib\($0).a") }
    #else
    return false
    #endif
}()

let trackdropLinkerSettings: [LinkerSetting] = staticRuntimeAvailable
    ? [.unsafeFlags(
        ["-static-stdlib"] + staticRuntimeArchives.map { "-l" + $0 } + [
            "-lstdc++", "-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        ])]
    : []

let package = Package(
    name: "trackdrop",
    products: [
        .executable(name: "trackdrop", targets: ["trackdrop"]),
        .library(name: "TrackKit", targets: ["TrackKit"]),
        .library(name: "StravaKit", targets: ["StravaKit"]),
        .library(name: "StravaSandbox", targets: ["StravaSandbox"]),
        .library(name: "TrackDrop", targets: ["TrackDrop"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "TrackKit",
            dependencies: ["CLibXML2"],
            resources: [.copy("Schemas")],
            linkerSettings: [.linkedLibrary("z")]
        ),
        .target(
            name: "StravaKit",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "StravaSandbox",
            dependencies: [
                "TrackKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["SANDBOX.md"]
        ),
        .target(
            name: "TrackDrop",
            dependencies: [
                "TrackKit",
                "StravaKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .plugin(name: "BuildInfo", capability: .buildTool()),
        .executableTarget(
            name: "trackdrop",
            dependencies: [
                "TrackKit",
                "StravaKit",
                "StravaSandbox",
                "TrackDrop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            linkerSettings: trackdropLinkerSettings,
            plugins: ["BuildInfo"]
        ),
        // What the test targets share: the sandbox harness (and a logged-in one), log capture, the gzip helper,
        // where the built binary is and how to run it, scratch folders, activity files, the device-file corpus,
        // the browser's page check, scoped set-up and tear-down.
        .target(
            name: "TestSupport",
            dependencies: [
                "CLibXML2",
                "StravaKit",
                "StravaSandbox",
                "TrackDrop",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/TestSupport",
            linkerSettings: [.linkedLibrary("z")]
        ),
        .testTarget(
            name: "TrackKitTests",
            dependencies: ["TrackKit", "CLibXML2", "TestSupport"]
        ),
        .testTarget(
            name: "StravaSandboxTests",
            dependencies: [
                "StravaSandbox",
                "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "StravaKitTests",
            dependencies: [
                "StravaKit",
                "TestSupport",
                "StravaSandbox",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "TrackDropTests",
            dependencies: [
                "TrackDrop",
                "TestSupport",
                "StravaSandbox",
                "TrackKit",
                "StravaKit",
            ]
        ),
        // The command line's tests: the built `trackdrop` run as a child process (`check`, `upload`, `watch`,
        // `status`, `auth`, `sandbox`, `--version`), against an in-process sandbox or its own.
        //
        // `trackdrop` itself is not a dependency: its static-runtime linker settings (`trackdropLinkerSettings`)
        // would reach the link of the test bundle, which then finds neither Testing nor XCTest (`-static-stdlib`
        // searches only `swift_static`). It need not be one: `swift build --build-tests` and `swift test` build
        // every product, `trackdrop` included, and the tests find it beside the test bundle (`TrackdropBinary`).
        .testTarget(
            name: "TrackdropCommandTests",
            dependencies: [
                "TrackDrop",
                "TestSupport",
                "StravaKit",
                "StravaSandbox",
                "TrackKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
