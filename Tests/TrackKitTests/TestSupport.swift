import Foundation
import Testing

@testable import TrackKit

/// Paths and scratch space shared by the TrackKit tests.
enum TestSupport {
    /// The repository root: three levels above this file (Tests/TrackKitTests/TestSupport.swift).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus/device-files` beside the repository.
    static func corpusDirectory() throws -> URL {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/device-files")
        var isDirectory: ObjCBool = false
        try #require(
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue,
            "the device-file corpus is missing at \(url.path); it must sit in shared/ beside the clone")
        return url
    }

    static func corpusFile(_ name: String) throws -> URL {
        try corpusDirectory().appendingPathComponent(name)
    }

    static func corpusFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpusDirectory(), includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// A fresh temporary folder, removed when the test is done with it.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trackkit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func write(_ name: String, _ text: String) throws -> URL {
        try write(name, Data(text.utf8))
    }

    func write(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }
}

extension NormalizedTrack {
    var codes: Set<String> { Set(issues.map(\.code.rawValue)) }
    var errorCodes: Set<String> { Set(issues.filter { $0.severity == .error }.map(\.code.rawValue)) }
}

/// Tests name codes as users see them (`#expect(error.code == "too-large")`); the sources use the constants.
extension IssueCode: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}

/// Small GPX documents for tests.
enum SampleGPX {
    static func track(points: Int = 5, extraPointXML: String = "", time: (Int) -> String = { "2024-05-01T07:00:0\($0)Z" }) -> String {
        var body = ""
        for index in 0..<points {
            body += """
                <trkpt lat="\(47.0 + Double(index) * 0.0001)" lon="8.0"><ele>400</ele><time>\(time(index))</time>\(extraPointXML)</trkpt>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Test run</name><type>running</type><trkseg>
            \(body)</trkseg></trk>
            </gpx>

            """
    }
}
