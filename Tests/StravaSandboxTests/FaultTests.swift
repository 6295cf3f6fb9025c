import AsyncHTTPClient
import Foundation
import TestSupport
import StravaSandbox
import Testing

@Suite("Faults", .timeLimit(.minutes(2)))
struct FaultTests {
    @Test func serverErrorsOccurAtTheConfiguredRate() async throws {
        var faults = InjectedFaults()
        faults.serverErrorRate = 0.25
        faults.seed = 7
        try await SandboxWireClient.with({ $0.faults = faults; $0.liftRateLimits() }) { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            var statuses: [Int: Int] = [:]
            for _ in 0..<400 {
                statuses[try await sandbox.get("/api/v3/athlete", token: token).status, default: 0] += 1
            }
            let errors = statuses.filter { $0.key >= 500 }.values.reduce(0, +)
            #expect((70...130).contains(errors), "\(statuses)")
            #expect(Set(statuses.keys).isSubset(of: [200, 500, 502, 503]))
            #expect(sandbox.server.stats().faultsInjected["server_error"] == errors)
        }
    }

    @Test func injectedServerErrorsCarryNoRateLimitHeadersAndDoNotCount() async throws {
        var faults = InjectedFaults()
        faults.serverErrorRate = 1
        try await SandboxWireClient.with({ $0.faults = faults }) { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            let failed = try await sandbox.get("/api/v3/athlete", token: token)
            #expect([500, 502, 503].contains(failed.status))
            #expect(failed.header("X-RateLimit-Usage") == nil)
            sandbox.server.setFaults(InjectedFaults())
            let next = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(next.header("X-RateLimit-Usage") == "1,1")
        }
    }

    @Test func droppedBeforeProcessingLeavesNoUpload() async throws {
        var faults = InjectedFaults()
        faults.droppedConnectionRate = 1
        try await SandboxWireClient.with({ $0.faults = faults }) { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            await #expect(throws: (any Error).self) {
                _ = try await sandbox.upload(SampleTrack.gpx(), token: token)
            }
            #expect(sandbox.server.stats().uploads == 0)
        }
    }

    @Test func sameSeedGivesTheSameFaults() async throws {
        var faults = InjectedFaults()
        faults.serverErrorRate = 0.3
        faults.seed = 99
        var runs: [[Int]] = []
        for _ in 0..<2 {
            let statuses = try await SandboxWireClient.with({ $0.faults = faults }) { sandbox in
                let token = sandbox.server.issueTokens().accessToken
                var statuses: [Int] = []
                for _ in 0..<40 { statuses.append(try await sandbox.get("/api/v3/athlete", token: token).status) }
                return statuses
            }
            runs.append(statuses)
        }
        #expect(runs[0] == runs[1])
        #expect(runs[0].contains { $0 >= 500 })
    }

    @Test func droppedConnectionsCloseWithoutAResponse() async throws {
        var faults = InjectedFaults()
        faults.droppedConnectionRate = 0.2
        faults.seed = 3
        try await SandboxWireClient.with({ $0.faults = faults; $0.liftRateLimits() }) { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            var dropped = 0
            var answered = 0
            for _ in 0..<400 {
                do {
                    let reply = try await sandbox.get("/api/v3/athlete", token: token)
                    #expect(reply.status == 200)
                    answered += 1
                } catch {
                    dropped += 1
                }
            }
            #expect((50...110).contains(dropped), "dropped \(dropped) of 400")
            #expect(sandbox.server.stats().faultsInjected["dropped_connection"] == dropped)
            #expect(answered + dropped == 400)
        }
    }

    @Test func dropAfterProcessingStillCreatesTheUpload() async throws {
        var faults = InjectedFaults()
        faults.droppedConnectionRate = 1
        faults.dropAfterProcessing = true
        try await SandboxWireClient.with({ $0.faults = faults }) { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            await #expect(throws: (any Error).self) {
                _ = try await sandbox.upload(SampleTrack.gpx(), token: token)
            }
            sandbox.server.setFaults(InjectedFaults())
            #expect(sandbox.server.stats().uploads == 1)
            #expect(sandbox.server.stats().requests(to: "POST /api/v3/uploads") == 1)
        }
    }

    @Test func burstGivesTheNextRequests429() async throws {
        try await SandboxWireClient.with { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            let set = try await sandbox.postJSON("/_sandbox/faults", #"{"rate_limit_burst": 2}"#)
            #expect(set.status == 200)
            #expect(try await sandbox.get("/api/v3/athlete", token: token).status == 429)
            #expect(try await sandbox.get("/api/v3/athlete", token: token).status == 429)
            #expect(try await sandbox.get("/api/v3/athlete", token: token).status == 200)
            #expect(sandbox.server.stats().rateLimited == 2)
        }
    }

    @Test func addedLatencyDelaysResponses() async throws {
        var faults = InjectedFaults()
        faults.addedLatencySeconds = 0.05
        try await SandboxWireClient.with({ $0.faults = faults }) { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            let reply = try await sandbox.get("/api/v3/athlete", token: token)
            #expect(reply.status == 200)
            #expect(sandbox.server.stats().faultsInjected["latency"] == 1)
        }
    }

    @Test func stuckUploadsNeverFinish() async throws {
        var faults = InjectedFaults()
        faults.stuckUploadRate = 1
        try await SandboxWireClient.with({ $0.faults = faults }) { sandbox in
            let token = sandbox.server.issueTokens().accessToken
            let posted = try await sandbox.upload(SampleTrack.gpx(), token: token)
            sandbox.clock.advance(by: 5 * 3600)
            let poll = try await sandbox.get("/api/v3/uploads/\(posted.json!["id_str"]!)", token: token)
            #expect(poll.json?["status"] as? String == "Your activity is still being processed.")
        }
    }

    @Test func revocationKillsEveryTokenOfTheAthlete() async throws {
        try await SandboxWireClient.with { sandbox in
            let first = try await sandbox.connect()
            let second = try await sandbox.connect()
            let revoke = try await sandbox.postJSON("/_sandbox/revoke", "{}")
            #expect(revoke.status == 200)
            #expect(revoke.json?["revoked"] as? Int == 4)
            #expect(try await sandbox.get("/api/v3/athlete", token: first.access).status == 401)
            #expect(try await sandbox.get("/api/v3/athlete", token: second.access).status == 401)
            #expect(try await sandbox.refresh(second.refresh).status == 400)
        }
    }
}
