import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

/// Strava's API moves to its own host in 2027: the default base is chosen by date, tried against both
/// layouts of the sandbox with an injected clock.
@Suite("API base chosen by date", .timeLimit(.minutes(2)))
struct APIBaseTests {
    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static let newHost = URL(string: "https://api-v3.strava.com")!
    static let oldBase = URL(string: "https://www.strava.com/api/v3")!

    @Test func theDecisionIsAFunctionOfTheDateAndWhatWasRemembered() {
        let schedule = APIBaseSchedule()
        #expect(schedule.decide(now: Self.date("2027-01-03T23:59:59Z"), remembered: nil) == .use(Self.oldBase, .beforeNewHost))
        #expect(schedule.decide(now: Self.date("2027-01-04T00:00:00Z"), remembered: nil) == .probe(newBase: Self.newHost, fallback: Self.oldBase))
        #expect(schedule.decide(now: Self.date("2027-05-31T23:59:59Z"), remembered: nil) == .probe(newBase: Self.newHost, fallback: Self.oldBase))
        #expect(schedule.decide(now: Self.date("2027-06-01T00:00:00Z"), remembered: nil) == .use(Self.newHost, .legacyRetired))
        let checked = Self.date("2027-02-01T10:00:00Z")
        let answered = APIBaseMemory(newBase: Self.newHost.absoluteString, newBaseAnswered: true, checkedAt: checked)
        let silent = APIBaseMemory(newBase: Self.newHost.absoluteString, newBaseAnswered: false, checkedAt: checked)
        #expect(schedule.decide(now: checked.addingTimeInterval(60), remembered: answered) == .use(Self.newHost, .newHostAnswered))
        #expect(schedule.decide(now: checked.addingTimeInterval(60), remembered: silent) == .use(Self.oldBase, .newHostSilent))
        #expect(schedule.decide(now: checked.addingTimeInterval(86_401), remembered: silent) == .probe(newBase: Self.newHost, fallback: Self.oldBase))
        // A remembered "did not answer" does not outlive the old base.
        #expect(schedule.decide(now: Self.date("2027-06-01T00:00:01Z"), remembered: silent) == .use(Self.newHost, .legacyRetired))
        // Remembered about another host: asked again.
        let other = APIBaseMemory(newBase: "http://127.0.0.1:1", newBaseAnswered: true, checkedAt: checked)
        #expect(schedule.decide(now: checked.addingTimeInterval(60), remembered: other) == .probe(newBase: Self.newHost, fallback: Self.oldBase))
    }

    /// Uploads one file through a session whose API base follows `schedule`, and waits for the activity.
    static func uploadOne(_ harness: SandboxHarness, schedule: APIBaseSchedule, index: Int) async throws -> UploadOutcome {
        let session = try harness.session(settings: harness.settings(apiBase: .automatic(schedule)))
        do {
            let outcome: UploadOutcome
            switch try await session.submit(ActivityFilesByIndex.request(index: index)) {
            case .settled(let settled): outcome = settled
            case .accepted(let id): outcome = try #require(try await session.resolve([id])[id]).outcome
            }
            try await session.shutdown()
            return outcome
        } catch {
            try? await session.shutdown()
            throw error
        }
    }

    func schedule(_ harness: SandboxHarness, newBase: URL? = nil, now: Date, memory: URL? = nil) -> APIBaseSchedule {
        APIBaseSchedule(
            newBase: newBase ?? harness.rootAPI, legacyBase: harness.legacyAPI, memoryFile: memory, clock: { now })
    }

