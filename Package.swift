// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "trackdrop",
    platforms: [.macOS(.v15)],
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
            // The Swift runtime and Foundation linked in statically: resolving their symbols across a dozen
            // shared libraries was most of the 25 ms every `trackdrop check` spent before doing anything.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-lFoundation", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections", "-lFoundationEssentials", "-lFoundationInternationalization", "-lswiftSynchronization", "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime", "-lstdc++", "-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])],
            plugins: ["BuildInfo"]
        ),
        .testTarget(
            name: "TrackKitTests",
            dependencies: ["TrackKit", "CLibXML2"]
        ),
        .testTarget(
            name: "StravaSandboxTests",
            dependencies: [
                "StravaSandbox",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "StravaKitTests",
            dependencies: [
                "StravaKit",
                "StravaSandbox",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "TrackDropTests",
            dependencies: [
                "TrackDrop",
                "StravaSandbox",
                "TrackKit",
                "StravaKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
