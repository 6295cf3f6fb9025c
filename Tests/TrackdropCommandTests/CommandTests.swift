import Foundation
import TestSupport
import Testing
@testable import TrackDrop

/// `trackdrop upload`, `watch --sandbox` and `status` as a user runs them: the built binary, its output and exit code.
@Suite("trackdrop commands", .serialized)
struct CommandTests {
    @Test func sandboxWatchOnceWorksOnTheFolderItselfAndLogsJSONWithoutSecrets() async throws {
        let inputs = try TemporaryFolder("trackdrop-inputs")
        defer { inputs.remove() }
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(700)).write(to: inputs.file("run.gpx"))
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(700), timestamps: false).write(to: inputs.file("route.gpx"))
        let process = try BinaryProcess(arguments: ["watch", "--sandbox", "--once", "--keep-state", "--log-format", "json", inputs.path])
        let status = await process.waitForExit(timeout: .seconds(120))
        #expect(status == 0, "\(process.lines.joined(separator: "\n"))")
        var scratch: String?
        var sandboxURL: String?
        for line in process.lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["message"] != nil, "not a JSON log line: \(line)")
            guard let message = object?["message"] as? String else { continue }
            if let range = message.range(of: "scratch state in ") { scratch = String(message[range.upperBound...]) }
            if let start = message.range(of: "running at "), let end = message.range(of: ";", range: start.upperBound..<message.endIndex) {
                sandboxURL = String(message[start.upperBound..<end.lowerBound])
            }
        }
        // The folder itself was processed: the sidecars are beside the files.
        #expect(try FileManager.default.contentsOfDirectory(atPath: inputs.path).sorted()
            == ["route.gpx", "route.gpx.result.json", "run.gpx", "run.gpx.result.json"])
        let invalid = try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: inputs.file("route.gpx.result.json")))
        #expect(invalid.status == "invalid")
        let uploaded = try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: inputs.file("run.gpx.result.json")))
        #expect(uploaded.status == "uploaded")
        // The link names the sandbox that made the activity, not strava.com.
        let base = try #require(sandboxURL, "the log names the sandbox's address")
        #expect(base.hasPrefix("http://127.0.0.1:"))
        #expect(uploaded.activityURL == "\(base)/activities/\(try #require(uploaded.activityID))")
        // --keep-state kept the private scratch state.
        let root = try #require(scratch, "the log names the scratch state folder")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mode = try FileManager.default.attributesOfItem(atPath: root)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let credentials = try String(contentsOfFile: root + "/credentials.json", encoding: .utf8)
        let secrets = CredentialTokens.tokens(in: credentials) + ["sandbox-client-secret-not-a-real-strava-secret"]
        let everything = process.lines.joined(separator: "\n")
        for secret in secrets { #expect(!everything.contains(secret)) }
    }

    @Test func uploadFailsWhenAFileIsInvalidAndDryRunSendsNothing() async throws {
        let inputs = try TemporaryFolder("trackdrop-inputs")
        defer { inputs.remove() }
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(710), timestamps: false).write(to: inputs.file("no-times.gpx"))
        let dryRun = try BinaryProcess(arguments: ["upload", "--dry-run", inputs.path])
        #expect(await dryRun.waitForExit(timeout: .seconds(60)) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inputs.path) == ["no-times.gpx"])
        let upload = try BinaryProcess(arguments: ["upload", "--sandbox", inputs.path])
        #expect(await upload.waitForExit(timeout: .seconds(120)) == 1)
        // `upload --sandbox` answers beside the file, as `upload` does.
        let sidecar = try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: inputs.file("no-times.gpx.result.json")))
        #expect(sidecar.status == "invalid")
    }

    /// `check` on names that are not UTF-8 (Latin-1 bytes, as old FAT mounts and archives hold them), named on
    /// the command line and found in a folder: each file is read through its own bytes, reported as `\xNN`, its
    /// normalized copy and HTML report written under names of the same bytes.
    @Test func checkReadsFilesWhoseNamesAreNotUTF8() throws {
        let folder = try TemporaryFolder("trackdrop-latin1")
        defer { folder.remove() }
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(710)).write(to: folder.file("seed.gpx"))
        // The shell makes the raw names: Foundation cannot spell them.
        let script = """
            set -e
            mv seed.gpx "$(printf 'run-\\351t\\351.gpx')"
            mkdir "$(printf 'dossier-\\351')"
            cp "$(printf 'run-\\351t\\351.gpx')" "$(printf 'dossier-\\351/s\\351ance.gpx')"
            "$0" check --json "$(printf 'run-\\351t\\351.gpx')" --out "$(printf 'out-\\351.gpx')"
            "$0" check --json "$(printf 'dossier-\\351')" --report "$(printf 'report-\\351.html')"
            printf 'listing:'; ls -1 | od -An -tx1 | tr -d ' \\n'
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, BinaryProcess.executable.path]
        process.currentDirectoryURL = folder.url
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let lines = text.split(separator: "\n").map(String.init)
        let reports = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(reports.count == 2, "\(text)")
        #expect(reports.allSatisfy { $0["valid"] as? Bool == true }, "\(text)")
        #expect(reports.first?["file"] as? String == folder.url.path + "/run-\\xE9t\\xE9.gpx")
        #expect(reports.first?["written"] as? String == folder.url.path + "/out-\\xE9.gpx")
        #expect(reports.last?["file"] as? String == folder.url.path + "/dossier-\\xE9/s\\xE9ance.gpx")
        // The written files carry the same raw bytes (\351 is é in Latin-1), and nothing was written with
        // replacement characters.
        let listing = lines.first { $0.hasPrefix("listing:") } ?? ""
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(listing.contains(hex(Array("out-".utf8) + [0xE9] + Array(".gpx".utf8))), "\(listing)")
        #expect(listing.contains(hex(Array("report-".utf8) + [0xE9] + Array(".html".utf8))), "\(listing)")
        #expect(!listing.contains("efbfbd"), "a replacement character was written: \(listing)")
    }

    @Test func versionNamesTheReleaseAndTheCommitItWasBuiltFrom() throws {
        let result = try BinaryProcess.capturingOutput(arguments: ["--version"])
        #expect(result.status == 0, "\(result.errors)")
        let line = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix("trackdrop 0."), "\(line)")
        let head = try BinaryProcess.run("/usr/bin/env", arguments: ["git", "-C", BinaryProcess.repositoryRoot.path, "rev-parse", "--short=12", "HEAD"])
        if head.status == 0 {
            let commit = head.output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(line.contains("(commit \(commit)"), "\(line) does not name \(commit)")
        } else {
            #expect(line.hasSuffix("(commit unknown)"))
        }
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
