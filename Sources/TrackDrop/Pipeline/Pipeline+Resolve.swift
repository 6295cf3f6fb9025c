import Foundation
import StravaKit

extension Pipeline {
    /// Asks Strava about every submitted entry at once; returns false when there was nothing to ask about.
    func resolveSubmitted() async throws -> Bool {
        guard pauseReason == nil else { return false }
        let submitted = try ledger.entries(in: [.submitted]).filter { $0.uploadID != nil }
        guard !submitted.isEmpty else { return false }
        resolving = true
        defer {
            resolving = false
            parked.removeAll()
            processorWake.signal()
        }
        let ids = submitted.map { UploadID($0.uploadID!) }
        let results: [UploadID: ResolvedUpload]
        do {
            results = try await session.resolve(ids)
        } catch let error as StravaError {
            if error == .reconnectRequired || error == .sessionClosed {
                pause(error)
                return false
            }
            logger.warning("cannot learn the outcome of \(ids.count) upload(s) yet: \(error); trying again in 10 s")
            try await Task.sleep(for: .seconds(10))
            return true
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.warning("cannot learn the outcome of \(ids.count) upload(s) yet: \(error); trying again in 10 s")
            try await Task.sleep(for: .seconds(10))
            return true
        }
        for entry in submitted {
            guard let result = results[UploadID(entry.uploadID!)] else { continue }
            var entry = entry
            entry.apiCalls += result.apiCalls
            _ = try finish(entry, outcome: result.outcome)
        }
        return true
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
        entry.state = .done
        entry.status = status
        entry.completedAt = Date()
        entry = try ledger.save(entry)
        if writeSidecar(&entry) {
            entry.sidecarWritten = true
            entry = try ledger.save(entry)
        }
        let detail = entry.activityID.map { " → https://www.strava.com/activities/\($0)" } ?? entry.error.map { ": \($0)" } ?? ""
        logger.info("\(entry.fileName): \(status.rawValue)\(detail)")
        emit(.finished(entry))
        return entry
    }

    /// Writes the entry's sidecar (pending or final); a failure is logged, never fatal to the upload.
    /// Sets `sidecarPath`; the caller commits it.
    func writeSidecar(_ entry: inout LedgerEntry) -> Bool {
        do {
            let previous = entry.sidecarPath.map { URL(fileURLWithPath: $0) }
            entry.sidecarPath = try sidecars.write(Sidecar(entry: entry), for: entry.url, previous: previous).path
            return true
        } catch {
            logger.error("cannot write the sidecar of \(entry.path): \(error)")
            return false
        }
    }

    /// Final entries whose sidecar was not written (crash after the commit): write them now.
    func repairSidecars() throws {
        for var entry in try ledger.entriesMissingSidecar() where writeSidecar(&entry) {
            entry.sidecarWritten = true
            try ledger.save(entry)
        }
    }
}
