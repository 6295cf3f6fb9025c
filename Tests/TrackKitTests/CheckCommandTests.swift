import Foundation
import Testing

/// Runs the built `trackdrop check` binary and checks its exit status and JSON.
@Suite struct CheckCommandTests {
    static let binary = TestSupport.repositoryRoot.appendingPathComponent(".build/debug/trackdrop")

    struct Run {
        var status: Int32
        var output: String
    }

    static func run(_ arguments: [String]) throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build trackdrop first: \(binary.path)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    static func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func usableFileExitsZeroWithJSONAndWritesOutput() throws {
        let scratch = try ScratchFolder()
        let out = scratch.url.appendingPathComponent("clean.gpx")
        let input = try TestSupport.corpusFile("garmin-edge-800-output.gpx")
        let run = try Self.run(["check", "--json", "--out", out.path, input.path])
        #expect(run.status == 0, "\(run.output)")
        let object = try #require(try Self.objects(run.output).first)
        #expect(object["file"] as? String == input.path)
        #expect(object["valid"] as? Bool == true)
        #expect(object["format"] as? String == "gpx")
        #expect((object["points_in"] as? Int ?? 0) > 100)
        #expect((object["distance_m"] as? Double ?? 0) > 1000)
        #expect(object["start_time"] is String)
        #expect(object["issues"] is [Any])
        let written = try Data(contentsOf: out)
        #expect(written.starts(with: Data("<?xml".utf8)))
    }

    @Test func unusableAndMissingFilesExitNonZeroAndAreReported() throws {
        let scratch = try ScratchFolder()
        let empty = try scratch.write("empty.gpx", "")
        let missing = scratch.url.appendingPathComponent("missing.gpx")
        let good = try TestSupport.corpusFile("garmin-edge-800.fit")
        let run = try Self.run(["check", "--json", good.path, empty.path, missing.path])
        #expect(run.status != 0)
        let objects = try Self.objects(run.output)
        #expect(objects.count == 3)
        #expect(objects.map { $0["valid"] as? Bool } == [true, false, false])
        let emptyIssues = try #require(objects[1]["issues"] as? [[String: Any]])
        #expect(emptyIssues.first?["code"] as? String == "empty-file")
    }

    @Test func foldersAreWalkedSkippingDotfilesAndSidecars() throws {
        let scratch = try ScratchFolder()
        let gpx = try Data(contentsOf: try TestSupport.corpusFile("garmin-edge-200-output.gpx"))
        _ = try scratch.write("a.gpx", gpx)
        _ = try scratch.write(".hidden.gpx", "")
        _ = try scratch.write("a.gpx.result.json", "{}")
        let run = try Self.run(["check", scratch.url.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("a.gpx: usable (GPX)"))
        #expect(!run.output.contains("hidden"))
        #expect(!run.output.contains("result.json"))
    }
}
