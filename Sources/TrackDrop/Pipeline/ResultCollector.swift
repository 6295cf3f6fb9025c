import Foundation

/// Collects final entries (and, at the end, those left unfinished) as the pipeline reports them, for the summary printed at the end of a run.
struct ResultCollector: Sendable {
    private let task: Task<[LedgerEntry], Never>

    /// `onEvent` sees every event as it happens (a progress bar), before it is collected.
    /// `keep: false` (the daemon, which prints no summary) collects nothing, so that its memory stays flat
    /// however many files it sends.
    init(events: AsyncStream<PipelineEvent>, keep: Bool = true, onEvent: (@Sendable (PipelineEvent) async -> Void)? = nil) {
        task = Task {
            var entries: [Int64: LedgerEntry] = [:]
            var order: [Int64] = []
            for await event in events {
                await onEvent?(event)
                switch event {
                case .finished(let entry), .alreadyDone(let entry), .unfinished(let entry):
                    guard keep, let id = entry.id else { continue }
                    if entries[id] == nil { order.append(id) }
                    entries[id] = entry
                default:
                    continue
                }
            }
            return order.compactMap { entries[$0] }
        }
    }

    /// Waits for the event stream to end (the pipeline finished), then returns what finished, in order.
    func results() async -> [LedgerEntry] {
        await task.value
    }
}
