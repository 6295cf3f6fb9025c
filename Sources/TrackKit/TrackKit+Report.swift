import Foundation

extension TrackKit {
    /// The report for a file with no track to draw (refused before reading, FIT, indoor): its verdict,
    /// figures and issues.
    static func writeReport(untracked normalized: NormalizedTrack, to destination: URL, title: String) throws {
        let note: String
        switch normalized.format {
        case .fit where normalized.usable:
            note = "FIT files are checked and passed through unchanged: there is no track for trackdrop to clean."
        case _ where normalized.usable:
            note = "An indoor activity (no GPS positions): passed through unchanged; Strava takes its distance."
        default:
            note = "The file was refused before cleaning; the checks below say why."
        }
        let page = CleaningReportPage(
            fileName: title, format: normalized.format, sport: normalized.sport, recorded: Track(format: normalized.format),
            cleaned: nil, removals: [], issues: normalized.issues, usable: normalized.usable, note: note)
        try writeReportPage(page.html(), to: destination)
    }

    /// Replaces `destination` atomically, so a reader never sees half a page.
    static func writeReportPage(_ html: String, to destination: URL) throws {
        do {
            try AtomicFile.write(Data(html.utf8), to: destination)
        } catch {
            throw TrackError(code: .reportUnwritable, message: "cannot write the report: \(error)")
        }
    }
}
