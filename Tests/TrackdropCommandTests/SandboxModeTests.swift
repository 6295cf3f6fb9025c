import AsyncHTTPClient
import Foundation
import TestSupport
import Testing
@testable import TrackDrop

/// `watch DIR --sandbox` as a newcomer tries it first: the real daemon on DIR, with only Strava replaced.
@Suite("--sandbox is the real daemon minus Strava", .serialized)
struct SandboxModeTests {
    @Test func watchTakesFilesCopiedAndMovedInLaterAndLinksToTheSandboxPages() async throws {
        let inbox = try TemporaryFolder("trackdrop-watch")
        let elsewhere = try TemporaryFolder("trackdrop-elsewhere")
        defer {
            inbox.remove()
            elsewhere.remove()
        }
        let process = try BinaryProcess(arguments: ["watch", "--sandbox", inbox.path])
        #expect(await process.waitForLine(containing: "watching \(inbox.path)"), "\(process.lines.joined(separator: "\n"))")
        let started = process.lines.joined(separator: "\n")
        let scratch = try #require(Self.value(after: "scratch state in ", in: started))
        let sandboxURL = try #require(Self.value(after: "running at ", in: started, upTo: ";"))
        #expect(FileManager.default.fileExists(atPath: scratch))

        // One file written into the folder (a copy), one renamed into it from the same file system (a move).
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(720), name: "Copied Run").write(to: inbox.file("copied.gpx"))
        try ActivityFilesByStart.tcx(start: ActivityFilesByStart.start(721)).write(to: elsewhere.file("moved.tcx"))
        try FileManager.default.moveItem(at: elsewhere.file("moved.tcx"), to: inbox.file("moved.tcx"))

        try await Eventually.until("final sidecars for both files", timeout: .seconds(90)) {
            ["copied.gpx", "moved.tcx"].allSatisfy { name in
                let data = try? Data(contentsOf: inbox.file(name + ".result.json"))
                return data.flatMap { try? JSONDecoder().decode(Sidecar.self, from: $0) }?.status == "uploaded"
            }
        }
        let copied = try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: inbox.file("copied.gpx.result.json")))
        let activityID = try #require(copied.activityID)
        let link = try #require(copied.activityURL)
        #expect(link == "\(sandboxURL)/activities/\(activityID)")

        // The link opens that activity's page while the daemon runs.
        let page = try await Self.get(link)
        #expect(page.status == 200)
        #expect(page.body.contains("Copied Run"))
        #expect(page.body.contains("id=\"activity-track\""))
        let index = try await Self.get(sandboxURL + "/")
        #expect(index.body.contains("/activities/\(activityID)"))

        process.signal(SIGINT)
        #expect(await process.waitForExit(timeout: .seconds(30)) == 0)
        // Without --keep-state the scratch ledger and credentials are gone.
        #expect(!FileManager.default.fileExists(atPath: scratch))
    }

    static func value(after marker: String, in text: String, upTo end: String = "\n") -> String? {
        guard let start = text.range(of: marker) else { return nil }
        let rest = text[start.upperBound...]
        let stop = rest.range(of: end)?.lowerBound ?? rest.endIndex
        return String(rest[..<stop]).trimmingCharacters(in: .whitespaces)
    }

    static func get(_ url: String) async throws -> (status: Int, body: String) {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 8 << 20)
            try await client.shutdown()
            return (Int(response.status.code), String(buffer: body))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
