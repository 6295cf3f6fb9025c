import Foundation
import TrackKit

extension Pipeline {
    /// Records a ready file in the ledger (unless this exact content at this path is already known).
    func accept(_ file: ReadyFile) {
        let path = file.url.standardizedFileURL.path
        do {
            if let known = try ledger.latestEntry(path: path), Self.isSameFile(known, file) {
                remember(known.id!)
                if known.state == .done {
                    // A run killed between the verdict and its sidecar: write the sidecar now.
                    if !known.sidecarWritten { try? repairSidecar(known) }
                    emit(.alreadyDone(known))
                }
                return
            }
            let sha256: String
            do {
                sha256 = try ContentHash.sha256(of: file.url, size: file.size, modified: file.modified, limit: options.limits.maxFileBytes)
            } catch {
                // Not recorded: a chmod (IN_ATTRIB) or the next scan brings it back.
                emit(.skipped(path: path, reason: "cannot be read: \(error.localizedDescription)"))
                logger.warning("skipping \(LogText.path(path)) for now: cannot be read (\(error.localizedDescription)); it is taken again once its permissions change or at the next scan")
                return
            }
            if var known = try ledger.entry(path: path, sha256: sha256) {
                // Same content, new mtime (touched or copied over with the same bytes): not new work.
                remember(known.id!)
                known.size = file.size
                known.modifiedAt = file.modified
                known.device = file.device
                known.inode = file.inode
                known.changedAt = file.changed
                do {
                    known = try ledger.save(known, from: known.state)
                } catch is LedgerConflict {
                    // Another process moved it meanwhile; the new mtime is recorded next time.
                }
                if known.state == .done { emit(.alreadyDone(known)) }
                return
            }
            var entry = LedgerEntry(path: path, sha256: sha256, size: file.size, modifiedAt: file.modified, folder: file.folder)
            entry.device = file.device
            entry.inode = file.inode
            entry.changedAt = file.changed
            entry.owner = owner?.token
            if let previous = previousSidecar(for: file.url, sha256: sha256) {
                // The ledger was lost but the sidecar says this content was already sent: never send it twice.
                entry.state = .done
                entry.status = previous.status
                entry.activityID = previous.activityID
                entry.uploadID = previous.uploadID
                entry.error = previous.error
                entry.completedAt = Date()
                entry.sidecarWritten = true
                entry = try ledger.insert(entry)
                remember(entry.id!)
                logger.info("\(entry.fileName) already has a final sidecar; recorded without sending it again")
                emit(.alreadyDone(entry))
                return
            }
            do {
                entry = try ledger.insert(entry)
            } catch {
                // Another process recorded the same file a moment ago: it is known now.
                guard let known = try ledger.entry(path: path, sha256: sha256) else { throw error }
                remember(known.id!)
                if known.state == .done { emit(.alreadyDone(known)) }
                return
            }
            remember(entry.id!)
            logger.debug("discovered \(path)")
            emit(.discovered(entry))
            processorWake.signal()
        } catch {
            logger.error("\(error)")
            emit(.skipped(path: path, reason: "\(error)"))
        }
    }

    /// The ledger's latest entry for the path is this very file, unchanged: same size and mtime, and (when
    /// both know them) same device, inode and status-change time. A same-size replacement that kept the mtime
    /// (`cp -p`, a sync tool) differs in those and is hashed again.
    static func isSameFile(_ known: LedgerEntry, _ file: ReadyFile) -> Bool {
        guard known.size == file.size, abs(known.modifiedAt.timeIntervalSince(file.modified)) < 0.002 else { return false }
        if let device = known.device, let fileDevice = file.device, device != fileDevice { return false }
        if let inode = known.inode, let fileInode = file.inode, inode != fileInode { return false }
        if let changed = known.changedAt, let fileChanged = file.changed, abs(changed.timeIntervalSince(fileChanged)) >= 0.002 { return false }
        return true
    }

    /// Notes a row as one of the files this run was given (a one-shot run only: the daemon works on every
    /// free row and keeps no such set).
    func remember(_ id: Int64) {
        guard onlyGivenFiles else { return }
        given.insert(id)
        // It may be a submitted row left by an earlier run, waiting to be followed.
        resolverWake.signal()
    }

    /// Whether a final sidecar speaks of the server this pipeline uploads to. A sidecar from a `--sandbox` run
    /// must not stop the real daemon from sending the file to Strava (nor a Strava sidecar a sandbox run):
    /// its activity link names its server. `invalid` is trackdrop's own verdict, true anywhere; a rejection
    /// carries no link, so it is sent again (Strava refuses it again; nothing is doubled).
    static func describesThisServer(_ sidecar: Sidecar, status: FinalStatus, links: ActivityLinks) -> Bool {
        if status == .invalid { return true }
        guard let url = sidecar.activityURL else { return false }
        return links.isActivityLink(url)
    }

    /// A final sidecar already beside the file (or in the results folder) for exactly this content.
    private func previousSidecar(for source: URL, sha256: String) -> (status: FinalStatus, activityID: Int64?, uploadID: Int64?, error: String?)? {
        let name = SidecarWriter.sidecarName(for: source)
        // The results folder mirrors the source's path; sidecars from before that sit flat in it.
        let candidates = [
            source.deletingLastPathComponent().appendingPathComponent(name), sidecars.mirroredLocation(for: source, name: name),
            sidecars.resultsFolder.appendingPathComponent(name),
        ]
        for candidate in candidates {
            guard let data = RawPath.contents(of: candidate.path),
                  let sidecar = try? JSONDecoder().decode(Sidecar.self, from: data),
                  sidecar.schema == Sidecar.schemaName, sidecar.sha256 == sha256,
                  let status = FinalStatus(rawValue: sidecar.status),
                  Self.describesThisServer(sidecar, status: status, links: options.links)
            else { continue }
            return (status, sidecar.activityID, sidecar.uploadID.flatMap { Int64($0) }, sidecar.error)
        }
        return nil
    }
}
