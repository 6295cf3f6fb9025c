import Foundation
import TrackKit

extension Pipeline {
    /// Normalized files larger than this are uploaded gzipped (4 MiB: about 35,000 GPX points, ten hours at one
    /// point a second; everyday activities go as they are).
    static let gzipUploadsAbove = 4 * 1024 * 1024

    /// After reading a file larger than this (8 MiB: about 80,000 GPX points), freed memory is handed back to
    /// the system at once.
    static let trimMemoryAfterBytes: Int64 = 8 * 1024 * 1024

    /// Reads of one file that may end with the process dying before it is set aside (`reader-crashed`).
    static let crashedReadsBeforeQuarantine = 2

    /// discovered → normalized (or → done/invalid). Returns the entry as committed, or nil when it was dropped
    /// or is to be tried again later.
    func normalize(_ entry: LedgerEntry) throws -> LedgerEntry? {
        var entry = entry
        if entry.crashedReads >= Self.crashedReadsBeforeQuarantine { return try quarantine(entry) }
        guard let before = FileSystem.stamp(entry.path) else {
            try ledger.removeEntry(entry, from: .discovered)
            logger.info("\(LogText.path(entry.path)) vanished before it was read; forgetting it")
            emit(.skipped(path: entry.path, reason: "vanished before it was read"))
            return nil
        }
        let track: NormalizedTrack
        var normalizeOptions = NormalizeOptions(clean: options.clean, sport: entry.sportType, limits: options.limits)
        if options.reports.wantsReport(forPath: entry.path) {
            normalizeOptions.reportFile = sidecars.reportLocation(for: entry.url)
        }
        // GPX and TCX are written straight to the state folder as they are formatted, never held whole in memory.
        try FileManager.default.createDirectory(at: options.paths.normalizedFolder, withIntermediateDirectories: true)
        // Named by the row too: two rows of the same content (one file at two paths) may be read at once by two
        // trackdrop processes, and neither may take the other's file away.
        let written = options.paths.normalizedFolder.appendingPathComponent("\(entry.sha256.prefix(24))-\(entry.id!).written")
        normalizeOptions.outputFile = written
        defer { unlink(written.path) }
        // Committed before the reader runs: if the process dies inside it, the next start knows.
        entry.normalizeAttempts += 1
        entry.normalizeStartedAt = Date()
        entry = try ledger.save(entry, from: .discovered)
        entry.normalizeFinished += 1
        ReaderCrashGuard.reading = entry.id!
        defer { ReaderCrashGuard.reading = 0 }
        do {
            track = try TrackKit.normalize(contentsOf: entry.url, options: normalizeOptions)
        } catch {
            if try droppedBecauseChanged(entry, since: before) { return nil }
            if let trackError = error as? TrackError, trackError.mayBeTemporary {
                return try retryLater(entry, error: trackError)
            }
            entry.error = "\(error)"
            return try finish(entry, status: .invalid)
        }
        transientFailures[entry.id!] = nil
        // A large file's points are freed by now; give their pages back rather than keep them resident.
        if entry.size > Self.trimMemoryAfterBytes { FreedMemory.returnToSystem() }
        // A file rewritten while it was read gives a meaningless verdict: wait for the watcher to see it again.
        if try droppedBecauseChanged(entry, since: before) { return nil }
        entry.trackJSON = Self.trackJSON(track)
        entry.reportPath = track.reportFile?.path
        entry.startTime = track.startTime
        entry.duration = track.duration
        guard track.usable else {
            let reasons = track.issues.filter { $0.severity == .error }.map(\.message)
            entry.error = reasons.isEmpty ? "the file cannot be uploaded" : reasons.joined(separator: "; ")
            return try finish(entry, status: .invalid)
        }
        // What is sent: the written GPX/TCX file, or the bytes passed through (FIT).
        var output = track.outputFile == nil ? track.output : try Data(contentsOf: written, options: .alwaysMapped)
        var gzipped = output.starts(with: [0x1F, 0x8B])
        if !gzipped, output.count > Self.gzipUploadsAbove {
            // Sent gzipped (Strava takes .gpx.gz, .tcx.gz, .fit.gz): a long recording's GPX shrinks about tenfold,
            // well under Strava's upload limit (about 25 MB), and the upload holds a tenth of the memory.
            output = try Deflate.gzip(output)
            gzipped = true
        }
        let dataType = track.format.rawValue + (gzipped ? ".gz" : "")
        let copy = options.paths.normalizedFolder.appendingPathComponent("\(entry.sha256.prefix(24)).\(dataType)")
        try AtomicFile.write(output, to: copy)
        entry.normalizedPath = copy.path
        entry.dataType = dataType
        entry.uploadName = track.name.flatMap { $0.isEmpty ? nil : $0 } ?? entry.uploadName ?? Self.stem(of: entry.fileName)
        entry.state = .normalized
        entry.waitingReason = nil
        return try ledger.save(entry, from: .discovered)
    }

