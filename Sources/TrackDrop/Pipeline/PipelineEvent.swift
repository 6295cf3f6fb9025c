/// What the pipeline reports as files move through it (drives progress bars and logs).
public enum PipelineEvent: Sendable {
    /// A new file entered the ledger.
    case discovered(LedgerEntry)
    /// Sent; a `pending` sidecar was written.
    case submitted(LedgerEntry)
    /// Final: uploaded, duplicate, rejected or invalid.
    case finished(LedgerEntry)
    /// Seen before with the same content and already final: nothing to do.
    case alreadyDone(LedgerEntry)
    /// Not final when a run that stops when idle ended: Strava still processing it, queued behind such an upload,
    /// or kept while uploads are paused. The ledger keeps it for the next run.
    case unfinished(LedgerEntry)
    /// Skipped without a ledger entry (vanished, unreadable), with the reason.
    case skipped(path: String, reason: String)
}
