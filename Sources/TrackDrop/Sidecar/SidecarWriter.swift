import Foundation
import TrackKit

/// Puts sidecars next to their source, or into the results folder when the source folder cannot be written.
public struct SidecarWriter: Sendable {
    /// Where sidecars go when the source folder is read-only.
    public var resultsFolder: URL

    public init(resultsFolder: URL) {
        self.resultsFolder = resultsFolder
    }

    public static func sidecarName(for source: URL) -> String { source.lastPathComponent + ".result.json" }

    public static func reportName(for source: URL) -> String { source.lastPathComponent + ".report.html" }

    /// Where a file named `name` about `source` goes in the results folder: under the source's own folder path
    /// (`/media/me/GARMIN/run.gpx` → `<results>/media/me/GARMIN/run.gpx.result.json`), so two read-only
    /// folders that both hold `run.gpx` never share an answer.
    public func mirroredLocation(for source: URL, name: String) -> URL {
        let folder = source.deletingLastPathComponent().standardizedFileURL.path
        let relative = folder.split(separator: "/").filter { $0 != ".." && $0 != "." }.joined(separator: "/")
        let base = relative.isEmpty ? resultsFolder : resultsFolder.appendingPathComponent(relative, isDirectory: true)
        return base.appendingPathComponent(name)
    }

    /// Where the HTML cleaning report of `source` goes: beside it, or in the results folder (created) when its
    /// folder cannot be written, as for the sidecar.
    public func reportLocation(for source: URL) -> URL {
        let folder = source.deletingLastPathComponent()
        if FileSystem.isWritableFolder(folder.path) { return folder.appendingPathComponent(Self.reportName(for: source)) }
        let elsewhere = mirroredLocation(for: source, name: Self.reportName(for: source))
        RawPath.makeFolders(elsewhere.deletingLastPathComponent().path)
        return elsewhere
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
        let elsewhere = mirroredLocation(for: source, name: Self.sidecarName(for: source))
        // Folder names that are not UTF-8 are mirrored byte for byte (Foundation would spell them otherwise).
        RawPath.makeFolders(elsewhere.deletingLastPathComponent().path)
        try AtomicFile.write(data, to: elsewhere)
        return elsewhere
    }
}