    /// At start: a read the previous process did not finish counts as a crash only when the crash guard saw it
    /// crash; a process killed from outside while reading (SIGKILL, power loss) leaves a forgiven read.
    func countReaderCrashes() throws {
        try FileManager.default.createDirectory(at: options.paths.stateFolder, withIntermediateDirectories: true)
        ReaderCrashGuard.install(markerPath: options.paths.stateFolder.appendingPathComponent("reader-crash").path)
        let crashed = ReaderCrashGuard.takeCrashedEntry()
        for var entry in try ledger.entries(in: [.discovered]) where entry.crashedReads > 0 && entry.id != crashed {
            // A read another running trackdrop process has under way is not an unfinished read.
            guard !ownedElsewhere(entry) else { continue }
            entry.normalizeAttempts -= 1
            do {
                try ledger.save(entry, from: .discovered)
            } catch is LedgerConflict {
                continue  // another process moved it meanwhile
            }
        }
    }

    /// A file whose reading killed the process twice: never read again, answered `invalid` with a sidecar.
    private func quarantine(_ entry: LedgerEntry) throws -> LedgerEntry {
        var entry = entry
        let when = entry.normalizeStartedAt.map { " (last at \(Sidecar.timestamp($0)))" } ?? ""
        entry.error = "reader-crashed: trackdrop stopped \(entry.crashedReads) times while reading this file\(when); it is set aside and not read again. Run `trackdrop check` on a copy and report the file; replacing it with a new export is taken as new work"
        entry.normalizeFinished = entry.normalizeAttempts
        return try finish(entry, status: .invalid)
    }

    /// A read that failed in a way that may pass (I/O error, vanished mount, no permission yet): the entry stays
    /// `discovered` and is tried again with a growing delay. A run that stops when idle gives up on it after
    /// `transientRetriesPerRun` tries and leaves it for the next run.
    private func retryLater(_ entry: LedgerEntry, error: TrackError) throws -> LedgerEntry? {
        try ledger.save(entry, from: .discovered)
        let failures = (transientFailures[entry.id!] ?? 0) + 1
        transientFailures[entry.id!] = failures
        if stopsWhenIdle, failures >= Self.transientRetriesPerRun {
            deferred.insert(entry.id!)
            leaveUnfinished(
                entry.id!,
                because: "cannot be read (\(error.message)); tried \(failures) times in this run, the next run tries again")
            logger.warning("\(LogText.path(entry.path)) still cannot be read (\(LogText.escaped(error.message))); left for the next run")
            return nil
        }
        let delay = min(300, 0.5 * pow(2, Double(failures - 1)))
        notBefore[entry.id!] = Date().addingTimeInterval(delay)
        logger.warning("\(LogText.path(entry.path)) cannot be read now (\(LogText.escaped(error.message))); trying again in \(delay) s")
        return nil
    }

    static let transientRetriesPerRun = 5

    private func droppedBecauseChanged(_ entry: LedgerEntry, since before: FileSystem.Stamp) throws -> Bool {
        guard FileSystem.stamp(entry.path) != before || before.size != entry.size else { return false }
        try ledger.removeEntry(entry, from: .discovered)
        logger.info("\(LogText.path(entry.path)) changed while it was read; waiting for it to settle again")
        return true
    }

    /// `2026-11-21-run.fit.gz` → `2026-11-21-run`.
    static func stem(of name: String) -> String {
        var stem = name
        if stem.lowercased().hasSuffix(".gz") { stem = String(stem.dropLast(3)) }
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        return stem
    }

    static func trackJSON(_ track: NormalizedTrack) -> String? {
        let summary = Sidecar.Track(
            format: track.format.rawValue,
            pointsIn: track.pointsIn,
            pointsOut: track.pointsOut,
            distanceRawM: (track.distanceRawMeters * 10).rounded() / 10,
            distanceM: (track.distanceMeters * 10).rounded() / 10,
            startTime: track.startTime.map(Sidecar.timestamp),
            removed: track.removed.filter { $0.value > 0 },
            corrected: track.corrected.filter { $0.value > 0 }
        )
        return (try? JSONEncoder().encode(summary)).map { String(decoding: $0, as: UTF8.self) }
    }
}
