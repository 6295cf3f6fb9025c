import Foundation
import StravaSandbox
import Testing

@Suite("OAuth authorize")
struct OAuthAuthorizeTests {
    @Test func autoApproveRedirectsWithStateCodeAndScope() async throws {
        try await SandboxHarness.with { sandbox in
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
