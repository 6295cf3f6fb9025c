import Crypto
import Foundation
import StravaSandbox
import Testing

@Suite("OAuth token", .timeLimit(.minutes(2)))
struct OAuthTokenTests {
    static let invalidCode =
        #"{"message":"Bad Request","errors":[{"resource":"AuthorizationCode","field":"code","code":"invalid"}]}"#
    static let expiredCode =
        #"{"message":"Bad Request","errors":[{"resource":"AuthorizationCode","field":"","code":"expired"}]}"#
    static let invalidRefresh =
        #"{"message":"Bad Request","errors":[{"resource":"RefreshToken","field":"refresh_token","code":"invalid"}]}"#
    static let invalidClient =
        #"{"message":"Bad Request","errors":[{"resource":"Application","field":"client_id","code":"invalid"}]}"#
    static let invalidSecret =
        #"{"message":"Authorization Error","errors":[{"resource":"Application","field":"","code":"invalid"}]}"#

    @Test func exchangeReturnsTokensAndAthleteInStravasKeyOrder() async throws {
        try await SandboxWireClient.with { sandbox in
            let reply = try await sandbox.exchange(try await sandbox.code())
            #expect(reply.status == 200)
            let pattern = /\{"token_type":"Bearer","expires_at":\d+,"expires_in":21600,"refresh_token":"[0-9a-f]{40}","access_token":"[0-9a-f]{40}","athlete":\{"id":28462211,"username":"sandbox_athlete","resource_state":2,"firstname":"Sandy","lastname":"Box",.*\}\}/
            #expect(reply.body.wholeMatch(of: pattern) != nil, "\(reply.body)")
            let athlete = try #require(reply.json?["athlete"] as? [String: Any])
            let keys = ["id", "username", "resource_state", "firstname", "lastname", "city", "state", "country", "sex",
                        "premium", "summit", "created_at", "updated_at", "profile_medium", "profile"]
            #expect(Set(athlete.keys) == Set(keys))
            #expect(reply.header("X-RateLimit-Limit") == nil && reply.header("X-RateLimit-Usage") == nil)
            #expect(reply.header("X-ReadRateLimit-Usage") == nil)
        }
    }

    @Test func codesAreSingleUse() async throws {
        try await SandboxWireClient.with { sandbox in
            let code = try await sandbox.code()
            #expect(try await sandbox.exchange(code).status == 200)
            let again = try await sandbox.exchange(code)
            #expect(again.status == 400)
            #expect(again.body == Self.expiredCode)
        }
    }

    @Test func codesExpire() async throws {
        try await SandboxWireClient.with({ $0.authorizationCodeLifetimeSeconds = 60 }) { sandbox in
            let code = try await sandbox.code()
            sandbox.clock.advance(by: 61)
            let reply = try await sandbox.exchange(code)
            #expect(reply.status == 400)
            #expect(reply.body == Self.expiredCode)
        }
    }

    @Test func badCodeClientAndSecretGetStravasBodies() async throws {
        try await SandboxWireClient.with { sandbox in
            let badCode = try await sandbox.exchange("0123456789abcdef0123456789abcdef01234567")
            #expect(badCode.status == 400)
            #expect(badCode.body == Self.invalidCode)
            let code = try await sandbox.code()
            let badClient = try await sandbox.postForm("/oauth/token", [
                ("client_id", "1"), ("client_secret", sandbox.configuration.clientSecret), ("code", code),
                ("grant_type", "authorization_code"),
            ])
            #expect(badClient.status == 400)
            #expect(badClient.body == Self.invalidClient)
            let badSecret = try await sandbox.postForm("/oauth/token", [
                ("client_id", "12345"), ("client_secret", "wrong"), ("code", code), ("grant_type", "authorization_code"),
            ])
            #expect(badSecret.status == 401)
            #expect(badSecret.body == Self.invalidSecret)
            // The failed attempts did not use the code up.
            #expect(try await sandbox.exchange(code).status == 200)
        }
    }

    @Test func parametersInTheQueryStringAndTheAPIPath() async throws {
        try await SandboxWireClient.with { sandbox in
            let code = try await sandbox.code()
            let query = SandboxWireClient.formEncode([
                ("client_id", "12345"), ("client_secret", sandbox.configuration.clientSecret), ("code", code),
                ("grant_type", "authorization_code"),
            ])
            let reply = try await sandbox.send(.POST, "/api/v3/oauth/token?" + query)
            #expect(reply.status == 200)
            #expect(reply.json?["access_token"] is String)
            #expect(reply.header("X-RateLimit-Usage") == nil)
        }
    }

