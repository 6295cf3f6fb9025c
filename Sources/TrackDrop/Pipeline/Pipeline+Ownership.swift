import Foundation

extension Pipeline {
    /// The entry as this run's to work on: already its own, or taken over from a trackdrop process that has
    /// ended (compare-and-swap on the owner). Nil when another running process works on it, or, in a one-shot
    /// run, when it is not one of the files this run was given.
    func ownEntry(_ entry: LedgerEntry) throws -> LedgerEntry? {
        guard let id = entry.id, let owner else { return nil }
        if entry.owner == owner.token { return entry }
        if onlyGivenFiles, !given.contains(id) { return nil }
        if owner.isAlive(entry.owner) { return nil }
        guard let claimed = try ledger.claim(entry, for: owner.token) else { return nil }
        if entry.owner != nil, entry.state != .done {
            logger.info("\(entry.fileName): taking it over from a trackdrop process that has ended")
        }
        return claimed
    }

    /// Whether another running trackdrop process works on the entry.
    func ownedElsewhere(_ entry: LedgerEntry) -> Bool {
        guard let owner, entry.owner != owner.token else { return false }
        return owner.isAlive(entry.owner)
    }

    /// Given files another process finished: reported as finished here (their sidecar is that process's).
    func reportFinishedElsewhere() throws {
        for id in waitingElsewhere {
            guard let entry = try ledger.entry(id: id) else {
                waitingElsewhere.remove(id)
                continue
            }
            if entry.state == .done {
                waitingElsewhere.remove(id)
                emit(.finished(entry))
            } else if !ownedElsewhere(entry) {
                // That process ended before finishing it: this run takes it over.
                waitingElsewhere.remove(id)
            }
        }
    }
}
