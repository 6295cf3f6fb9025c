import Foundation
import StravaKit

extension Pipeline {
    /// One pass over every entry that still needs normalizing, sending or recovering. Returns whether anything moved.
    func processPending() async throws -> Bool {
        var progressed = false
        let now = Date()
        notBefore = notBefore.filter { $0.value > now }
        let open = try ledger.entries(in: [.discovered, .normalized, .submitting])
        // A file whose read died with the process goes after every other one: a restart answers the rest first.
        for listed in open.filter({ $0.crashedReads == 0 }) + open.filter({ $0.crashedReads > 0 }) {
            try Task.checkCancellation()
            guard let id = listed.id, !parked.contains(id), !deferred.contains(id), notBefore[id] == nil,
                  !gaveUpLookUp.contains(id)
            else { continue }
            guard let entry = try ownEntry(listed) else { continue }
            do {
                if try await advance(entry) { progressed = true }
            } catch let conflict as LedgerConflict {
                // Another process moved the row first: the next pass reads it afresh.
                logger.debug("\(conflict)")
                progressed = true
            }
        }
        return progressed
    }

    /// Moves one entry as far as it can go now; true when its state changed.
    private func advance(_ start: LedgerEntry) async throws -> Bool {
        var entry = start
        if entry.state == .discovered {
            guard let normalized = try normalize(entry) else { return true }
            entry = normalized
            if entry.state == .done { return true }
        }
        if entry.state == .submitting {
            guard let recovered = try await recoverUnknownPost(entry) else { return entry != start }
            entry = recovered
            if entry.state == .done { return true }
        }
        if entry.state == .normalized {
            if let resolved = try resolveLocally(entry) {
                return resolved || entry != start
            }
            guard pauseReason == nil else { return entry != start }
            try await submit(entry)
            return true
        }
        return entry != start
    }

    /// Look-ups of a lost upload a one-shot run tries before it leaves the file `submitting` for a later run.
    static let lookUpAttemptLimit = 4

    /// Two files are the same activity when they start within this many seconds of each other…
    static let sameActivityStartWindow: TimeInterval = 60
    /// …and their durations differ by at most this fraction of the longer one (a watch's and a phone's
    /// recording of one run: same start, a few seconds' difference at the end).
    static let sameActivityDurationTolerance = 0.1

    /// Local duplicates cost no API call. Returns true when finished as a duplicate, false when parked behind an
    /// earlier entry still in flight, nil when it must be sent.
    private func resolveLocally(_ entry: LedgerEntry) throws -> Bool? {
        let id = entry.id!
        var earlier = try ledger.entries(sha256: entry.sha256, excluding: id)
        if let start = entry.startTime {
            earlier += try ledger.entries(startingNear: start, window: Self.sameActivityStartWindow, excluding: id).filter { other in
                guard let mine = entry.duration, let theirs = other.duration, max(mine, theirs) > 0 else { return false }
                return abs(mine - theirs) <= Self.sameActivityDurationTolerance * max(mine, theirs)
            }
        }
        if let known = earlier.first(where: { $0.state == .done && $0.activityID != nil && ($0.status == .uploaded || $0.status == .duplicate) }) {
            var entry = entry
            entry.activityID = known.activityID
            entry.error = nil
            logger.info("\(entry.fileName) is the same activity as \(known.fileName) (activity \(known.activityID!)); not sent")
            _ = try finish(entry, status: .duplicate)
            return true
        }
        if let blocker = earlier.first(where: { $0.id! < id && [.normalized, .submitting, .submitted].contains($0.state) }) {
            if ownedElsewhere(blocker) {
                // Another process sends the earlier one: look again shortly.
                notBefore[id] = Date().addingTimeInterval(1)
            } else {
                parked.insert(id)
            }
            return false
        }
        return nil
    }

    /// normalized → submitting (committed) → POST → submitted(upload_id) or done.
    private func submit(_ start: LedgerEntry) async throws {
        var entry = start
        guard let normalizedPath = entry.normalizedPath, let data = FileManager.default.contents(atPath: normalizedPath) else {
            // The normalized copy is gone (state folder cleaned): normalize again.
            entry.state = .discovered
            try ledger.save(entry, from: .normalized)
            return
        }
        entry.state = .submitting
        entry.submittingAt = Date()
        entry = try ledger.save(entry, from: .normalized)
        let request = UploadRequest(
            fileName: entry.fileName, data: data, dataType: entry.dataType ?? "gpx", externalID: entry.externalID,
            name: entry.uploadName, description: entry.activityDescription, sportType: entry.sportType,
            trainer: entry.trainer, commute: entry.commute, startTime: entry.startTime
        )
        let submission: UploadSubmission
        logger.debug("sending \(entry.fileName)", metadata: ["file": "\(entry.path)"])
        do {
            submission = try await session.submit(request)
        } catch let error as StravaError {
            try handleSubmitFailure(error, entry: entry)
            return
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.warning("sending \(entry.fileName) failed (\(error)); will look it up before sending again")
            notBefore[entry.id!] = Date().addingTimeInterval(options.lookUpDelay)
            return
        }
        entry.apiCalls += 1
        switch submission {
        case .accepted(let uploadID):
            entry.uploadID = uploadID.value
            entry.state = .submitted
            entry.waitingReason = nil
            entry = try ledger.save(entry, from: .submitting)
            if writeSidecar(&entry) { entry = try ledger.save(entry, from: .submitted) }
            logger.info("sent \(entry.fileName) (upload \(uploadID))")
            emit(.submitted(entry))
            resolverWake.signal()
        case .settled(let outcome):
            _ = try finish(entry, outcome: outcome)
        }
    }

