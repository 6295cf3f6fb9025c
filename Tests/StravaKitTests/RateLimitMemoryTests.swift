import Foundation
import TestSupport
import Logging
import Testing
@testable import StravaKit

/// The rate-limit gate keeps what it last knew in the state folder, so that a restarted process starts from it
/// instead of from nothing and does not spend into a 429.
@Suite struct RateLimitMemoryTests {
    static func stateFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ratelimit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("rate-limit.json")
    }

    static let logger = Logger(label: "trackdrop.test.ratelimit")

    @Test func aRestartedGateKnowsTheUsageAndWaitsForTheWindow() async throws {
        let began = Date()
        let file = try Self.stateFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let first = RateLimitGate(windowLength: 900, dayLength: 86_400, seed: nil, stateFile: file, logger: Self.logger)
        let ticket = try await first.acquire(.overallAndRead)
        // Another client of the app has spent the window: 5 of 5.
        await first.complete(
            ticket,
            headers: RateLimitHeaders(
                overallLimit: .init(shortTerm: 5, daily: 1_000), overallUsage: .init(shortTerm: 5, daily: 40),
                readLimit: .init(shortTerm: 5, daily: 1_000), readUsage: .init(shortTerm: 5, daily: 40)),
            status: 200)
        #expect(FileManager.default.fileExists(atPath: file.path))

        // A new process (the first one was killed) starts from the file, not from nothing.
        let restarted = RateLimitGate(windowLength: 900, dayLength: 86_400, seed: nil, stateFile: file, logger: Self.logger)
        #expect(restarted.status.overallUsage == .init(shortTerm: 5, daily: 40))
        #expect(restarted.status.overallLimit == .init(shortTerm: 5, daily: 1_000))
        let waiting = Task { try await restarted.acquire(.overallAndRead) }
        defer { waiting.cancel() }
        for _ in 0..<500 where restarted.status.waitingUntil == nil {
            try await Task.sleep(for: .milliseconds(10))
        }
        // Strava's windows turn at every quarter hour: a test that straddles one rightly finds a fresh window.
        let windowTurned = (began.timeIntervalSince1970 / 900).rounded(.down) != (Date().timeIntervalSince1970 / 900).rounded(.down)
        guard !windowTurned else { return }
        let until = try #require(restarted.status.waitingUntil, "the restarted gate sent into a spent window")
        #expect(until > Date())
    }

    @Test func aPauseAfterA429OutlivesTheProcess() async throws {
        let file = try Self.stateFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let first = RateLimitGate(windowLength: 900, dayLength: 86_400, seed: nil, stateFile: file, logger: Self.logger)
        let ticket = try await first.acquire(.overallOnly)
        await first.complete(ticket, headers: nil, status: 429)
        let restarted = RateLimitGate(windowLength: 900, dayLength: 86_400, seed: nil, stateFile: file, logger: Self.logger)
        let paused = try #require(restarted.status.pausedUntil)
        #expect(paused > Date())
    }
}
