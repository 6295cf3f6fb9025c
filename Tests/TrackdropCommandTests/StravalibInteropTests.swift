import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

/// stravalib 2.6, a widely used Python client, runs its whole flow against `trackdrop sandbox` unmodified:
/// only its host is redirected (`Tests/Interop/stravalib_flow.py`). Both run as real processes.
/// Needs stravalib: `python3 -m pip install 'stravalib==2.6'`.
@Suite("stravalib against the sandbox", .timeLimit(.minutes(3)))
struct StravalibInteropTests {
    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Interop/stravalib_flow.py")
    }

    @Test func stravalibsWholeFlowRunsWithOnlyItsHostRedirected() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: SandboxBinary.executable.path),
            "build the trackdrop binary first: swift build --build-tests")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stravalib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // As Strava is from 1 June 2027 on: a token in a query or form is refused.
        let config = folder.appendingPathComponent("sandbox.json")
        try Data(#"{"processing_fixed_seconds": 0.3, "query_tokens_rejected": true, "client_id": "4711"}"#.utf8).write(to: config)
        let gpx = folder.appendingPathComponent("run.gpx")
        try SampleTrack.gpx(points: 60, name: "stravalib run").write(to: gpx)

        let sandbox = try SandboxBinary(arguments: ["sandbox", "--port", "0", "--config", config.path])
        defer { sandbox.terminate() }
        let printed = try await sandbox.output(waitingFor: "Press Ctrl-C")
        let url = try #require(printed.firstMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/).map { String($0.1) }, "\(printed)")
        let secret = try #require(printed.firstMatch(of: /client secret: *(\S+)/).map { String($0.1) })

        let python = try PythonRun(arguments: [Self.script.path, url, "4711", secret, gpx.path], folder: folder)
        let status = await python.exitStatus()
        let output = python.standardOutput
        #expect(status == 0, "stravalib flow failed (\(status)):\n\(python.standardError)\n\(output)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "not JSON: \(output)\n\(python.standardError)")
        #expect((result["stravalib"] as? String)?.hasPrefix("v2.") == true || (result["stravalib"] as? String)?.hasPrefix("2.") == true)
        #expect(result["refused_after_deauthorize"] as? Bool == true)
        #expect(result["activity_id"] as? Int64 != nil)
        #expect(result["activity_id"] as? Int64 == result["fetched_activity_id"] as? Int64)
        let sent = try #require(result["requests"] as? [String])
        #expect(sent.contains("POST /api/v3/oauth/deauthorize"), "\(sent)")
        #expect(sent.filter { $0 == "POST /oauth/token" }.count == 2, "exchange and refresh: \(sent)")
        #expect(sent.contains("POST /api/v3/uploads"))

        let stats = try await Self.stats(url)
        #expect(stats["access_token_parameters"] as? Int == 0)
        #expect(stats["activities"] as? Int == 1)
        sandbox.interrupt()
        #expect(await sandbox.exitStatus() == 0)
    }

    static func stats(_ base: String) async throws -> [String: Any] {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let response = try await client.execute(HTTPClientRequest(url: base + "/_sandbox/stats"), timeout: .seconds(10))
            let body = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return (try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]) ?? [:]
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}

/// `python3 ARGUMENTS` with its output in files (not pipes: see `SandboxBinary`).
final class PythonRun: Sendable {
    private let process = Process()
    private let outputFile: URL
    private let errorFile: URL
    private let exits: AsyncStream<Int32>

    init(arguments: [String], folder: URL) throws {
        outputFile = folder.appendingPathComponent("python.out")
        errorFile = folder.appendingPathComponent("python.err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        let error = try FileHandle(forWritingTo: errorFile)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = output
        process.standardError = error
        let (exits, continuation) = AsyncStream<Int32>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.exits = exits
        process.terminationHandler = { process in
            continuation.yield(process.terminationStatus)
            continuation.finish()
        }
        try process.run()
        try output.close()
        try error.close()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var standardOutput: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    func exitStatus() async -> Int32 {
        for await status in exits { return status }
        return process.terminationStatus
    }
}
