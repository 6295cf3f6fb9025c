import Foundation

/// Where the shared device-file corpus lives: `shared/` beside the repository.
enum SyntheticCorpus {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static var deviceFiles: URL {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/device-files")
    }

    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "test corpus file missing: \(path) (the corpus is expected in shared/ beside the repository)"
        }
    }

    static func file(_ name: String) throws -> URL {
        let url = deviceFiles.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }
}
