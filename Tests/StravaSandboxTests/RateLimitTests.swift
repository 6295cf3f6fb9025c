import Foundation
import TestSupport
import StravaSandbox
import Testing

@Suite("Rate limits", .timeLimit(.minutes(2)))
struct RateLimitTests {
    @Test func headersCountBothBucketsAndUploadsOnlyOverall() async throws {
        try await SandboxWireClient.with { sandbox in
            sandbox.startAfterAQuarterHour()
            let token = try await sandbox.connect().access
            let athlete = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(athlete.header("X-RateLimit-Limit") == "200,2000")
            #expect(athlete.header("X-RateLimit-Usage") == "1,1")
            #expect(athlete.header("X-ReadRateLimit-Limit") == "100,1000")
            #expect(athlete.header("X-ReadRateLimit-Usage") == "1,1")
            let upload = try await sandbox.upload(SampleTrack.gpx(), token: token)
            #expect(upload.header("X-RateLimit-Usage") == "2,2")
            #expect(upload.header("X-ReadRateLimit-Usage") == "1,1")
            let poll = try await sandbox.get("/api/v3/uploads/\(upload.json!["id_str"]!)", token: token)
            #expect(poll.header("X-RateLimit-Usage") == "3,3")
            #expect(poll.header("X-ReadRateLimit-Usage") == "2,2")
            // Token requests are outside the buckets.
            _ = try await sandbox.connect()
            let after = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(after.header("X-RateLimit-Usage") == "4,4")
        }
    }

    @Test func a429ComesAtTheLimitAndStillCountsDaily() async throws {
        try await SandboxWireClient.with({
            $0.rateLimitReadShort = 3
            $0.rateLimitOverallShort = 5
        }) { sandbox in
            sandbox.startAfterAQuarterHour()
            let token = sandbox.server.issueTokens().accessToken
            for expected in 1...3 {
                let reply = try await sandbox.get("/api/v3/athlete", token: token)
                #expect(reply.status == 200)
                #expect(reply.header("X-ReadRateLimit-Usage") == "\(expected),\(expected)")
            }
            let limited = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(limited.status == 429)
            #expect(limited.body == #"{"message":"Rate Limit Exceeded","errors":[{"resource":"Application","field":"rate limit","code":"exceeded"}]}"#)
            #expect(limited.header("X-ReadRateLimit-Usage") == "4,4")
            #expect(limited.header("X-RateLimit-Limit") == "5,2000")
            // The read bucket is spent, but uploads only count toward overall.
            let upload = try await sandbox.upload(SampleTrack.gpx(), token: token)
            #expect(upload.status == 201)
            #expect(upload.header("X-RateLimit-Usage") == "5,5")
            let overLimit = try await sandbox.upload(SampleTrack.gpx(start: Date(timeIntervalSince1970: 1_700_000_000)), token: token)
            #expect(overLimit.status == 429)
            #expect(overLimit.header("X-RateLimit-Usage") == "6,6")
            #expect(sandbox.server.stats().rateLimited == 2)
        }
    }

    @Test func shortWindowTurnsAtItsBoundaryAndDailyKeepsCounting() async throws {
        try await SandboxWireClient.with({
            $0.rateLimitWindowSeconds = 900
            $0.rateLimitReadShort = 2
        }) { sandbox in
            // The next boundary is then 890 s away (real time may pass meanwhile), and no midnight comes 900 s later.
            sandbox.startAfterAQuarterHour()
            let token = sandbox.server.issueTokens().accessToken
            for _ in 0..<3 { _ = try await sandbox.get("/api/v3/athlete", token: token) }
            #expect(try await sandbox.get("/api/v3/athlete", token: token).status == 429)
            sandbox.clock.advance(by: 880)  // still inside the window
            #expect(try await sandbox.get("/api/v3/athlete", token: token).status == 429)
            sandbox.clock.advance(by: 20)  // :15 passed
            let fresh = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(fresh.status == 200)
            #expect(fresh.header("X-ReadRateLimit-Usage") == "1,6")
        }
    }

    @Test func dailyWindowTurnsAtMidnightUTC() async throws {
        try await SandboxWireClient.with { sandbox in
            let now = sandbox.clock.now.timeIntervalSince1970
            sandbox.clock.advance(by: (now / 86_400).rounded(.up) * 86_400 - now - 30)  // 23:59:30 UTC
            let token = sandbox.server.issueTokens().accessToken
            _ = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(try await sandbox.get("/api/v3/athlete", token: token).header("X-RateLimit-Usage") == "2,2")
            sandbox.clock.advance(by: 31)
            #expect(try await sandbox.get("/api/v3/athlete", token: token).header("X-RateLimit-Usage") == "1,1")
        }
    }

    @Test func shortRealWindowTurnsWhileWaiting() async throws {
        try await SandboxWireClient.with({
            $0.rateLimitWindowSeconds = 2
            $0.rateLimitReadShort = 1
        }) { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            var first = try await sandbox.get("/api/v3/athlete", token: token)
            var second = try await sandbox.get("/api/v3/athlete", token: token)
            // The two requests may straddle a boundary; then the pair is taken again inside one window.
            while second.status != 429 {
                first = second
                second = try await sandbox.get("/api/v3/athlete", token: token)
            }
            #expect(first.status == 200)
            let boundary = sandbox.server.stats().windowEndsAt
            while sandbox.clock.now < boundary {
                try await Task.sleep(for: .milliseconds(50))
            }
            let fresh = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(fresh.status == 200)
            #expect(fresh.header("X-ReadRateLimit-Usage")?.hasPrefix("1,") == true)
        }
    }

    @Test func everyAPIResponseCarriesTheHeaders() async throws {
        try await SandboxWireClient.with { sandbox in
            let replies = [
                try await sandbox.get("/api/v3/athlete"),
                try await sandbox.get("/api/v3/no/such/route"),
                try await sandbox.get("/api/v3/uploads/1"),
            ]
            for reply in replies {
                #expect(reply.header("x-ratelimit-limit") != nil)
                #expect(reply.header("x-ratelimit-usage") != nil)
                #expect(reply.header("x-readratelimit-limit") != nil)
                #expect(reply.header("x-readratelimit-usage") != nil)
            }
            #expect(replies[1].status == 404)
            #expect(replies[1].body == #"{"message":"Resource Not Found","errors":[]}"#)
        }
    }
}
