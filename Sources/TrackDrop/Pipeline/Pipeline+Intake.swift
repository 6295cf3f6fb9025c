import Foundation

extension Pipeline {
    /// Records a ready file in the ledger (unless this exact content at this path is already known).
    func accept(_ file: ReadyFile) {
        let path = file.url.standardizedFileURL.path
        do {
            if let known = try ledger.latestEntry(path: path), Self.isSameFile(known, file) {
                if known.state == .done { emit(.alreadyDone(known)) }
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
                known.size = file.size
                known.modifiedAt = file.modified
                known.device = file.device
                known.inode = file.inode
                known.changedAt = file.changed
                known = try ledger.save(known)
                if known.state == .done { emit(.alreadyDone(known)) }
                return
            }
            var entry = LedgerEntry(path: path, sha256: sha256, size: file.size, modifiedAt: file.modified, folder: file.folder)
            entry.device = file.device
            entry.inode = file.inode
            entry.changedAt = file.changed
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
                logger.info("\(entry.fileName) already has a final sidecar; recorded without sending it again")
                emit(.alreadyDone(entry))
                return
            }
            entry = try ledger.insert(entry)
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
            guard let data = try? Data(contentsOf: candidate),
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
