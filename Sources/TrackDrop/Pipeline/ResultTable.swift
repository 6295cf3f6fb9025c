import Foundation

/// A plain-text table of finished files, printed at the end of `upload` and `watch --once`.
public enum ResultTable {
    public static func render(_ entries: [LedgerEntry], relativeTo base: URL? = nil, links: ActivityLinks = .strava) -> String {
        guard !entries.isEmpty else { return "No activity files found.\n" }
        let rows = entries.sorted { $0.path < $1.path }.map { entry -> [String] in
            var file = entry.path
            if let base, file.hasPrefix(base.path + "/") { file = String(file.dropFirst(base.path.count + 1)) }
            let status = entry.state == .done ? (entry.status?.rawValue ?? "?") : Self.unfinishedLabel(entry)
            let detail: String
            if entry.state != .done {
                detail = Self.unfinishedDetail(entry)
            } else if let activity = entry.activityID {
                detail = links.url(for: activity)
            } else {
                detail = entry.error.map { $0.count > 90 ? String($0.prefix(87)) + "..." : $0 } ?? ""
            }
            return [file, status, detail]
        }
        let headers = ["FILE", "RESULT", "ACTIVITY / REASON"]
        let widths = (0..<2).map { column in max(headers[column].count, rows.map { $0[column].count }.max() ?? 0) }
        func line(_ cells: [String]) -> String {
            cells[0].padding(toLength: widths[0], withPad: " ", startingAt: 0) + "  "
                + cells[1].padding(toLength: widths[1], withPad: " ", startingAt: 0) + "  " + cells[2]
        }
        var counts: [String: Int] = [:]
        for row in rows { counts[row[1], default: 0] += 1 }
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return ([line(headers)] + rows.map(line) + ["", "\(rows.count) file(s): \(summary)"]).joined(separator: "\n") + "\n"
    }

    /// A file the run left before its final state: sent and still processing at Strava, or not sent yet.
    static func unfinishedLabel(_ entry: LedgerEntry) -> String {
        entry.state == .submitted ? "processing" : "queued"
    }

    static func unfinishedDetail(_ entry: LedgerEntry) -> String {
        if let reason = entry.waitingReason { return reason }
        if entry.state == .submitted, let upload = entry.uploadID {
            return "Strava is still processing upload \(upload); run again later for the outcome (it is not sent twice)"
        }
        return "not sent yet; it is kept and goes out on the next run"
    }
}
