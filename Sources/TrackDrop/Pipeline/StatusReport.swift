import Foundation
import StravaKit
import TrackKit

/// Everything `trackdrop status` shows: the ledger's counts and latest results, and what the daemon waits for.
public struct StatusReport: Sendable, Encodable {
    /// One finished file.
    public struct Result: Sendable, Encodable {
        public var file: String
        public var status: String
        public var activityID: Int64?
        public var error: String?
        public var completedAt: Date?

        enum CodingKeys: String, CodingKey {
            case file, status, error
            case activityID = "activity_id", completedAt = "completed_at"
        }
    }

    public var ledger: String
    public var counts: [String: Int]
    public var latest: [Result]
    /// Human sentences: "2 files settling", "rate limit: waiting until 14:45", "reconnect required: …".
    public var waiting: [String]
    public var daemonRunning: Bool
    public var daemon: DaemonStatus?

    enum CodingKeys: String, CodingKey {
        case ledger, counts, latest, waiting, daemon
        case daemonRunning = "daemon_running"
    }

    /// Reads the ledger and the daemon's status file under `paths.stateFolder`.
    public static func gather(paths: TrackDropPaths, latestLimit: Int = 10) throws -> StatusReport {
        var counts: [String: Int] = [:]
        var latest: [Result] = []
        var open = 0
        var held: [String] = []
        if FileManager.default.fileExists(atPath: paths.ledgerFile.path) {
            let ledger = try Ledger(file: paths.ledgerFile)
            let tally = try ledger.counts()
            for state in LedgerState.allCases where state != .done { counts[state.rawValue] = tally.byState[state] ?? 0 }
            for status in FinalStatus.allCases { counts[status.rawValue] = tally.byStatus[status] ?? 0 }
            open = LedgerState.allCases.filter { $0 != .done }.reduce(0) { $0 + (tally.byState[$1] ?? 0) }
            held = try ledger.waitingEntries(limit: latestLimit).map { "\(FileName.display($0.path)): \($0.waitingReason ?? "")" }
            latest = try ledger.latestResults(limit: latestLimit).map {
                Result(file: $0.path, status: $0.status?.rawValue ?? "?", activityID: $0.activityID, error: $0.error, completedAt: $0.completedAt)
            }
        }
        let daemon = DaemonStatus.read(from: paths.daemonStatusFile)
        let running = daemon?.isRunning ?? false
        var waiting: [String] = []
        if let daemon, running {
            if !daemon.settling.isEmpty {
                waiting.append("\(daemon.settling.count) file(s) settling (taken once unchanged for the settle time)")
            }
            if let paused = daemon.paused {
                waiting.append(Self.pauseSentence(paused))
            }
            if let until = daemon.rateLimit?.waitingUntil, until > Date() {
                waiting.append("rate limit: waiting until \(until.formatted(date: .omitted, time: .shortened))")
            }
        }
        if open > 0, !running {
            waiting.append("\(open) file(s) not finished and no daemon running: start `trackdrop watch` to finish them")
        }
        // Files a run left unfinished, each with its reason.
        waiting += held
        return StatusReport(ledger: paths.ledgerFile.path, counts: counts, latest: latest, waiting: waiting, daemonRunning: running, daemon: running ? daemon : nil)
    }

    /// What a paused daemon waits for and what to do about it.
    static func pauseSentence(_ paused: String) -> String {
        if paused == Pipeline.PauseReason.appInactive.rawValue {
            return "uploads paused: the Strava app is inactive (Strava refuses every API call). "
                + ConnectionReport.inactiveAdvice.prefix(1).uppercased() + ConnectionReport.inactiveAdvice.dropFirst()
        }
        return "uploads paused: \(paused) – run `trackdrop auth login` again; queued files are kept"
    }
}