    @Test func beforeFourthOfJanuaryUploadsUseTodaysLayout() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0 }
        try await harness.scoped {
            try await harness.login()
            let outcome = try await Self.uploadOne(harness, schedule: schedule(harness, now: Self.date("2027-01-03T12:00:00Z")), index: 1)
            guard case .uploaded = outcome else { Issue.record("not uploaded: \(outcome)"); return }
            let stats = harness.stats()
            #expect(stats.requests(to: "POST /api/v3/uploads") == 1)
            #expect(stats.requests(to: "POST /uploads") == 0)
            #expect(stats.requests(to: "GET /athlete") == 0, "nothing asks the new host before it opens")
        }
    }

    @Test func fromFirstOfJuneUploadsUseTheNewHostsLayout() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0 }
        try await harness.scoped {
            try await harness.login()
            let outcome = try await Self.uploadOne(harness, schedule: schedule(harness, now: Self.date("2027-06-01T00:00:01Z")), index: 2)
            guard case .uploaded = outcome else { Issue.record("not uploaded: \(outcome)"); return }
            let stats = harness.stats()
            #expect(stats.requests(to: "POST /uploads") == 1)
            #expect(stats.requests(to: "POST /api/v3/uploads") == 0)
            #expect(stats.requests.keys.filter { $0.contains("/api/v3/") && !$0.contains("oauth") }.isEmpty, "\(stats.requests)")
        }
    }

    @Test func betweenTheDatesTheNewHostIsAskedOnceAndRemembered() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0 }
        try await harness.scoped {
            try await harness.login()
            let memory = harness.folder.appendingPathComponent("state/api-base.json")
            let now = Self.date("2027-02-01T09:00:00Z")
            _ = try await Self.uploadOne(harness, schedule: schedule(harness, now: now, memory: memory), index: 3)
            #expect(harness.stats().requests(to: "GET /athlete") == 1, "one question to the new host")
            #expect(harness.stats().requests(to: "POST /uploads") == 1)
            let remembered = try #require(APIBaseMemory.load(from: memory))
            #expect(remembered.newBaseAnswered)
            #expect(remembered.newBase == harness.rootAPI.absoluteString)
            // The next run (a new session, a new process) trusts the state folder.
            _ = try await Self.uploadOne(harness, schedule: schedule(harness, now: now.addingTimeInterval(3600), memory: memory), index: 4)
            #expect(harness.stats().requests(to: "GET /athlete") == 1)
            #expect(harness.stats().requests(to: "POST /uploads") == 2)
        }
    }

    @Test func whenTheNewHostDoesNotAnswerTheOldBaseIsUsedAndRemembered() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0 }
        try await harness.scoped {
            try await harness.login()
            // A host that does not answer: a sandbox that was started and stopped again.
            let gone = StravaSandboxServer()
            let silentHost = try await gone.start()
            await gone.stop()
            let memory = harness.folder.appendingPathComponent("state/api-base.json")
            let now = Self.date("2027-03-01T09:00:00Z")
            let first = try await Self.uploadOne(harness, schedule: schedule(harness, newBase: silentHost, now: now, memory: memory), index: 5)
            guard case .uploaded = first else { Issue.record("not uploaded: \(first)"); return }
            #expect(harness.stats().requests(to: "POST /api/v3/uploads") == 1)
            let remembered = try #require(APIBaseMemory.load(from: memory))
            #expect(!remembered.newBaseAnswered)
            #expect(remembered.checkedAt == now)
            // Within a day the remembered answer stands: nothing is asked, the old base is used.
            _ = try await Self.uploadOne(harness, schedule: schedule(harness, newBase: silentHost, now: now.addingTimeInterval(600), memory: memory), index: 6)
            #expect(try #require(APIBaseMemory.load(from: memory)).checkedAt == now)
            #expect(harness.stats().requests(to: "POST /api/v3/uploads") == 2)
            // A day later the new host is asked again.
            let later = now.addingTimeInterval(86_400 + 60)
            _ = try await Self.uploadOne(harness, schedule: schedule(harness, newBase: silentHost, now: later, memory: memory), index: 7)
            #expect(try #require(APIBaseMemory.load(from: memory)).checkedAt == later)
            #expect(harness.stats().requests(to: "POST /api/v3/uploads") == 3)
            #expect(harness.stats().requests(to: "POST /uploads") == 0)
        }
    }
}
