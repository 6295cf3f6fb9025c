import Foundation
import TestSupport
import StravaKit
import StravaSandbox
import Testing
@testable import TrackDrop

@Suite("Pipeline against the in-process sandbox")
struct PipelineTests {
    @Test func uploadsAndAnswersWithSidecars() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(100)).write(to: harness.inbox.file("morning.gpx"))
            try ActivityFilesByStart.tcx(start: ActivityFilesByStart.start(101)).write(to: harness.inbox.file("evening.tcx"))
            let callsBefore = sandbox.apiCalls()
            let results = try await harness.runOnce(session: session)
            #expect(results.count == 2)
            let morning = try harness.sidecar("morning.gpx")
            #expect(morning.status == "uploaded")
            let activityID = try #require(morning.activityID)
            #expect(morning.activityURL == "https://www.strava.com/activities/\(activityID)")
            // The POST, plus the status check or activity listing this file paid for; a listing that settles
            // both files is counted once, on one of them.
            #expect(morning.apiCalls >= 1)
            #expect(morning.apiCalls + (try harness.sidecar("evening.tcx").apiCalls) == sandbox.apiCalls() - callsBefore)
            #expect(morning.track?.pointsIn == 240)
            #expect(try harness.sidecar("evening.tcx").status == "uploaded")
            let activities = sandbox.activities()
            #expect(activities.count == 2)
            #expect(Set(activities.map(\.id)).contains(activityID))
            #expect(Set(activities.map(\.externalID)).count == 2)
            // Nothing secret ever lands in a sidecar.
            let sidecarText = try String(contentsOf: harness.inbox.file("morning.gpx.result.json"), encoding: .utf8)
            let credentials = try String(contentsOf: sandbox.credentialsFile, encoding: .utf8)
            #expect(!sidecarText.contains(sandbox.settings.clientSecret))
            for token in CredentialTokens.tokens(in: credentials) { #expect(!sidecarText.contains(token)) }
        }
    }

    /// A burst of reflected signal that cleaning moved back onto the track is counted in the sidecar; a file
    /// without one says so with an empty count.
    @Test func aBurstCleaningTookOutIsCountedInTheSidecar() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { _, session in
            try SampleTrack.gpxWithBurst(start: ActivityFilesByStart.start(110)).write(to: harness.inbox.file("burst.gpx"))
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(111)).write(to: harness.inbox.file("plain.gpx"))
            _ = try await harness.runOnce(session: session)
            let burst = try harness.sidecar("burst.gpx")
            #expect(burst.status == "uploaded")
            let track = try #require(burst.track)
            #expect(track.corrected == ["bursts": 1])
            #expect(track.removed.isEmpty, "\(track.removed)")
            #expect(track.pointsOut == track.pointsIn)
            // Out 35 m and back adds about 70 m; cleaning takes it out again.
            #expect(track.distanceRawM - track.distanceM > 50, "\(track.distanceRawM) → \(track.distanceM)")
            #expect(try harness.sidecar("plain.gpx").track?.corrected == [:])
            let text = try String(contentsOf: harness.inbox.file("burst.gpx.result.json"), encoding: .utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect((object["track"] as? [String: Any])?["corrected"] as? [String: Int] == ["bursts": 1], "\(text)")
        }
    }

    @Test func invalidFilesAndLocalDuplicatesCostNoAPICall() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            let start = ActivityFilesByStart.start(200)
            try ActivityFilesByStart.gpx(start: start).write(to: harness.inbox.file("a-run.gpx"))
            try ActivityFilesByStart.gpx(start: start).write(to: harness.inbox.file("b-same-bytes.gpx"))
            try ActivityFilesByStart.tcx(start: start.addingTimeInterval(2)).write(to: harness.inbox.file("c-same-run.tcx"))
            try ActivityFilesByStart.gpx(start: start, timestamps: false).write(to: harness.inbox.file("d-no-times.gpx"))
            _ = try await harness.runOnce(session: session)
            let first = try harness.sidecar("a-run.gpx")
            #expect(first.status == "uploaded")
            let sameBytes = try harness.sidecar("b-same-bytes.gpx")
            #expect(sameBytes.status == "duplicate")
            #expect(sameBytes.activityID == first.activityID)
            #expect(sameBytes.apiCalls == 0)
            let sameRun = try harness.sidecar("c-same-run.tcx")
            #expect(sameRun.status == "duplicate")
            #expect(sameRun.activityID == first.activityID)
            #expect(sameRun.apiCalls == 0)
            let invalid = try harness.sidecar("d-no-times.gpx")
            #expect(invalid.status == "invalid")
            #expect(invalid.error?.isEmpty == false)
            #expect(invalid.apiCalls == 0)
            #expect(sandbox.activities().count == 1)
            #expect(sandbox.server.stats().uploads == 1)
        }
    }

    @Test func resumesEveryInFlightStateWithoutASecondUpload() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            // Three files, left by a "crash" in three different states.
            let names = ["posted-answer-lost.gpx", "submitted.gpx", "never-posted.gpx"]
            var entries: [LedgerEntry] = []
            for (index, name) in names.enumerated() {
                let url = harness.inbox.file(name)
                let data = ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(300 + index))
                try data.write(to: url)
                let stamp = try #require(FileSystem.stamp(url.path))
                var entry = LedgerEntry(path: url.path, sha256: try ContentHash.sha256(of: url), size: stamp.size, modifiedAt: stamp.modified, folder: nil)
                entry.normalizedPath = url.path
                entry.dataType = "gpx"
                entry.startTime = ActivityFilesByStart.start(300 + index)
                entry.duration = 239
                entry.submittingAt = Date().addingTimeInterval(-60)
                entries.append(try harness.ledger.insert(entry))
            }
            func request(_ entry: LedgerEntry) throws -> UploadRequest {
                UploadRequest(fileName: entry.fileName, data: try Data(contentsOf: entry.url), dataType: "gpx", externalID: entry.externalID)
            }
            // 1: the POST reached Strava but the answer was lost: the row still says `submitting`.
            _ = try await session.submit(request(entries[0]))
            entries[0].state = .submitting
            try harness.ledger.save(entries[0], from: .discovered)
            // 2: accepted and recorded: `submitted` with its upload id.
            guard case .accepted(let uploadID) = try await session.submit(request(entries[1])) else {
                Issue.record("the sandbox settled an upload at once")
                return
            }
            entries[1].state = .submitted
            entries[1].uploadID = uploadID.value
            try harness.ledger.save(entries[1], from: .discovered)
            // 3: crashed right after committing `submitting`, before the POST.
            entries[2].state = .submitting
            try harness.ledger.save(entries[2], from: .discovered)
            // Let Strava finish processing the first one, so the look-up can see it.
            _ = try await session.resolve([uploadID])
            let uploadsBefore = sandbox.server.stats().uploads

            let results = try await harness.runOnce(session: session)
            #expect(results.count == 3)
            for name in names {
                #expect(try harness.sidecar(name).status == "uploaded", "\(name)")
            }
            // Only the never-posted file was sent again.
            #expect(sandbox.server.stats().uploads == uploadsBefore + 1)
            let activities = sandbox.activities()
            #expect(activities.count == 3)
            // Strava appends the file extension to the external id it stores.
            for entry in entries {
                #expect(activities.filter { $0.externalID.hasPrefix(entry.externalID) }.count == 1, "\(entry.fileName)")
            }
        }
    }

    @Test func watchingUploadsAFileDroppedLater() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            let (events, running, _) = harness.watch(session: session, settleSeconds: 0.2)
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(400)).write(to: harness.inbox.file("dropped.gpx"))
            var finished: LedgerEntry?
            for await event in events {
                if case .finished(let entry) = event {
                    finished = entry
                    break
                }
            }
            running.cancel()
            _ = await running.result
            #expect(finished?.status == .uploaded)
            #expect(try harness.sidecar("dropped.gpx").status == "uploaded")
            #expect(sandbox.activities().count == 1)
        }
    }

    @Test(.timeLimit(.minutes(2))) func anUploadStravaNeverFinishesHoldsBackNoOther() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            let (events, running, _) = harness.watch(session: session, settleSeconds: 0.1)
            var stuckFaults = InjectedFaults()
            stuckFaults.stuckUploadRate = 1
            sandbox.server.setFaults(stuckFaults)
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(500)).write(to: harness.inbox.file("stuck.gpx"))
            var finished: [String: LedgerEntry] = [:]
            for await event in events {
                switch event {
                case .submitted(let entry) where entry.fileName == "stuck.gpx":
                    // Strava now processes uploads normally again; the first one stays stuck.
                    sandbox.server.setFaults(InjectedFaults())
                    try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(501)).write(to: harness.inbox.file("later.gpx"))
                    try ActivityFilesByStart.tcx(start: ActivityFilesByStart.start(502)).write(to: harness.inbox.file("later.tcx"))
                case .finished(let entry):
                    finished[entry.fileName] = entry
                default:
                    break
                }
                if finished.count == 2 { break }
            }
            running.cancel()
            _ = await running.result
            #expect(Set(finished.keys) == ["later.gpx", "later.tcx"])
            #expect(try harness.sidecar("later.gpx").status == "uploaded")
            #expect(try harness.sidecar("later.tcx").status == "uploaded")
            #expect(try harness.sidecar("stuck.gpx").status == "pending")
            let stuck = try #require(try harness.ledger.entries(in: [.submitted]).first)
            #expect(stuck.fileName == "stuck.gpx")
            #expect(sandbox.server.stats().uploads == 3)
            #expect(sandbox.activities().count == 2)
        }
    }

    @Test(.timeLimit(.minutes(2))) func aOneShotRunLeavesAStuckUploadPendingAndTheNextRunDoesNotSendItAgain() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        var faults = InjectedFaults()
        faults.stuckUploadRate = 1
        try await SandboxHarness.withSession({ $0.faults = faults }) { sandbox, session in
            let start = ActivityFilesByStart.start(600)
            try ActivityFilesByStart.gpx(start: start).write(to: harness.inbox.file("a-stuck.gpx"))
            // The same run exported again: it waits behind the first rather than being sent beside it.
            try ActivityFilesByStart.tcx(start: start.addingTimeInterval(2)).write(to: harness.inbox.file("b-same-run.tcx"))
            for run in 1...2 {
                let began = Date()
                let results = try await harness.runOnce(session: session, processingWaitLimit: 2)
                #expect(Date().timeIntervalSince(began) < 60, "run \(run) stopped waiting")
                let byName = Dictionary(results.map { ($0.fileName, $0) }, uniquingKeysWith: { $1 })
                #expect(byName["a-stuck.gpx"]?.state == .submitted, "run \(run)")
                #expect(byName["b-same-run.tcx"]?.state == .normalized, "run \(run)")
                let table = ResultTable.render(results)
                #expect(table.contains("processing"), "run \(run)")
                #expect(table.contains("Strava is still processing upload \(byName["a-stuck.gpx"]?.uploadID ?? -1)"), "run \(run)")
                #expect(table.contains("queued"), "run \(run)")
                let pending = try harness.sidecar("a-stuck.gpx")
                #expect(pending.status == "pending")
                // The sidecar, the result table and `status` say why it is not final.
                #expect(pending.waiting?.hasPrefix("Strava is still processing upload \(byName["a-stuck.gpx"]?.uploadID ?? -1) after 2 s") == true)
                let status = try StatusReport.gather(paths: harness.paths)
                #expect(status.waiting.contains { $0.hasSuffix("a-stuck.gpx: " + (pending.waiting ?? "-")) }, "\(status.waiting)")
                #expect(sandbox.server.stats().uploads == 1, "run \(run): nothing is sent twice")
            }
            #expect(sandbox.activities().isEmpty)
        }
    }

    /// The POST's answer was lost and every look-up fails: a one-shot run stops asking after a bounded number of
    /// tries, ends, sends nothing, and leaves the file `submitting` with a pending sidecar that says why.
    @Test(.timeLimit(.minutes(2))) func aOneShotRunThatCannotLookUpALostUploadEndsAndSaysWhy() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            let (_, inserted) = try harness.sentEntry("lost-answer.gpx", start: ActivityFilesByStart.start(960))
            var entry = inserted
            entry.state = .submitting
            try harness.ledger.save(entry, from: .discovered)
            var failing = InjectedFaults()
            failing.serverErrorRate = 1
            sandbox.server.setFaults(failing)

            // Each look-up gives up after two quick attempts here (eight, up to 8 s apart, by default).
            var settings = sandbox.settings
            settings.retry = RetryPolicy(initialDelay: 0.01, maximumDelay: 0.02, maximumAttempts: 2)
            let failingSession = try StravaSession(settings: settings, credentialsFile: sandbox.credentialsFile, logger: SandboxHarness.quietLogger)
            let results = try await harness.runOnce(session: failingSession, lookUpRetryWait: 0.05)
            try await failingSession.shutdown()
            let left = try #require(results.first { $0.fileName == "lost-answer.gpx" })
            #expect(left.state == .submitting)
            let reason = try #require(left.waitingReason)
            #expect(reason.contains("could not be asked whether it arrived") && reason.contains("\(Pipeline.lookUpAttemptLimit) tries"), "\(reason)")
            let sidecar = try harness.sidecar("lost-answer.gpx")
            #expect(sidecar.status == "pending")
            #expect(sidecar.waiting == reason)
            #expect(ResultTable.render(results).contains("could not be asked whether it arrived"))
            #expect(sandbox.server.stats().uploads == 0, "nothing was sent while its first upload may exist")
            let listings = sandbox.server.stats().requests(to: "GET /api/v3/athlete/activities")
            #expect(listings == Pipeline.lookUpAttemptLimit * 2, "\(listings) listings")

            // Strava answers again: the next run finds nothing, sends it once, and the sidecar becomes final.
            sandbox.server.setFaults(InjectedFaults())
            _ = try await harness.runOnce(session: session, lookUpRetryWait: 0.05)
            let final = try harness.sidecar("lost-answer.gpx")
            #expect(final.status == "uploaded")
            #expect(final.waiting == nil)
            #expect(sandbox.activities().count == 1)
        }
    }

    /// A long recording is sent gzipped: its normalized GPX (over 4 MiB) goes as `gpx.gz`, a tenth of the size,
    /// and Strava (the sandbox, which reads it) makes the activity. A file Strava refuses as too large (413)
    /// is `rejected` with a reason that says so, not "no details".
    @Test(.timeLimit(.minutes(2))) func aLongRecordingIsSentGzippedAndATooLargeOneIsRejectedWithItsReason() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession({ $0.maxUploadBytes = 2 * 1024 * 1024 }) { sandbox, session in
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(980), points: 60_000).write(to: harness.inbox.file("long.gpx"))
            let results = try await harness.runOnce(session: session)
            let long = try #require(results.first { $0.fileName == "long.gpx" })
            #expect(long.dataType == "gpx.gz")
            let copy = try #require(long.normalizedPath.flatMap { FileManager.default.contents(atPath: $0) })
            #expect(copy.starts(with: [0x1F, 0x8B]) && copy.count < 2 * 1024 * 1024, "\(copy.count) bytes")
            let longSidecar = try harness.sidecar("long.gpx")
            #expect(longSidecar.status == "uploaded", "\(longSidecar.error ?? "")")
            #expect(sandbox.activities().count == 1)

            // Below the gzip threshold but above this sandbox's limit: Strava's 413.
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(981), points: 30_000).write(to: harness.inbox.file("big.gpx"))
            _ = try await harness.runOnce(session: session)
            let big = try harness.sidecar("big.gpx")
            #expect(big.status == "rejected")
            #expect(big.error?.contains("too large (HTTP 413") == true, "\(big.error ?? "")")
        }
    }
}
