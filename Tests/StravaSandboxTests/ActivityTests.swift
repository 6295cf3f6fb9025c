import Foundation
import TestSupport
import StravaSandbox
import Testing

@Suite("Athlete and activities", .timeLimit(.minutes(2)))
struct ActivityTests {
    @Test func listingIsNewestFirstWithUploadFieldsAndPages() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let base = Date(timeIntervalSince1970: 1_763_000_000)
            var activityIDs: [Int64] = []
            for index in 0..<3 {
                let reply = try await sandbox.uploadAndSettle(
                    SampleTrack.gpx(start: base.addingTimeInterval(Double(index) * 3600), latitude: 40 + Double(index)),
                    fileName: "run\(index).gpx", token: token)
                activityIDs.append(try #require(reply.json?["activity_id"] as? Int64))
            }
            let page = try await sandbox.get("/api/v3/athlete/activities?per_page=2&page=1", token: token)
            #expect(page.status == 200)
            let items = try #require(page.jsonArray)
            try #require(items.count == 2, "\(page.body)")
            #expect(items.map { $0["id"] as? Int64 } == [activityIDs[2], activityIDs[1]])
            let keys = ["id", "name", "distance", "moving_time", "elapsed_time", "type", "sport_type", "start_date",
                        "start_date_local", "timezone", "upload_id", "upload_id_str", "external_id"]
            for key in keys { #expect(items[0][key] != nil, "missing \(key)") }
            #expect(items[0]["external_id"] as? String == "run2.gpx")
            #expect(items[0]["upload_id_str"] as? String == String(items[0]["upload_id"] as? Int64 ?? 0))
            #expect(items[0]["elapsed_time"] as? Int == 19)
            let second = try await sandbox.get("/api/v3/athlete/activities?per_page=2&page=2", token: token).jsonArray
            #expect(second?.map { $0["id"] as? Int64 } == [activityIDs[0]])
            let after = Int(base.timeIntervalSince1970) + 1800
            let filtered = try await sandbox.get("/api/v3/athlete/activities?after=\(after)&before=\(after + 3600)", token: token)
            #expect(filtered.jsonArray?.map { $0["id"] as? Int64 } == [activityIDs[1]])
        }
    }

    @Test func afterInMillisecondsIs400Future() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.get("/api/v3/athlete/activities?after=1763000000000", token: token)
            #expect(reply.status == 400)
            #expect(reply.body == #"{"message":"Bad Request","errors":[{"resource":"Application","field":"after","code":"future"}]}"#)
        }
    }

    @Test func listingNeedsActivityRead() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect(scope: "read,activity:write").access
            let reply = try await sandbox.get("/api/v3/athlete/activities", token: token)
            #expect(reply.status == 401)
            #expect(reply.body == #"{"message":"Authorization Error","errors":[{"resource":"AccessToken","field":"activity:read_permission","code":"missing"}]}"#)
            let readOnly = try await sandbox.connect(scope: "activity:read").access
            #expect(try await sandbox.get("/api/v3/athlete/activities", token: readOnly).status == 200)
        }
    }

    @Test func athleteIsTheConfiguredOne() async throws {
        try await SandboxWireClient.with({
            $0.athleteID = 5_000_000_001
            $0.athleteFirstname = "Ada"
        }) { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(reply.json?["id"] as? Int64 == 5_000_000_001)
            #expect(reply.json?["firstname"] as? String == "Ada")
        }
    }

    @Test func unknownActivityIs404() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = try await sandbox.connect().access
            let reply = try await sandbox.get("/api/v3/activities/99999999999", token: token)
            #expect(reply.status == 404)
            #expect(reply.body == #"{"message":"Resource Not Found","errors":[]}"#)
        }
    }

    @Test func missingUnknownOrExpiredTokensGetThe401Body() async throws {
        let body = #"{"message":"Authorization Error","errors":[{"resource":"Athlete","field":"access_token","code":"invalid"}]}"#
        try await SandboxWireClient.with { sandbox in
            sandbox.startAfterAQuarterHour()
            let none = try await sandbox.get("/api/v3/athlete")
            #expect(none.status == 401 && none.body == body)
            let unknown = try await sandbox.get("/api/v3/athlete", token: "0000000000000000000000000000000000000000")
            #expect(unknown.status == 401 && unknown.body == body)
            #expect(unknown.header("X-RateLimit-Usage") == "2,2")
            let token = try await sandbox.connect().access
            #expect(try await sandbox.get("/api/v3/athlete?access_token=\(token)").status == 200)
            sandbox.clock.advance(by: 21_601)
            let expired = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(expired.status == 401 && expired.body == body)
        }
    }
}