    @Test func aJSONBodyIsReadToo() async throws {
        try await SandboxWireClient.with { sandbox in
            let code = try await sandbox.code()
            let body = #"{"client_id": 12345, "client_secret": "\#(sandbox.configuration.clientSecret)", "code": "\#(code)", "grant_type": "authorization_code"}"#
            let reply = try await sandbox.postJSON("/oauth/token", body)
            #expect(reply.status == 200)
            #expect(reply.json?["access_token"] is String)
        }
    }

    @Test func refreshReturnsTheSameAccessTokenWhileMoreThanAnHourIsLeft() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.connect()
            sandbox.clock.advance(by: 4 * 3600)
            let early = try await sandbox.refresh(tokens.refresh)
            #expect(early.status == 200)
            let pattern = /\{"token_type":"Bearer","access_token":"[0-9a-f]{40}","expires_at":\d+,"expires_in":\d+,"refresh_token":"[0-9a-f]{40}"\}/
            #expect(early.body.wholeMatch(of: pattern) != nil, "\(early.body)")
            #expect(early.json?["access_token"] as? String == tokens.access)
            #expect((7_190...7_200).contains(early.json?["expires_in"] as? Int ?? 0))
            #expect(early.json?["athlete"] == nil)

            sandbox.clock.advance(by: 5400)  // 30 minutes left
            let late = try await sandbox.refresh(tokens.refresh)
            let newAccess = try #require(late.json?["access_token"] as? String)
            #expect(newAccess != tokens.access)
            #expect(late.json?["expires_in"] as? Int == 21600)
            // Old and new both work until they expire.
            #expect(try await sandbox.get("/api/v3/athlete", token: tokens.access).status == 200)
            #expect(try await sandbox.get("/api/v3/athlete", token: newAccess).status == 200)
            sandbox.clock.advance(by: 1800)
            #expect(try await sandbox.get("/api/v3/athlete", token: tokens.access).status == 401)
            #expect(try await sandbox.get("/api/v3/athlete", token: newAccess).status == 200)
        }
    }

    @Test func tokenLifetimeIsConfigurable() async throws {
        try await SandboxWireClient.with({ $0.accessTokenLifetimeSeconds = 600 }) { sandbox in
            let reply = try await sandbox.exchange(try await sandbox.code())
            #expect(reply.json?["expires_in"] as? Int == 600)
        }
    }

    @Test func rotationInvalidatesTheOldRefreshTokenAtOnce() async throws {
        try await SandboxWireClient.with({ $0.rotateRefreshTokens = true }) { sandbox in
            let tokens = try await sandbox.connect()
            let first = try await sandbox.refresh(tokens.refresh)
            let rotated = try #require(first.json?["refresh_token"] as? String)
            #expect(rotated != tokens.refresh)
            let old = try await sandbox.refresh(tokens.refresh)
            #expect(old.status == 400)
            #expect(old.body == Self.invalidRefresh)
            #expect(try await sandbox.refresh(rotated).status == 200)
        }
    }

    @Test func withoutRotationTheRefreshTokenStays() async throws {
        try await SandboxWireClient.with { sandbox in
            let tokens = try await sandbox.connect()
            let reply = try await sandbox.refresh(tokens.refresh)
            #expect(reply.json?["refresh_token"] as? String == tokens.refresh)
            #expect(try await sandbox.refresh(tokens.refresh).status == 200)
        }
    }

    @Test func pkceS256IsVerifiedWhenAChallengeWasSent() async throws {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let digest = Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let pkce = [("code_challenge", digest), ("code_challenge_method", "S256")]
        try await SandboxWireClient.with { sandbox in
            let wrong = try await sandbox.exchange(try await sandbox.code(extra: pkce), extra: [("code_verifier", "nope")])
            #expect(wrong.status == 400)
            #expect(wrong.body == Self.invalidCode)
            let missing = try await sandbox.exchange(try await sandbox.code(extra: pkce))
            #expect(missing.status == 400)
            let right = try await sandbox.exchange(try await sandbox.code(extra: pkce), extra: [("code_verifier", verifier)])
            #expect(right.status == 200)
        }
    }

    @Test func fastExchangeFailsOnceThenSucceeds() async throws {
        var faults = InjectedFaults()
        faults.failFastCodeExchange = true
        faults.fastCodeExchangeWindowSeconds = 30
        try await SandboxWireClient.with({ $0.faults = faults }) { sandbox in
            let code = try await sandbox.code()
            let fast = try await sandbox.exchange(code)
            #expect(fast.status == 400)
            #expect(fast.body == Self.invalidCode)
            sandbox.clock.advance(by: 30)
            #expect(try await sandbox.exchange(code).status == 200)
            #expect(sandbox.server.stats().faultsInjected["fast_code_exchange"] == 1)
        }
    }
}
