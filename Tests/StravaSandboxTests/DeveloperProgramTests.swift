import Foundation
import TestSupport
import StravaSandbox
import Testing

/// The sandbox models Strava's 2026-2027 changes: the new host's layout, revoke, retired deauthorize,
/// tokens only in headers, inactive apps and the athlete cap.
@Suite("Sandbox: developer program 2026-2027", .timeLimit(.minutes(2)))
struct DeveloperProgramTests {
    static let inactiveBody = #"{"message":"Forbidden","errors":[{"resource":"Application","field":"Status","code":"Inactive"}]}"#
    static let invalidToken = #"{"message":"Authorization Error","errors":[{"resource":"Athlete","field":"access_token","code":"invalid"}]}"#

    @Test func theAPIIsServedAtTheRootAsOnTheNewHost() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.connect()
            let posted = try await sandbox.upload(SampleTrack.gpx(), token: tokens.access, apiBase: "")
            #expect(posted.status == 201)
            #expect(posted.header("X-RateLimit-Usage") == "1,1")
            #expect(posted.header("X-ReadRateLimit-Usage") == "0,0", "POST /uploads counts toward overall only")
            let id = try #require(posted.json?["id_str"] as? String)
            let ready = try await sandbox.get("/uploads/\(id)", token: tokens.access)
            #expect(ready.json?["status"] as? String == "Your activity is ready.")
            let activityID = try #require(ready.json?["activity_id"] as? Int64)
            #expect(try await sandbox.get("/athlete", token: tokens.access).status == 200)
            #expect(try await sandbox.get("/athlete/activities", token: tokens.access).jsonArray?.count == 1)
            let activity = try await sandbox.get("/activities/\(activityID)", token: tokens.access)
            #expect(activity.status == 200)
            #expect(activity.json?["id"] as? Int64 == activityID)
            // Today's layout serves the same data.
            #expect(try await sandbox.get("/api/v3/activities/\(activityID)", token: tokens.access).json?["id"] as? Int64 == activityID)
            let stats = sandbox.server.stats()
            #expect(stats.requests(to: "POST /uploads") == 1)
            #expect(stats.requests(to: "GET /activities/{id}") == 1)
        }
    }

    @Test func aRootActivityRequestWithoutATokenIsNotTheAPI() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.connect()
            let upload = try await sandbox.uploadAndSettle(SampleTrack.gpx(), token: tokens.access)
            let activityID = try #require(upload.json?["activity_id"] as? Int64)
            let browser = try await sandbox.get("/activities/\(activityID)")
            // A person's browser gets the activity's page, not the API (and is not rate limited).
            #expect(browser.status == 200)
            #expect(browser.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(browser.json == nil)
            #expect(browser.header("X-RateLimit-Usage") == nil, "a person's browser is not rate limited")
            let api = try await sandbox.get("/api/v3/activities/\(activityID)")
            #expect(api.status == 401)
            #expect(api.header("X-RateLimit-Usage") != nil)
        }
    }

    @Test func revokeWithTheAppsBasicCredentialsEndsEveryToken() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.connect()
            let basic = "Basic " + Data("\(sandbox.configuration.clientID):\(sandbox.configuration.clientSecret)".utf8).base64EncodedString()
            let form = Data(SandboxWireClient.formEncode([("token", tokens.refresh), ("token_type_hint", "refresh_token")]).utf8)
            let wrong = "Basic " + Data("\(sandbox.configuration.clientID):wrong".utf8).base64EncodedString()
            let refused = try await sandbox.send(.POST, "/oauth/revoke", headers: [("Authorization", wrong)], body: form, contentType: "application/x-www-form-urlencoded")
            #expect(refused.status == 401)
            let unsigned = try await sandbox.send(.POST, "/oauth/revoke", body: form, contentType: "application/x-www-form-urlencoded")
            #expect(unsigned.status == 401)
            #expect(try await sandbox.get("/api/v3/athlete", token: tokens.access).status == 200)
            let revoked = try await sandbox.send(.POST, "/oauth/revoke", headers: [("Authorization", basic)], body: form, contentType: "application/x-www-form-urlencoded")
            #expect(revoked.status == 200)
            let after = try await sandbox.get("/api/v3/athlete", token: tokens.access)
            #expect(after.status == 401)
            #expect(after.body == Self.invalidToken)
            #expect(try await sandbox.refresh(tokens.refresh).status == 400)
            // Revoking a token that is gone is not an error.
            let again = try await sandbox.send(.POST, "/oauth/revoke", headers: [("Authorization", basic)], body: form, contentType: "application/x-www-form-urlencoded")
            #expect(again.status == 200)
        }
    }

    @Test func deauthorizeIsAlsoUnderAPIv3AndCanBeRetired() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.connect()
            let reply = try await sandbox.send(.POST, "/api/v3/oauth/deauthorize", token: tokens.access)
            #expect(reply.status == 200)
            #expect(reply.body == #"{"access_token":"\#(tokens.access)"}"#)
            #expect(try await sandbox.get("/api/v3/athlete", token: tokens.access).status == 401)
        }
        try await SandboxWireClient.with({ $0.deauthorizeRetired = true }) { sandbox in
            let tokens = try await sandbox.connect()
            for path in ["/oauth/deauthorize", "/api/v3/oauth/deauthorize"] {
                let reply = try await sandbox.send(.POST, path, token: tokens.access)
                #expect(reply.status == 404)
                #expect(reply.body == #"{"message":"Resource Not Found","errors":[]}"#)
            }
            #expect(try await sandbox.get("/api/v3/athlete", token: tokens.access).status == 200)
        }
    }

    @Test func tokensInAQueryOrFormAreCountedAndCanBeRefused() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.connect()
            #expect(try await sandbox.get("/api/v3/athlete?access_token=\(tokens.access)").status == 200)
            #expect(sandbox.server.stats().accessTokenParameters == 1)
        }
        try await SandboxWireClient.with({ $0.queryTokensRejected = true }) { sandbox in
            let tokens = try await sandbox.connect()
            let query = try await sandbox.get("/api/v3/athlete?access_token=\(tokens.access)")
            #expect(query.status == 401)
            #expect(query.body == Self.invalidToken)
            let form = try await sandbox.postForm("/oauth/deauthorize", [("access_token", tokens.access)])
            #expect(form.status == 401)
            #expect(try await sandbox.get("/api/v3/athlete", token: tokens.access).status == 200)
            #expect(sandbox.server.stats().accessTokenParameters == 2)
        }
    }

    @Test func anInactiveAppGetsStravas403OnEveryAPICallButTokensStillRefresh() async throws {
        try await SandboxWireClient.with({ $0.appStatus = .inactive }) { sandbox in
            let tokens = try await sandbox.connect()
            for path in ["/api/v3/athlete", "/athlete", "/api/v3/athlete/activities", "/uploads/1"] {
                let reply = try await sandbox.get(path, token: tokens.access)
                #expect(reply.status == 403, "\(path)")
                #expect(reply.body == Self.inactiveBody, "\(path)")
            }
            let posted = try await sandbox.upload(SampleTrack.gpx(), token: tokens.access)
            #expect(posted.status == 403)
            #expect(sandbox.server.stats().uploads == 0)
            #expect(try await sandbox.refresh(tokens.refresh).status == 200)
            let status = try await sandbox.get("/_sandbox/app")
            #expect(status.json?["status"] as? String == "inactive")
            let reactivated = try await sandbox.postJSON("/_sandbox/app", #"{"status": "active"}"#)
            #expect(reactivated.json?["status"] as? String == "active")
            #expect(try await sandbox.get("/api/v3/athlete", token: tokens.access).status == 200)
            #expect(try await sandbox.postJSON("/_sandbox/app", #"{"status": "inactive"}"#).status == 200)
            #expect(try await sandbox.get("/athlete", token: tokens.access).status == 403)
            #expect(try await sandbox.postJSON("/_sandbox/app", #"{"status": "asleep"}"#).status == 400)
        }
    }

    @Test func anAthletePastTheCapIsRefusedAtTheCodeExchange() async throws {
        try await SandboxWireClient.with { sandbox in
            _ = try await sandbox.connect()
            // The same athlete again is no new connection.
            _ = try await sandbox.connect()
            #expect(try await sandbox.postJSON("/_sandbox/athlete", #"{"athlete_id": 4242}"#).status == 200)
            let refused = try await sandbox.exchange(try await sandbox.code())
            #expect(refused.status == 403)
            #expect(refused.body == #"{"message":"Limit of connected athletes exceeded","errors":[]}"#)
        }
        try await SandboxWireClient.with({ $0.athleteCapacity = 2 }) { sandbox in
            _ = try await sandbox.connect()
            _ = try await sandbox.postJSON("/_sandbox/athlete", #"{"athlete_id": 4242}"#)
            let second = try await sandbox.exchange(try await sandbox.code())
            #expect(second.status == 200)
            #expect((second.json?["athlete"] as? [String: Any])?["id"] as? Int64 == 4242)
        }
    }

    @Test func newConfigurationKeysAreReadAndChecked() throws {
        let json = #"{"app_status": "inactive", "athlete_capacity": 10, "deauthorize_retired": true, "query_tokens_rejected": true}"#
        let configuration = try SandboxConfiguration.decode(json: Data(json.utf8))
        #expect(configuration.appStatus == .inactive)
        #expect(configuration.athleteCapacity == 10)
        #expect(configuration.deauthorizeRetired && configuration.queryTokensRejected)
        #expect(SandboxConfiguration().appStatus == .active && SandboxConfiguration().athleteCapacity == 1)
        #expect(throws: SandboxError.self) { try SandboxConfiguration.decode(json: Data(#"{"app_status": "sleeping"}"#.utf8)) }
        #expect(throws: SandboxError.self) { try SandboxConfiguration.decode(json: Data(#"{"athlete_capacity": 0}"#.utf8)) }
    }
}
