import Foundation
import StravaKit

extension Pipeline {
    /// Submitted entries nobody follows yet, now marked as followed; none while uploads are paused.
    func entriesToFollow() throws -> [LedgerEntry] {
        guard pauseReason == nil else { return [] }
        let fresh = try ledger.entries(in: [.submitted]).filter { entry in
            guard let id = entry.id, entry.uploadID != nil else { return false }
            return !following.contains(id) && !stillProcessing.contains(id)
        }.compactMap { try ownEntry($0) }
        for entry in fresh { following.insert(entry.id!) }
        return fresh
    }

    /// Waits for Strava's verdict on one submitted entry and records it. Every entry is followed on its own, so
    /// an upload that Strava takes long over holds back no other; the session still settles uploads due at the
    /// same time with one activity listing. With a `limit`, an entry still processing that long after this run
    /// began to follow it is left `submitted` (its sidecar stays `pending`) for a later run to look at again.
    func follow(_ start: LedgerEntry, limit: TimeInterval?) async {
        let entryID = start.id!
        let uploadID = UploadID(start.uploadID!)
        defer {
            following.remove(entryID)
            parked.removeAll()
            processorWake.signal()
        }
        let deadline = limit.map { Date().addingTimeInterval($0) }
        var result: ResolvedUpload?
        var lastError: (any Error)?
        while result == nil {
            do {
                guard let resolved = try await resolve(uploadID, until: deadline) else {
                    stillProcessing.insert(entryID)
                    let limit = limit ?? 0
                    let waited = limit >= 120 ? "\(Int((limit / 60).rounded())) min" : "\(Int(limit)) s"
                    let why = lastError.map { "Strava could not be asked about upload \(uploadID) (\($0))" }
                        ?? "Strava is still processing upload \(uploadID)"
                    logger.warning("\(start.fileName): \(why) after \(waited); it stays pending, and the next run asks again without sending it twice")
                    leaveUnfinished(entryID, because: "\(why) after \(waited); the next run asks again, without sending it twice")
                    return
                }
                result = resolved
            } catch let error as StravaError where [.reconnectRequired, .sessionClosed, .appInactive].contains(error) {
                pause(error)
                return
            } catch is CancellationError {
                return
            } catch {
                lastError = error
                logger.warning("cannot learn the outcome of \(start.fileName) yet: \(error); trying again in 10 s")
                do { try await Task.sleep(for: .seconds(10)) } catch { return }
            }
        }
        do {
            guard var entry = try ledger.entry(id: entryID), entry.state == .submitted else { return }
            entry.apiCalls += result!.apiCalls
            _ = try finish(entry, outcome: result!.outcome)
        } catch is LedgerConflict {
            // Another process recorded the verdict first; it wrote the sidecar.
            if let entry = try? ledger.entry(id: entryID), entry.state == .done { emit(.finished(entry)) }
        } catch {
            resolverFailure = error
            resolverWake.signal()
        }
    }

    /// The session's verdict on `uploadID`, or nil when `deadline` passes first.
    private func resolve(_ uploadID: UploadID, until deadline: Date?) async throws -> ResolvedUpload? {
        let session = session
        guard let deadline else { return try await session.resolve([uploadID])[uploadID] }
        return try await withThrowingTaskGroup(of: ResolvedUpload?.self) { group in
            group.addTask { try await session.resolve([uploadID])[uploadID] }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64(max(0, deadline.timeIntervalSinceNow) * 1000)))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    /// Records Strava's verdict as the entry's final state.
    func finish(_ entry: LedgerEntry, outcome: UploadOutcome) throws -> LedgerEntry {
        var entry = entry
        switch outcome {
        case .uploaded(let activityID):
            entry.activityID = activityID
            return try finish(entry, status: .uploaded)
        case .duplicate(let activityID):
            entry.activityID = activityID
            // Sent again after a lost answer: the "duplicate" Strava found is this file's own first upload.
            return try finish(entry, status: entry.reposted ? .uploaded : .duplicate)
        case .rejected(let message):
            entry.error = message
            return try finish(entry, status: .rejected)
        }
    }

    /// Commits the final state, then writes the final sidecar (a crash in between is repaired at the next start).
    func finish(_ entry: LedgerEntry, status: FinalStatus) throws -> LedgerEntry {
        var entry = entry
        let previous = entry.state
        entry.state = .done
        entry.status = status
        entry.completedAt = Date()
        entry.waitingReason = nil
        // Only the process whose compare-and-swap succeeds writes the sidecar, so it is written once.
        entry = try ledger.save(entry, from: previous)
        if writeSidecar(&entry) {
            entry.sidecarWritten = true
            entry = try ledger.save(entry, from: .done)
        }
        let detail = entry.activityID.map { " → " + options.links.url(for: $0) } ?? entry.error.map { ": \($0)" } ?? ""
        logger.info("\(entry.fileName): \(status.rawValue)\(detail)")
        emit(.finished(entry))
        return entry
    }

    /// Records why this run leaves the entry unfinished (`status` and the result table show it). A file already
    /// sent (its outcome unknown) gets it in its `pending` sidecar too; one not sent yet gets no sidecar, since
    /// `pending` means "submitted". Another process's row, or one that became final meanwhile, is left alone.
    func leaveUnfinished(_ id: Int64, because reason: String) {
        do {
            guard var entry = try ledger.entry(id: id), entry.state != .done, !ownedElsewhere(entry) else { return }
            let state = entry.state
            entry.waitingReason = reason
            entry = try ledger.save(entry, from: state)
            if [.submitting, .submitted].contains(state), writeSidecar(&entry) { try ledger.save(entry, from: state) }
        } catch {
            logger.warning("cannot record why ledger entry \(id) waits: \(error)")
        }
    }

    /// Writes the entry's sidecar (pending or final); a failure is logged, never fatal to the upload.
    /// Sets `sidecarPath`; the caller commits it.
    func writeSidecar(_ entry: inout LedgerEntry) -> Bool {
        do {
            let previous = entry.sidecarPath.map { URL(fileURLWithPath: $0) }
            entry.sidecarPath = try sidecars.write(Sidecar(entry: entry, links: options.links), for: entry.url, previous: previous).path
            return true
        } catch {
            logger.error("cannot write the sidecar of \(entry.path): \(error)")
            return false
        }
    }

    /// Final entries whose sidecar was not written (crash after the commit): write them now.
    func repairSidecars() throws {
        for listed in try ledger.entriesMissingSidecar() { try repairSidecar(listed) }
    }

    /// Writes the missing sidecar of a final entry, unless a running process that just committed the verdict
    /// is about to write it itself.
    func repairSidecar(_ listed: LedgerEntry) throws {
        guard var entry = try ownEntry(listed), writeSidecar(&entry) else { return }
        entry.sidecarWritten = true
        try ledger.save(entry, from: .done)
    }
}
