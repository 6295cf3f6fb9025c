import Foundation

/// Where the built `trackdrop` is, for tests that run it as a child process: beside the test bundle's own
/// executable, in the same build products folder, whatever the configuration (`swift test -c release`) or
/// scratch path (`--scratch-path`). Nothing is assumed about `.build/debug`.
public enum TrackdropBinary {
    /// The products folder this test process runs from.
    public static var productsFolder: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    public static var url: URL { productsFolder.appendingPathComponent("trackdrop") }

    /// The package's root folder (this file is `Tests/TestSupport/TrackdropBinary.swift`).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
