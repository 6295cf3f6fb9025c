import Foundation

extension FolderWatcher {
    /// Reacts to one inotify event.
    func handle(_ event: InotifyEvent) {
        if event.wd == -1 || event.has(Inotify.Mask.overflow) {
            logger.warning("inotify queue overflowed; rescanning every folder")
            rescanAll()
            return
        }
        guard let watch = watches[event.wd] else { return }
        let root = watch.root
        if event.name.isEmpty {
            handleSelfEvent(event, watch: watch)
            return
        }
        let path = watch.path + "/" + event.name
        if event.has(Inotify.Mask.isDirectory) {
            let arrived = event.has(Inotify.Mask.create) || event.has(Inotify.Mask.movedTo)
            guard arrived, roots[root].folder.recursive, SourceFileFilter.acceptsFolder(name: event.name), !isExcluded(path) else { return }
            // Watch first, then list: a file written before the watch existed is found by the listing.
            if addWatch(path, root: root) { scanTree(root: root, folder: path, watch: true) }
            return
        }
        guard SourceFileFilter.accepts(name: event.name) else { return }
        if event.has(Inotify.Mask.closeWrite) || event.has(Inotify.Mask.movedTo) {
            addCandidate(path, root: root)
        } else if event.has(Inotify.Mask.attributes) {
            // A mode change (chmod after a permission-denied read) is a reason to look again.
            reportedSkips.remove(path)
            addCandidate(path, root: root)
        } else if event.has(Inotify.Mask.modify), candidates[path] != nil {
            addCandidate(path, root: root)
        } else if event.has(Inotify.Mask.delete) || event.has(Inotify.Mask.movedFrom) {
            candidates[path] = nil
        }
    }

    /// Events about a watched folder itself. The root going away is not a deletion of its files: re-arm later.
    private func handleSelfEvent(_ event: InotifyEvent, watch: (root: Int, path: String)) {
        let isRoot = roots[watch.root].rootWD == event.wd
        if isRoot {
            let gone = [Inotify.Mask.deleteSelf, Inotify.Mask.moveSelf, Inotify.Mask.unmount, Inotify.Mask.ignored]
            if gone.contains(where: event.has) { rootVanished(watch.root, event: event) }
        } else if event.has(Inotify.Mask.ignored) {
            watches[event.wd] = nil
        }
    }

    private func rootVanished(_ index: Int, event: InotifyEvent) {
        guard roots[index].armed else { return }
        let reason = event.has(Inotify.Mask.unmount) ? "was unmounted" : event.has(Inotify.Mask.moveSelf) ? "was moved away" : "was removed"
        logger.warning("\(roots[index].path) \(reason); its files are kept as they are, watching for it to come back")
        for (wd, watch) in watches where watch.root == index {
            inotify?.removeWatch(wd)
            watches[wd] = nil
        }
        roots[index].armed = false
        roots[index].rootWD = nil
        roots[index].backoff = .milliseconds(250)
        let attempt = clock.now.advanced(by: roots[index].backoff)
        roots[index].nextAttempt = attempt
        wake(for: attempt)
    }

    /// Starts watching a root (or schedules another try when it is missing) and scans it.
    func arm(_ index: Int) {
        let path = roots[index].path
        guard FileSystem.isDirectory(path) else {
            logger.warning("\(path) does not exist (yet); will watch it once it appears")
            roots[index].nextAttempt = clock.now.advanced(by: roots[index].backoff)
            return
        }
        roots[index].nextAttempt = nil
        roots[index].backoff = .milliseconds(250)
        if roots[index].polling {
            roots[index].armed = true
            poll(index)
            return
        }
        guard let inotify else { return }
        do {
            let wd = try inotify.addWatch(path)
            watches[wd] = (index, path)
            roots[index].rootWD = wd
            roots[index].armed = true
        } catch {
            logger.error("\(error)")
            roots[index].nextAttempt = clock.now.advanced(by: .seconds(30))
            return
        }
        scanTree(root: index, folder: path, watch: true)
    }

    func retryArm(_ index: Int) {
        if FileSystem.isDirectory(roots[index].path) {
            logger.info("\(roots[index].path) is back; watching and rescanning it")
            arm(index)
        } else {
            roots[index].backoff = min(roots[index].backoff * 2, .seconds(30))
            roots[index].nextAttempt = clock.now.advanced(by: roots[index].backoff)
        }
    }

    /// One polling pass: new or changed files (by size and mtime) become candidates.
    func poll(_ index: Int) {
        roots[index].nextPoll = clock.now.advanced(by: Self.duration(seconds: options.pollIntervalSeconds))
        guard FileSystem.isDirectory(roots[index].path) else { return }
        var snapshot: [String: FileSystem.Stamp] = [:]
        var walk = newWalk()
        if walk.enterRoot(roots[index].path) { collectFiles(root: index, folder: roots[index].path, into: &snapshot, walk: &walk) }
        reportSkips(walk)
        for (path, stamp) in snapshot where roots[index].snapshot[path] != stamp {
            addCandidate(path, root: index)
        }
        roots[index].snapshot = snapshot
    }

    private func collectFiles(root: Int, folder: String, into snapshot: inout [String: FileSystem.Stamp], walk: inout FolderWalk) {
        for entry in FileSystem.entries(of: folder) {
            let path = folder + "/" + entry.name
            if entry.isDirectory {
                if roots[root].folder.recursive, SourceFileFilter.acceptsFolder(name: entry.name), !isExcluded(path),
                   walk.descends(into: entry, at: path) {
                    collectFiles(root: root, folder: path, into: &snapshot, walk: &walk)
                }
            } else if SourceFileFilter.accepts(name: entry.name), walk.takes(entry, at: path), let stamp = FileSystem.stamp(path) {
                snapshot[path] = stamp
            }
        }
    }

    /// After an overflow nothing is known: watch every folder again and look at every file.
    func rescanAll() {
        for index in roots.indices where roots[index].armed {
            if roots[index].polling {
                roots[index].snapshot = [:]
                poll(index)
            } else {
                scanTree(root: index, folder: roots[index].path, watch: true)
            }
        }
    }
}
