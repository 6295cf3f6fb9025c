import AsyncHTTPClient
import Foundation
import TestSupport
import Synchronization
import StravaSandbox
import Testing
@testable import StravaKit

/// API calls per file and rate-limit drain, from the sandbox's own counters. Prints `BENCH` lines
/// that `Benchmarks/api-calls.sh` collects; skipped unless `TRACKDROP_BENCH=1`. A benchmark, not a
/// test: it asserts only that the runs completed.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TRACKDROP_BENCH"] == "1"))
struct APICallsBenchmark {
    static func report(_ line: String) { print("BENCH \(line)") }

    static var singleFiles: Int { Int(ProcessInfo.processInfo.environment["BENCH_SINGLE_FILES"] ?? "") ?? 30 }
    static var backlogFiles: Int { Int(ProcessInfo.processInfo.environment["BENCH_BACKLOG_FILES"] ?? "") ?? 200 }

    /// One file dropped at a time (the daemon's everyday case), default processing delays.
    @Test func singleFiles() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            var calls: [Int] = []
            var latencies: [Double] = []
            for index in 0..<Self.singleFiles {
                let started = Date()
                let results = try await UploadTests.uploadAll([ActivityFilesByIndex.request(index: index)], session: session)
                latencies.append(Date().timeIntervalSince(started))
                calls.append(try #require(results.values.first).apiCalls)
            }
            try await session.shutdown()
            let stats = harness.stats()
            let total = harness.apiCalls()
            Self.report("single files=\(calls.count) api_calls=\(total) per_file=\(Self.f(Double(total) / Double(calls.count))) "
                + "first_file=\(calls[0]) max=\(calls.max() ?? 0) two_or_less=\(calls.filter { $0 <= 2 }.count) "
                + "status_checks=\(stats.requests(to: "GET /api/v3/uploads/{id}")) 429s=\(stats.rateLimited) "
                + "mean_latency_s=\(Self.f(latencies.reduce(0, +) / Double(latencies.count)))")
            #expect(calls.count == Self.singleFiles)
        }
    }

    /// A backlog submitted at once (the first run over a full watch), default processing delays.
    /// Strava's default 200 requests per 15 minutes cannot carry 200 uploads plus any check in one
    /// window, so the limits are raised (600/6000, read 300/3000, as older Strava apps have).
    @Test func backlog() async throws {
        let harness = try await SandboxHarness.start {
            $0.rateLimitOverallShort = 600
            $0.rateLimitOverallDaily = 6000
            $0.rateLimitReadShort = 300
            $0.rateLimitReadDaily = 3000
        }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let count = Self.backlogFiles
            let started = Date()
            let results = try await UploadTests.uploadAll(
                (0..<count).map { ActivityFilesByIndex.request(index: 1000 + $0) }, session: session, concurrency: 8)
            let elapsed = Date().timeIntervalSince(started)
            try await session.shutdown()
            let stats = harness.stats()
            let total = harness.apiCalls()
            let uploaded = results.values.filter { if case .uploaded = $0.outcome { true } else { false } }.count
            Self.report("backlog files=\(count) uploaded=\(uploaded) api_calls=\(total) per_file=\(Self.f(Double(total) / Double(count))) "
                + "posts=\(stats.requests(to: "POST /api/v3/uploads")) listings=\(stats.requests(to: "GET /api/v3/athlete/activities")) "
                + "status_checks=\(stats.requests(to: "GET /api/v3/uploads/{id}")) 429s=\(stats.rateLimited) seconds=\(Self.f(elapsed))")
            #expect(results.count == count)
        }
    }

    /// A backlog bounded by the rate limit: 20 requests per 2-second window (read 10). A sampler
    /// reads the sandbox's usage of each window just before it turns; utilization is the share of
    /// the overall budget spent in the windows that passed while the backlog was still being submitted.
    @Test func rateLimitedDrain() async throws {
        let window = 2.0
        let limit = 20
        let harness = try await SandboxHarness.start {
            $0.rateLimitOverallShort = limit
            $0.rateLimitReadShort = limit / 2
            $0.rateLimitOverallDaily = 100_000
            $0.rateLimitReadDaily = 100_000
            $0.rateLimitWindowSeconds = window
            $0.rateLimitDailySeconds = window * 96
        }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            // Start at a window turn so that the first window is a whole one.
            let now = Date().timeIntervalSince1970
            let firstTurn = (now / window).rounded(.down) * window + window
            try await Task.sleep(for: .milliseconds(Int64((firstTurn - now) * 1000) + 2))
            let server = harness.server
            let sampler = Task { () -> [Int] in
                var usage: [Int] = []
                var k = 1.0
                while !Task.isCancelled {
                    let sampleAt = firstTurn + k * window - 0.05
                    let wait = sampleAt - Date().timeIntervalSince1970
                    if wait > 0 { try? await Task.sleep(for: .milliseconds(Int64(wait * 1000))) }
                    if Task.isCancelled { break }
                    usage.append(server.stats().overall.shortUsage)
                    k += 1
                }
                return usage
            }
            let count = Int(ProcessInfo.processInfo.environment["BENCH_DRAIN_FILES"] ?? "") ?? 150
            let requests = (0..<count).map { ActivityFilesByIndex.request(index: 5000 + $0) }
            let lastSubmit = LastSubmit()
            let results = try await Self.uploadAllRecordingSubmits(requests, session: session, lastSubmit: lastSubmit)
            let finished = Date()
            sampler.cancel()
            let usage = await sampler.value
            try await session.shutdown()
            let stats = harness.stats()
            let total = harness.apiCalls()
            let submittedBy = lastSubmit.value.timeIntervalSince1970
            let fullWindows = min(usage.count, Int(((submittedBy - firstTurn) / window).rounded(.down)))
            let spent = usage.prefix(fullWindows).reduce(0, +)
            let utilization = fullWindows > 0 ? Double(spent) / Double(limit * fullWindows) : 0
            Self.report("drain files=\(count) window_s=\(window) limit=\(limit)/\(limit / 2) api_calls=\(total) "
                + "per_file=\(Self.f(Double(total) / Double(count))) full_windows=\(fullWindows) spent=\(spent) "
                + "utilization=\(Self.f(utilization * 100))% usage_per_window=\(usage.map(String.init).joined(separator: ",")) "
                + "429s=\(stats.rateLimited) submit_seconds=\(Self.f(submittedBy - firstTurn)) seconds=\(Self.f(finished.timeIntervalSince1970 - firstTurn))")
            #expect(results.count == count)
        }
    }

    static func uploadAllRecordingSubmits(
        _ requests: [UploadRequest], session: StravaSession, lastSubmit: LastSubmit
    ) async throws -> [String: ResolvedUpload] {
        let limiter = TaskLimiter(slots: 8)
        return try await withThrowingTaskGroup(of: (String, ResolvedUpload).self) { group in
            for request in requests {
                group.addTask {
                    await limiter.acquire()
                    let submission = try await session.submit(request)
                    lastSubmit.mark()
                    await limiter.release()
                    let posts = await session.apiCallsForSubmission(externalID: request.externalID) ?? 0
                    switch submission {
                    case .accepted(let id):
                        var resolved = try #require(try await session.resolve([id])[id])
                        resolved.apiCalls += posts
                        return (request.externalID, resolved)
                    case .settled(let outcome): return (request.externalID, ResolvedUpload(outcome: outcome, apiCalls: posts))
                    }
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
    }

    /// stravalib's pattern against the same sandbox: POST, a status check every second until the
    /// activity exists, then one GET of the activity.
    @Test func stravalibPattern() async throws {
        let harness = try await SandboxHarness.start {
            $0.rateLimitOverallShort = 600
            $0.rateLimitOverallDaily = 6000
            $0.rateLimitReadShort = 300
            $0.rateLimitReadDaily = 3000
        }
        try await harness.scoped {
            let token = harness.server.issueTokens().accessToken
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            var perFile: [Int] = []
            for index in 0..<Self.singleFiles {
                perFile.append(try await StravalibPattern.upload(index: index, token: token, baseURL: harness.baseURL, client: client))
            }
            try await client.shutdown()
            let stats = harness.stats()
            let total = harness.apiCalls()
            Self.report("stravalib files=\(perFile.count) api_calls=\(total) per_file=\(Self.f(Double(total) / Double(perFile.count))) "
                + "max=\(perFile.max() ?? 0) 429s=\(stats.rateLimited)")
            #expect(perFile.count == Self.singleFiles)
        }
    }

    static func f(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// What stravalib's `upload_activity(...).wait()` does, call for call.
enum StravalibPattern {
    static func upload(index: Int, token: String, baseURL: URL, client: HTTPClient) async throws -> Int {
        let upload = ActivityFilesByIndex.request(index: index).apiRequest()
        var calls = 0
        var request = HTTPClientRequest(url: baseURL.absoluteString + "/api/v3/uploads")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: try #require(upload.contentType))
        request.body = .bytes(try #require(upload.body))
        let posted = try await json(client.execute(request, timeout: .seconds(30)))
        calls += 1
        let id = try #require(posted["id_str"] as? String)
        while true {
            try await Task.sleep(for: .seconds(1))
            var poll = HTTPClientRequest(url: baseURL.absoluteString + "/api/v3/uploads/\(id)")
            poll.headers.add(name: "Authorization", value: "Bearer \(token)")
            let status = try await json(client.execute(poll, timeout: .seconds(30)))
            calls += 1
            if let activity = status["activity_id"] as? Int64 ?? (status["activity_id"] as? NSNumber)?.int64Value {
                var get = HTTPClientRequest(url: baseURL.absoluteString + "/api/v3/activities/\(activity)")
                get.headers.add(name: "Authorization", value: "Bearer \(token)")
                _ = try await json(client.execute(get, timeout: .seconds(30)))
                calls += 1
                return calls
            }
            if let error = status["error"] as? String, !error.isEmpty { return calls }
        }
    }

    static func json(_ response: HTTPClientResponse) async throws -> [String: Any] {
        let body = try await response.body.collect(upTo: 1 << 22)
        return (try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]) ?? [:]
    }
}

/// The time of the latest submission, set from many tasks.
final class LastSubmit: Sendable {
    private let stored = Mutex(Date.distantPast)
    var value: Date { stored.withLock { $0 } }
    func mark() { stored.withLock { $0 = max($0, Date()) } }
}
