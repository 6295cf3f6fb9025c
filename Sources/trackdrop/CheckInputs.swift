import ArgumentParser
import Foundation
import TrackDrop
import TrackKit

/// The files `trackdrop check` looks at: named files as given, folders walked for activity files by the
/// watcher's rules (`ActivityFileFinder`, `SourceFileFilter`). Names that are not UTF-8 are kept byte for byte.
enum CheckInputs {
    static func collect(_ paths: [String]) throws -> [URL] {
        var files: [URL] = []
        for path in paths {
            switch ActivityFileFinder.kind(of: path) {
            case .folder:
                files += ActivityFileFinder.files(under: path).map { URL(fileURLWithPath: $0) }
            case .file, .missing:
                files.append(URL(fileURLWithPath: path))  // a missing one is reported as unreadable, not a crash
            }
        }
        return files
    }
}
