import Foundation
import TestSupport
import Testing
@testable import StravaSandbox

/// The pages an `activity_url` opens in a browser: `GET /activities/{id}` and the list at `GET /`.
@Suite("Activity pages", .timeLimit(.minutes(2)))
struct ActivityPageTests {
    @Test func anActivityPageShowsTheFiguresAndDrawsTheTrack() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.uploadAndSettle(SampleTrack.gpx(points: 120), fileName: "lunch.gpx", token: token,
                                                          fields: [("name", "Lunch <Run> & more")])
            let id = try #require(reply.json?["activity_id"] as? Int64)
            let page = try await sandbox.get("/activities/\(id)")
            #expect(page.status == 200)
            #expect(page.header("content-type")?.hasPrefix("text/html") == true)
            // The name is escaped, never markup.
            #expect(page.body.contains("Lunch &lt;Run&gt; &amp; more"))
            for id in ["distance", "moving-time", "elapsed-time", "elevation-gain", "activity-track", "scale-bar"] {
                #expect(page.body.contains("id=\"\(id)\""), "missing \(id)")
            }
            let activity = try #require(try await sandbox.get("/api/v3/activities/\(id)", token: token).json)
            let distance = try #require(activity["distance"] as? Double)
            #expect(page.body.contains(String(format: "%.2f km", distance / 1000)))
            // Self-contained: nothing is fetched from elsewhere.
            #expect(!page.body.contains("<script") && !page.body.contains("src="))

            let index = try await sandbox.get("/")
            #expect(index.status == 200)
            #expect(index.body.contains("href=\"/activities/\(id)\""))
        }
    }

    @Test func anUnknownOrDeletedActivityIsA404Page() async throws {
        try await SandboxWireClient.with { sandbox in
            let missing = try await sandbox.get("/activities/12345")
            #expect(missing.status == 404)
            #expect(missing.body.contains("No such activity"))
            let empty = try await sandbox.get("/")
            #expect(empty.body.contains("Nothing uploaded yet"))
        }
    }

    /// A soak run uploads thousands of files: only the latest activities keep their drawing.
    @Test func onlyTheLatestActivitiesKeepTheirDrawing() throws {
        var state = SandboxState(configuration: SandboxConfiguration())
        let drawing = try #require(ActivityDrawing(data: SampleTrack.gpx(points: 30)))
        for id in Int64(1)...Int64(SandboxState.drawingsKept + 5) {
            state.activities[id] = Activity(
                id: id, uploadID: id, athleteID: 1, externalID: "x", name: "n", sportType: "Run", startDate: Date(),
                elapsedSeconds: 1, distanceMeters: 1, trainer: false, commute: false, sha256: "s", createdAt: Date(),
                drawing: drawing)
            state.keepDrawing(of: state.activities[id]!)
        }
        #expect(state.activities.values.filter { $0.drawing != nil }.count == SandboxState.drawingsKept)
        #expect(state.activities[1]?.drawing == nil)
        #expect(state.activities[Int64(SandboxState.drawingsKept + 5)]?.drawing != nil)
    }
}
