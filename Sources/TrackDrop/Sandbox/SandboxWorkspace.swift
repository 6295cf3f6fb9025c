import Foundation

/// A throw-away folder for `--sandbox` runs: copies of the inputs, sidecars, ledger and sandbox credentials,
/// so a demo never touches the user's files, real credentials or real ledger.
public struct SandboxWorkspace: Sendable {
    public let root: URL

    /// Creates `$TMPDIR/trackdrop-sandbox-XXXXXXXX/`.
    public static func create() throws -> SandboxWorkspace {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("trackdrop-sandbox-" + UUID().uuidString.prefix(8).lowercased(), isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return SandboxWorkspace(root: root)
    }

    public init(root: URL) { self.root = root }

    /// Where the copies of the inputs (and their sidecars) live.
    public var inputs: URL { root.appendingPathComponent("inputs", isDirectory: true) }
    public var paths: TrackDropPaths {
        TrackDropPaths(
            configFile: root.appendingPathComponent("config.json"),
            credentialsFile: root.appendingPathComponent("credentials.json"),
            stateFolder: root.appendingPathComponent("state", isDirectory: true)
        )
    }

    /// Copies each input (file or folder, without sidecars of earlier runs) under `inputs/`; returns the copies.
    public func copy(_ sources: [URL]) throws -> [URL] {
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        var copies: [URL] = []
        for source in sources {
            let target = uniqueTarget(for: source)
            try copyTree(from: source.standardizedFileURL, to: target)
            copies.append(target)
        }
        return copies
    }

    private func uniqueTarget(for source: URL) -> URL {
        var name = source.standardizedFileURL.lastPathComponent
        if name.isEmpty || name == "/" { name = "input" }
        var target = inputs.appendingPathComponent(name)
        var counter = 2
        while FileManager.default.fileExists(atPath: target.path) {
            target = inputs.appendingPathComponent("\(name)-\(counter)")
            counter += 1
        }
        return target
    }

    private func copyTree(from source: URL, to target: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: source.path])
        }
        if !isDirectory.boolValue {
            try FileManager.default.copyItem(at: source, to: target)
            return
        }
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where !name.hasSuffix(".result.json") {
            try copyTree(from: source.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
    }
}
