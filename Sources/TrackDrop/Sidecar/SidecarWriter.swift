import Foundation

/// Puts sidecars next to their source, or into the results folder when the source folder cannot be written.
public struct SidecarWriter: Sendable {
    /// Where sidecars go when the source folder is read-only.
    public var resultsFolder: URL

    public init(resultsFolder: URL) {
        self.resultsFolder = resultsFolder
    }

    public static func sidecarName(for source: URL) -> String { source.lastPathComponent + ".result.json" }

    public static func reportName(for source: URL) -> String { source.lastPathComponent + ".report.html" }

    /// Where the HTML cleaning report of `source` goes: beside it, or in the results folder (created) when its
    /// folder cannot be written, as for the sidecar.
    public func reportLocation(for source: URL) -> URL {
        let folder = source.deletingLastPathComponent()
        if FileSystem.isWritableFolder(folder.path) { return folder.appendingPathComponent(Self.reportName(for: source)) }
        try? FileManager.default.createDirectory(at: resultsFolder, withIntermediateDirectories: true)
        return resultsFolder.appendingPathComponent(Self.reportName(for: source))
    }

    /// Writes `sidecar` for `source` atomically and returns where it went.
    @discardableResult
    public func write(_ sidecar: Sidecar, for source: URL, previous: URL? = nil) throws -> URL {
        let data = sidecar.encoded()
        let beside = source.deletingLastPathComponent().appendingPathComponent(Self.sidecarName(for: source))
        if previous == nil || previous == beside, FileSystem.isWritableFolder(beside.deletingLastPathComponent().path) {
            do {
                try AtomicFile.write(data, to: beside)
                return beside
            } catch {
                // access(2) said yes but the write said no (read-only mount, ACLs): use the results folder.
                guard error.readOnly else { throw error }
            }
        }
        try FileManager.default.createDirectory(at: resultsFolder, withIntermediateDirectories: true)
        let elsewhere = resultsFolder.appendingPathComponent(Self.sidecarName(for: source))
        try AtomicFile.write(data, to: elsewhere)
        return elsewhere
    }
}
