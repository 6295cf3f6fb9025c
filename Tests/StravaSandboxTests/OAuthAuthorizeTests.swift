import Foundation
import TestSupport
import StravaSandbox
import Testing

@Suite("OAuth authorize", .timeLimit(.minutes(2)))
struct OAuthAuthorizeTests {
    @Test func autoApproveRedirectsWithStateCodeAndScope() async throws {
        try await SandboxWireClient.with { sandbox in
            let reply = try await sandbox.authorize([
                ("client_id", "12345"), ("redirect_uri", "http://localhost:8123/cb"), ("response_type", "code"),
                ("scope", "read,activity:write"), ("state", "xyz"),
            ])
            #expect(reply.status == 302)
            let location = try #require(reply.header("Location"))
            let pattern = /http:\/\/localhost:8123\/cb\?state=xyz&code=[0-9a-f]{40}&scope=read,activity:write/
            #expect(location.wholeMatch(of: pattern) != nil, "\(location)")
        }
    }
}

extension OAuthAuthorizeTests {
    static let badRedirect =
        #"{"message":"Bad Request","errors":[{"resource":"Application","field":"redirect_uri","code":"invalid"}]}"#
    static let badClient =
        #"{"message":"Bad Request","errors":[{"resource":"Application","field":"client_id","code":"invalid"}]}"#
    static let badScope = #"{"message":"Bad Request","errors":[{"resource":"Authorize","field":"scope","code":"invalid"}]}"#

    @Test func unknownClientIDIsRefusedWithStravasBody() async throws {
        try await SandboxWireClient.with { sandbox in
            let reply = try await sandbox.authorize([
                ("client_id", "999"), ("redirect_uri", "http://localhost/cb"), ("response_type", "code"), ("scope", "read"),
            ])
            #expect(reply.status == 400)
            #expect(reply.body == Self.badClient)
        }
    }

    @Test func foreignRedirectIsRefusedUnlessInTheCallbackDomain() async throws {
        let parameters = [
            ("client_id", "12345"), ("redirect_uri", "https://app.example.org/strava"), ("response_type", "code"),
            ("scope", "read"),
        ]
        try await SandboxWireClient.with { sandbox in
            let reply = try await sandbox.authorize(parameters)
            #expect(reply.status == 400)
            #expect(reply.body == Self.badRedirect)
        }
        try await SandboxWireClient.with({ $0.callbackDomain = "example.org" }) { sandbox in
            let reply = try await sandbox.authorize(parameters)
            #expect(reply.status == 302)
            #expect(reply.header("Location")?.hasPrefix("https://app.example.org/strava?state=&code=") == true)
        }
    }

    @Test func unknownOrMissingScopeIsRefused() async throws {
        try await SandboxWireClient.with { sandbox in
            for scope in ["activity:everything", ""] {
                let reply = try await sandbox.authorize([
                    ("client_id", "12345"), ("redirect_uri", "http://127.0.0.1/cb"), ("response_type", "code"),
                    ("scope", scope),
                ])
                #expect(reply.status == 400)
                #expect(reply.body == Self.badScope)
            }
        }
    }

    @Test func athleteCanGrantFewerScopesThanAsked() async throws {
        try await SandboxWireClient.with({ $0.grantedScopes = ["read", "activity:read"] }) { sandbox in
            let reply = try await sandbox.authorize([
                ("client_id", "12345"), ("redirect_uri", "http://127.0.0.1/cb"), ("response_type", "code"),
                ("scope", "read,activity:read_all,activity:write,activity:read"),
            ])
            let location = try #require(reply.header("Location"))
            #expect(location.hasSuffix("&scope=read,activity:read"))
            let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
            let token = try #require(try await sandbox.exchange(code).json?["access_token"] as? String)
            let upload = try await sandbox.upload(SampleTrack.gpx(), token: token)
            #expect(upload.status == 401)
        }
    }

    @Test func consentPageAuthorizeAndCancel() async throws {
        try await SandboxWireClient.with({ $0.autoApprove = false }) { sandbox in
            let page = try await sandbox.authorize([
                ("client_id", "12345"), ("redirect_uri", "http://127.0.0.1:7/cb"), ("response_type", "code"),
                ("scope", "read,activity:write"), ("state", "abc"),
            ])
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(page.body.contains("Authorize") && page.body.contains("Cancel"))
            #expect(page.body.contains(#"action="/oauth/accept_application""#))

            let base: [(String, String)] = [
                ("client_id", "12345"), ("redirect_uri", "http://127.0.0.1:7/cb"), ("response_type", "code"),
                ("scope", "read,activity:write"), ("state", "abc"),
            ]
            let cancel = try await sandbox.postForm("/oauth/accept_application", base + [("decision", "cancel")])
            #expect(cancel.status == 302)
            #expect(cancel.header("Location") == "http://127.0.0.1:7/cb?state=abc&error=access_denied")

            // The athlete unticks activity:write before authorizing.
            let accept = try await sandbox.postForm(
                "/oauth/accept_application", base + [("grant", "read"), ("decision", "authorize")])
            #expect(accept.status == 302)
            let location = try #require(accept.header("Location"))
            #expect(location.wholeMatch(of: /http:\/\/127\.0\.0\.1:7\/cb\?state=abc&code=[0-9a-f]{40}&scope=read/) != nil)
        }
    }

    @Test func mobileAuthorizeBehavesTheSame() async throws {
        try await SandboxWireClient.with { sandbox in
            let reply = try await sandbox.get(
                "/oauth/mobile/authorize?client_id=12345&redirect_uri=http%3A%2F%2Flocalhost%2Fcb&response_type=code&scope=read")
            #expect(reply.status == 302)
            #expect(reply.header("Location")?.hasPrefix("http://localhost/cb?state=&code=") == true)
        }
    }
}
