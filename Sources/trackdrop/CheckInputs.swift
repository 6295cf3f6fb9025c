import ArgumentParser
import Foundation
import TrackKit

/// The files `trackdrop check` looks at: named files as given, folders walked for activity files.
enum CheckInputs {
    static let extensions: Set<String> = ["gpx", "tcx", "fit"]

    static func collect(_ paths: [String]) throws -> [URL] {
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                files.append(URL(fileURLWithPath: path))  // reported as unreadable, not a crash
                continue
            }
            guard isDirectory.boolValue else {
                files.append(URL(fileURLWithPath: path))
                continue
            }
            let root = URL(fileURLWithPath: path, isDirectory: true)
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            var found: [URL] = []
            while let url = walker?.nextObject() as? URL {
                guard isActivityFile(url),
                    (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
                else { continue }
                found.append(url)
            }
            files += found.sorted { $0.path < $1.path }
        }
        return files
    }

    /// `.gpx`, `.tcx`, `.fit`, each optionally `.gz`; never our own `.result.json` sidecars.
    static func isActivityFile(_ url: URL) -> Bool {
        var name = url.lastPathComponent.lowercased()
        if name.hasPrefix(".") || name.hasSuffix(".result.json") { return false }
        if name.hasSuffix(".gz") { name.removeLast(3) }
        return extensions.contains((name as NSString).pathExtension)
    }
}
