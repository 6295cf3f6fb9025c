import Foundation

/// The scratch state of a `--sandbox` run: its ledger, normalized copies and sandbox credentials, in a fresh
/// folder only the user can read (0700), so a demo never touches the real ledger or real credentials. The
/// user's files are not copied: `--sandbox` replaces Strava and nothing else.
public struct SandboxWorkspace: Sendable {
    public let root: URL

    /// Creates `$TMPDIR/trackdrop-sandbox-XXXXXXXX/` with mode 0700.
    public static func create() throws -> SandboxWorkspace {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("trackdrop-sandbox-" + UUID().uuidString.prefix(8).lowercased(), isDirectory: true)
        try FileManager.default.createDirectory(
            at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The umask may have taken bits away, never added them; set the mode exactly anyway.
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root.path)
        return SandboxWorkspace(root: root)
    }

    public init(root: URL) { self.root = root }

    public var paths: TrackDropPaths {
        TrackDropPaths(
            configFile: root.appendingPathComponent("config.json"),
            credentialsFile: root.appendingPathComponent("credentials.json"),
            stateFolder: root.appendingPathComponent("state", isDirectory: true)
        )
    }

    /// Sidecars of sources in read-only folders (there is no results folder of the user's to use).
    public var resultsFolder: URL { root.appendingPathComponent("results", isDirectory: true) }

    /// Removes the whole scratch state.
    public func remove() throws {
        try FileManager.default.removeItem(at: root)
    }
}
