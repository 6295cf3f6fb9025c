import Foundation
import Testing
@testable import TrackDrop

/// `trackdrop upload`, `watch --sandbox` and `status` as a user runs them: the built binary, its output and exit code.
@Suite("trackdrop commands", .serialized)
struct CommandTests {
    @Test func sandboxWatchOnceLogsJSONWithoutSecretsAndLeavesTheInputsAlone() async throws {
        let inputs = try TemporaryFolder("trackdrop-inputs")
        defer { inputs.remove() }
        try ActivityFiles.gpx(start: ActivityFiles.start(700)).write(to: inputs.file("run.gpx"))
        try ActivityFiles.gpx(start: ActivityFiles.start(700), timestamps: false).write(to: inputs.file("route.gpx"))
        let process = try BinaryProcess(arguments: ["watch", "--sandbox", "--once", "--log-format", "json", inputs.path])
        let status = await process.waitForExit(timeout: .seconds(120))
        #expect(status == 0, "\(process.lines.joined(separator: "\n"))")
        var workspace: String?
        for line in process.lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["message"] != nil, "not a JSON log line: \(line)")
            if let message = object?["message"] as? String, let range = message.range(of: "workspace ") {
                workspace = String(message[range.upperBound...])
            }
        }
        // The inputs were copied: no sidecar appears in the user's folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: inputs.path).sorted() == ["route.gpx", "run.gpx"])
        let root = try #require(workspace, "the log names the sandbox workspace")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let copy = URL(fileURLWithPath: root).appendingPathComponent("inputs").appendingPathComponent(inputs.url.lastPathComponent)
        let sidecar = try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: copy.appendingPathComponent("route.gpx.result.json")))
        #expect(sidecar.status == "invalid")
        let credentials = try String(contentsOfFile: root + "/credentials.json", encoding: .utf8)
        let secrets = PipelineTests.tokens(in: credentials) + ["sandbox-client-secret-not-a-real-strava-secret"]
        let everything = process.lines.joined(separator: "\n")
        for secret in secrets { #expect(!everything.contains(secret)) }
    }

    @Test func uploadFailsWhenAFileIsInvalidAndDryRunSendsNothing() async throws {
        let inputs = try TemporaryFolder("trackdrop-inputs")
        defer { inputs.remove() }
        try ActivityFiles.gpx(start: ActivityFiles.start(710), timestamps: false).write(to: inputs.file("no-times.gpx"))
        let dryRun = try BinaryProcess(arguments: ["upload", "--dry-run", inputs.path])
        #expect(await dryRun.waitForExit(timeout: .seconds(60)) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inputs.path) == ["no-times.gpx"])
        let upload = try BinaryProcess(arguments: ["upload", "--sandbox", inputs.path])
        #expect(await upload.waitForExit(timeout: .seconds(120)) == 1)
    }

    @Test func statusReportsCountsFromTheLedger() async throws {
        let state = try TemporaryFolder("trackdrop-state")
        defer { state.remove() }
        let ledger = try Ledger(file: state.url.appendingPathComponent("ledger.sqlite"))
        var done = LedgerEntry(path: "/w/done.gpx", sha256: "aa", size: 1, modifiedAt: Date(), folder: nil)
        done.state = .done
        done.status = .uploaded
        done.activityID = 42
        done.completedAt = Date()
        _ = try ledger.insert(done)
        var queued = LedgerEntry(path: "/w/queued.gpx", sha256: "bb", size: 1, modifiedAt: Date(), folder: nil)
        queued.state = .normalized
        _ = try ledger.insert(queued)
        let config = state.file("config.json")
        try Data(#"{"state_folder": "\#(state.path)"}"#.utf8).write(to: config)
        let report = try StatusReport.gather(paths: TrackDropConfiguration.load(from: config).paths())
        #expect(report.counts["uploaded"] == 1)
        #expect(report.counts["normalized"] == 1)
        #expect(report.latest.first?.activityID == 42)
        #expect(report.waiting.contains { $0.contains("no daemon running") })
        let process = try BinaryProcess(arguments: ["status", "--json", "--config", config.path])
        #expect(await process.waitForExit(timeout: .seconds(30)) == 0)
    }
}
