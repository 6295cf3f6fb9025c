import GRDB

/// Where a source file is on its way: each step is committed before the next outside effect.
public enum LedgerState: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    /// Seen and hashed; nothing else done.
    case discovered
    /// Checked and cleaned; the normalized copy is on disk; not sent.
    case normalized
    /// About to POST (or POSTed with the answer lost): look up the external id before sending again.
    case submitting
    /// Strava accepted it and gave an upload id; only resolving is left, never a second POST.
    case submitted
    /// Final: `status` says how it ended.
    case done
}

/// How a source file ended, as written in its sidecar.
public enum FinalStatus: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case uploaded, duplicate, rejected, invalid
}
