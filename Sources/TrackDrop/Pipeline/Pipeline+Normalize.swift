import Foundation
import TrackKit

extension Pipeline {
    /// discovered → normalized (or → done/invalid). Returns the entry as committed, or nil when it was dropped.
    func normalize(_ entry: LedgerEntry) throws -> LedgerEntry? {
        var entry = entry
        guard let before = FileSystem.stamp(entry.path) else {
            try ledger.removeEntry(entry, from: .discovered)
            logger.info("\(entry.path) vanished before it was read; forgetting it")
            emit(.skipped(path: entry.path, reason: "vanished before it was read"))
            return nil
        }
        let track: NormalizedTrack
        var normalizeOptions = NormalizeOptions(clean: options.clean, sport: entry.sportType)
        if options.reports.wantsReport(forPath: entry.path) {
            normalizeOptions.reportFile = sidecars.reportLocation(for: entry.url)
        }
        do {
            track = try TrackKit.normalize(contentsOf: entry.url, options: normalizeOptions)
        } catch {
            if try droppedBecauseChanged(entry, since: before) { return nil }
            entry.error = "\(error)"
            return try finish(entry, status: .invalid)
        }
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
        let gzipped = track.output.starts(with: [0x1F, 0x8B])
        let dataType = track.format.rawValue + (gzipped ? ".gz" : "")
        let copy = options.paths.normalizedFolder.appendingPathComponent("\(entry.sha256.prefix(24)).\(dataType)")
        try FileManager.default.createDirectory(at: options.paths.normalizedFolder, withIntermediateDirectories: true)
        try AtomicFile.write(track.output, to: copy)
        entry.normalizedPath = copy.path
        entry.dataType = dataType
        entry.uploadName = track.name.flatMap { $0.isEmpty ? nil : $0 } ?? entry.uploadName ?? Self.stem(of: entry.fileName)
        entry.state = .normalized
        return try ledger.save(entry, from: .discovered)
    }

    private func droppedBecauseChanged(_ entry: LedgerEntry, since before: FileSystem.Stamp) throws -> Bool {
        guard FileSystem.stamp(entry.path) != before || before.size != entry.size else { return false }
        try ledger.removeEntry(entry, from: .discovered)
        logger.info("\(entry.path) changed while it was read; waiting for it to settle again")
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
            removed: track.removed.filter { $0.value > 0 }
        )
        return (try? JSONEncoder().encode(summary)).map { String(decoding: $0, as: UTF8.self) }
    }
}