    func handleSubmitFailure(_ error: StravaError, entry: LedgerEntry) throws {
        var entry = entry
        switch error {
        case .reconnectRequired, .notConnected, .missingScope, .appInactive:
            // Strava refused the credentials or the app, so nothing was created: back to normalized, keep it queued.
            entry.state = .normalized
            try ledger.save(entry, from: .submitting)
            pause(error)
        case .server(_, let status, let message) where (400..<500).contains(status) && status != 408 && status != 429:
            entry.error = message
            _ = try finish(entry, status: .rejected)
        default:
            logger.warning("sending \(entry.fileName) failed: \(error); will look it up before sending again")
            notBefore[entry.id!] = Date().addingTimeInterval(options.lookUpDelay)
        }
    }

    func pause(_ error: StravaError) {
        let reason: PauseReason
        switch error {
        case .reconnectRequired: reason = .reconnectRequired
        case .appInactive: reason = .appInactive
        default: reason = .notConnected
        }
        if pauseReason != reason {
            if reason == .appInactive {
                logger.error("uploads paused: \(error). Queued files are kept and no sidecar is made final; a running `trackdrop watch` asks Strava again a few times an hour and resumes on its own.")
            } else {
                logger.error("uploads paused: \(error). Queued files are kept and go out once reconnected.")
            }
        }
        pauseReason = reason
    }

    /// A `submitting` entry: the POST may or may not have reached Strava. Look for its external id first.
    private func recoverUnknownPost(_ start: LedgerEntry) async throws -> LedgerEntry? {
        var entry = start
        let submittedAt = entry.submittingAt ?? entry.updatedAt
        let due = submittedAt.addingTimeInterval(options.lookUpDelay)
        if due > Date() {
            // Strava may still be processing the first POST; looking too early would miss it.
            notBefore[entry.id!] = due
            return nil
        }
        guard pauseReason == nil else { return nil }
        let outcome: UploadOutcome?
        do {
            outcome = try await session.lookUp(externalID: entry.externalID)
        } catch StravaError.missingScope(let scope) {
            // Without a read scope no listing can find it, and retrying the look-up would wait for ever. Send it
            // again instead: Strava recognises the same file as a duplicate of the first upload (which the new
            // upload's status, followed by its id, then names), so nothing is doubled.
            logger.warning(
                "\(entry.fileName): cannot look for its earlier upload (the connection lacks \(scope)); sending it again and following the new upload by its id, where Strava names a duplicate of the first")
            entry.reposted = true
            entry.state = .normalized
            return try ledger.save(entry, from: .submitting)
        } catch let error as StravaError {
            if [.reconnectRequired, .appInactive].contains(error) { pause(error) } else {
                lookUpFailures[entry.id!, default: 0] += 1
                let failures = lookUpFailures[entry.id!]!
                logger.warning("cannot look up \(entry.fileName) yet (attempt \(failures)): \(error)")
                notBefore[entry.id!] = Date().addingTimeInterval(min(900, options.lookUpRetryWait * pow(2, Double(min(failures - 1, 5)))))
                if onlyGivenFiles, failures >= Self.lookUpAttemptLimit {
                    // A one-shot run stops asking; the row stays `submitting` for the next run or the daemon.
                    notBefore[entry.id!] = nil
                    gaveUpLookUp.insert(entry.id!)
                    leaveUnfinished(
                        entry.id!,
                        because: "the answer to its upload was lost and Strava could not be asked whether it arrived (\(failures) tries; last: \(error)); the next run looks again before it sends anything")
                }
            }
            return nil
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.warning("cannot look up \(entry.fileName) yet: \(error)")
            notBefore[entry.id!] = Date().addingTimeInterval(30)
            return nil
        }
        lookUpFailures[entry.id!] = nil
        entry.apiCalls += 1
        if let outcome {
            logger.info("found the earlier upload of \(entry.fileName) at Strava; not sending it again")
            return try finish(entry, outcome: outcome)
        }
        logger.info("no trace of \(entry.fileName) at Strava; sending it again")
        entry.reposted = true
        entry.state = .normalized
        return try ledger.save(entry, from: .submitting)
    }
}
