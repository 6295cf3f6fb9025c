import Foundation
import TestSupport
import StravaSandbox
import Testing

@Suite("Control API", .timeLimit(.minutes(2)))
struct ControlTests {
    @Test func statsCountRequestsUploadsActivitiesAndUsage() async throws {
        try await SandboxWireClient.with { sandbox in
            sandbox.startAfterAQuarterHour()
            let token = try await sandbox.connect().access
            _ = try await sandbox.uploadAndSettle(SampleTrack.gpx(), token: token)
            _ = try await sandbox.get("/api/v3/athlete", token: token)
            let reply = try await sandbox.get("/_sandbox/stats")
            #expect(reply.status == 200)
            let json = try #require(reply.json)
            let requests = try #require(json["requests"] as? [String: Any])
            #expect(requests["POST /api/v3/uploads"] as? Int == 1)
            #expect((requests["GET /api/v3/uploads/{id}"] as? Int ?? 0) >= 1)
            #expect(requests["GET /api/v3/athlete"] as? Int == 1)
            #expect(requests["POST /oauth/token"] as? Int == 1)
            #expect(json["rate_limited"] as? Int == 0)
            #expect(json["uploads"] as? Int == 1)
            #expect(json["activities"] as? Int == 1)
            let limits = try #require(json["rate_limits"] as? [String: Any])
            let overall = try #require(limits["overall"] as? [String: Any])
            #expect(overall["limit"] as? [Int] == [200, 2000])
            let polls = requests["GET /api/v3/uploads/{id}"] as? Int ?? 0
            #expect(overall["usage"] as? [Int] == [2 + polls, 2 + polls])
            #expect(json["faults_injected"] is [String: Any])
            #expect(reply.header("X-RateLimit-Usage") == nil)
        }
    }

    @Test func activitiesListTheUploadFields() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let settled = try await sandbox.uploadAndSettle(SampleTrack.gpx(name: "Hill"), fileName: "hill.gpx", token: token)
            let reply = try await sandbox.get("/_sandbox/activities")
            let items = try #require(reply.jsonArray)
            try #require(items.count == 1, "\(settled.body)")
            #expect(items[0]["id"] as? Int64 == settled.json?["activity_id"] as? Int64)
            #expect(items[0]["upload_id"] as? Int64 == settled.json?["id"] as? Int64)
            #expect(items[0]["external_id"] as? String == "hill.gpx")
            #expect(items[0]["name"] as? String == "Hill")
            #expect(items[0]["start_date"] as? String == "2025-11-21T07:02:11Z")
            #expect(sandbox.server.activities().first?.externalID == "hill.gpx")
        }
    }

    @Test func faultsCanBeSetAndBadKeysAreNamed() async throws {
        try await SandboxWireClient.with { sandbox in
            let good = try await sandbox.postJSON("/_sandbox/faults", #"{"server_error_rate": 0.5, "seed": 4}"#)
            #expect(good.status == 200)
            #expect(sandbox.server.faults.serverErrorRate == 0.5)
            let unknown = try await sandbox.postJSON("/_sandbox/faults", #"{"server_eror_rate": 0.5}"#)
            #expect(unknown.status == 400)
            #expect(unknown.body.contains("server_eror_rate"))
            let bad = try await sandbox.postJSON("/_sandbox/faults", #"{"dropped_connection_rate": 2}"#)
            #expect(bad.status == 400)
            #expect(bad.body.contains("dropped_connection_rate"))
        }
    }

    @Test func resetForgetsEverything() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            _ = try await sandbox.uploadAndSettle(SampleTrack.gpx(), token: token)
            #expect(try await sandbox.postJSON("/_sandbox/reset", "").status == 200)
            #expect(sandbox.server.stats().activities == 0)
            #expect(sandbox.server.stats().uploads == 0)
            #expect(try await sandbox.get("/api/v3/athlete", token: token).status == 401)
        }
    }

    @Test func clockAndTokensEndpoints() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.postForm("/_sandbox/tokens", [("scope", "activity:read")])
            let access = try #require(tokens.json?["access_token"] as? String)
            #expect(try await sandbox.get("/api/v3/athlete/activities", token: access).status == 200)
            #expect(try await sandbox.upload(SampleTrack.gpx(), token: access).status == 401)
            let clock = try await sandbox.postJSON("/_sandbox/clock", #"{"advance_seconds": 21601}"#)
            #expect(clock.status == 200)
            #expect(try await sandbox.get("/api/v3/athlete", token: access).status == 401)
        }
    }

    @Test func stopReleasesThePortAndTwoSandboxesRunSideBySide() async throws {
        let first = StravaSandboxServer()
        let second = StravaSandboxServer()
        let firstURL = try await first.start()
        let secondURL = try await second.start()
        #expect(firstURL != secondURL)
        #expect(first.baseURL == firstURL)
        await first.stop()
        await second.stop()
        #expect(first.baseURL == nil)
    }
}
