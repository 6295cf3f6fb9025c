import Foundation
import Testing

/// The device files every reader is tested against: `../shared/corpus/device-files` beside the repository.
public enum DeviceCorpus {
    public static func directory() throws -> URL {
        let url = TrackdropBinary.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/device-files")
        var isDirectory: ObjCBool = false
        try #require(
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue,
            "the device-file corpus is missing at \(url.path); it must sit in shared/ beside the clone")
        return url
    }

    public static func file(_ name: String) throws -> URL {
        try directory().appendingPathComponent(name)
    }

    public static func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory(), includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
