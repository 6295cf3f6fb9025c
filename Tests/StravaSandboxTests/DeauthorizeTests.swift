import Foundation
import StravaSandbox
import Testing

@Suite("Deauthorize", .timeLimit(.minutes(2)))
struct DeauthorizeTests {
    @Test func deauthorizeKillsEveryTokenOfTheAthlete() async throws {
        try await SandboxWireClient.with { sandbox in
            let first = try await sandbox.connect()
            let second = try await sandbox.connect()
            let reply = try await sandbox.postForm("/oauth/deauthorize", [("access_token", first.access)])
            #expect(reply.status == 200)
            #expect(reply.body == #"{"access_token":"\#(first.access)"}"#)
            #expect(reply.header("X-RateLimit-Usage") == "1,1")
            #expect(reply.header("X-ReadRateLimit-Usage") == "1,1")
            for token in [first.access, second.access] {
                let after = try await sandbox.get("/api/v3/athlete", token: token)
                #expect(after.status == 401)
                #expect(after.body == #"{"message":"Authorization Error","errors":[{"resource":"Athlete","field":"access_token","code":"invalid"}]}"#)
            }
            for refresh in [first.refresh, second.refresh] {
                let after = try await sandbox.refresh(refresh)
                #expect(after.status == 400)
                #expect(after.body == #"{"message":"Bad Request","errors":[{"resource":"RefreshToken","field":"refresh_token","code":"invalid"}]}"#)
            }
        }
    }

    @Test func deauthorizeAcceptsABearerHeader() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.connect()
            let reply = try await sandbox.send(.POST, "/oauth/deauthorize", token: tokens.access)
            #expect(reply.status == 200)
            #expect(try await sandbox.get("/api/v3/athlete", token: tokens.access).status == 401)
            let again = try await sandbox.send(.POST, "/oauth/deauthorize", token: tokens.access)
            #expect(again.status == 401)
        }
    }
}
