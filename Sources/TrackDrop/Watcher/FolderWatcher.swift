import Foundation
import Logging

/// Watches the configured folders (inotify, or polling where inotify is blind) and yields files once they are quiet.
public actor FolderWatcher {
    /// How the watcher decides that a file is ready and which folders it skips.
    public struct Options: Sendable {
        public var settleSeconds: Double
        public var pollIntervalSeconds: Double
        /// Poll every folder, whatever its file system.
        public var forcePoll: Bool
        /// Folders never walked (the state and results folders when they sit inside a watched tree).
        public var excludedFolders: [URL]
        /// Follow symbolic links to folders (`follow_symlinks`); see `FolderWalk`.
        public var followSymlinks: Bool

        public init(
            settleSeconds: Double = TrackDropConfiguration.Defaults.settleSeconds,
            pollIntervalSeconds: Double = TrackDropConfiguration.Defaults.pollIntervalSeconds,
            forcePoll: Bool = TrackDropConfiguration.Defaults.poll, excludedFolders: [URL] = [],
            followSymlinks: Bool = TrackDropConfiguration.Defaults.followSymlinks
        ) {
            self.followSymlinks = followSymlinks
            self.settleSeconds = settleSeconds
            self.pollIntervalSeconds = pollIntervalSeconds
            self.forcePoll = forcePoll
            self.excludedFolders = excludedFolders
        }
    }

    struct Root {
        var folder: FolderConfiguration
        var polling: Bool
        var settle: Duration
        var armed = false
        var rootWD: Int32?
        var backoff: Duration = .milliseconds(250)
        var nextAttempt: ContinuousClock.Instant?
        var nextPoll: ContinuousClock.Instant?
        var snapshot: [String: FileSystem.Stamp] = [:]
        var path: String { folder.path.path }
    }

    struct Candidate {
        var root: Int
        var stamp: FileSystem.Stamp
        var deadline: ContinuousClock.Instant
    }

    /// Every ready file, once per time it became ready; finishes when `run` returns.
    public nonisolated let readyFiles: AsyncStream<ReadyFile>
    private let readyContinuation: AsyncStream<ReadyFile>.Continuation
    private var currentSleep: Task<Void, any Error>?
    private var currentTarget: ContinuousClock.Instant?
    let options: Options
    let logger: Logger
    var roots: [Root]
    var watches: [Int32: (root: Int, path: String)] = [:]
    var candidates: [String: Candidate] = [:]
    var inotify: Inotify?
    let clock = ContinuousClock()
    let excluded: [String]

    public init(folders: [FolderConfiguration], options: Options, logger: Logger) {
        self.options = options
        self.logger = logger
        excluded = options.excludedFolders.map { $0.standardizedFileURL.path }
        roots = folders.map { folder in
            Root(
                folder: folder,
                polling: false,
                settle: Self.duration(seconds: folder.settleSeconds ?? options.settleSeconds)
            )
        }
        (readyFiles, readyContinuation) = AsyncStream<ReadyFile>.makeStream()
    }

    /// A configured number of seconds as a `Duration`, held to 0 ... one week so no value can trap.
    static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return .milliseconds(Int64((min(seconds, TrackDropConfiguration.maximumSeconds) * 1000).rounded()))
    }

    /// Paths already reported as skipped (a FIFO, a link leading outside), so each is logged once.
    var reportedSkips: Set<String> = []

    /// A walk with this watcher's rules over every configured folder.
    func newWalk() -> FolderWalk {
        FolderWalk(followSymlinks: options.followSymlinks, roots: roots.map(\.path))
    }

    /// Logs what a walk skipped, each path once.
    func reportSkips(_ walk: FolderWalk) {
        for (path, reason) in walk.skipped where reportedSkips.insert(path).inserted {
            logger.warning("skipping \(LogText.path(path)): \(reason)")
        }
    }

    /// Paths seen but not yet quiet for their settle time.
    public func settlingPaths() -> [String] { candidates.keys.sorted() }

    /// Scans every folder once, waits until what it found has settled, yields it and finishes.
    public func runOnce() async throws {
        defer { readyContinuation.finish() }
        for index in roots.indices {
            if FileSystem.isDirectory(roots[index].path) {
                var walk = newWalk()
                if walk.enterRoot(roots[index].path) { scanTree(root: index, folder: roots[index].path, watch: false, walk: &walk) }
                reportSkips(walk)
            } else {
                logger.warning("folder \(roots[index].path) does not exist; nothing to take from it")
            }
        }
        while !candidates.isEmpty {
            try Task.checkCancellation()
            if let next = candidates.values.map(\.deadline).min() { try await clock.sleep(until: next) }
            settleDue()
        }
    }

    /// Watches until cancelled: startup scan, events, settling, re-arming vanished folders, polling.
    public func run() async throws {
        defer {
            inotify?.close()
            readyContinuation.finish()
        }
        for index in roots.indices {
            if let fileSystem = FileSystem.remoteFileSystemName(roots[index].path) {
                roots[index].polling = true
                logger.info("\(roots[index].path) is on \(fileSystem), where inotify misses changes; polling it every \(options.pollIntervalSeconds) s")
            } else if options.forcePoll || roots[index].folder.poll == true {
                roots[index].polling = true
                logger.info("polling \(roots[index].path) every \(options.pollIntervalSeconds) s, as configured")
            }
        }
        if roots.contains(where: { !$0.polling }) {
            inotify = try Inotify()
        }
        for index in roots.indices { arm(index) }
        let events = inotify?.events
        await withDiscardingTaskGroup { group in
            if let events {
                group.addTask {
                    for await event in events { await self.handle(event) }
                }
            }
            group.addTask { await self.timerLoop() }
        }
    }

    /// Cuts the timer loop's current sleep short, because a new timer may be due before it would wake.
    func wake(for deadline: ContinuousClock.Instant) {
        if let currentTarget, deadline < currentTarget { currentSleep?.cancel() }
    }

    /// One loop for every timer: settle deadlines, re-arm attempts and polls; sleeps until the earliest one.
    private func timerLoop() async {
        while !Task.isCancelled {
            let deadlines = candidates.values.map(\.deadline)
                + roots.compactMap { $0.armed ? nil : $0.nextAttempt }
                + roots.compactMap { $0.polling && $0.armed ? $0.nextPoll : nil }
            let target = deadlines.min() ?? clock.now.advanced(by: .seconds(3600))
            let clock = self.clock
            let sleep = Task { try await clock.sleep(until: target) }
            currentSleep = sleep
            currentTarget = target
            await withTaskCancellationHandler {
                _ = await sleep.result
            } onCancel: {
                sleep.cancel()
            }
            currentSleep = nil
            currentTarget = nil
            let now = clock.now
            settleDue()
            for index in roots.indices {
                if !roots[index].armed, let attempt = roots[index].nextAttempt, attempt <= now {
                    retryArm(index)
                } else if roots[index].polling, roots[index].armed, let due = roots[index].nextPoll, due <= now {
                    poll(index)
                }
            }
        }
    }

    /// Second look at every candidate whose settle time is over: unchanged means ready, changed means wait again.
    func settleDue() {
        let now = clock.now
        // Sorted, so files that settle together enter the ledger in a stable order (the first of two exports wins).
        for (path, candidate) in candidates.filter({ $0.value.deadline <= now }).sorted(by: { $0.key < $1.key }) {
            guard let stamp = FileSystem.stamp(path) else {
                candidates[path] = nil
                continue
            }
            if stamp == candidate.stamp {
                candidates[path] = nil
                let folder = roots[candidate.root].folder
                readyContinuation.yield(ReadyFile(url: URL(fileURLWithPath: path), folder: folder, stamp: stamp))
            } else {
                candidates[path] = Candidate(root: candidate.root, stamp: stamp, deadline: now.advanced(by: roots[candidate.root].settle))
            }
        }
    }

    /// First look (or a fresh start after a change): remember size and mtime, take it after the settle time.
    func addCandidate(_ path: String, root: Int) {
        guard let stamp = FileSystem.stamp(path) else { return }
        let deadline = clock.now.advanced(by: roots[root].settle)
        candidates[path] = Candidate(root: root, stamp: stamp, deadline: deadline)
        wake(for: deadline)
    }

    func isExcluded(_ path: String) -> Bool {
        excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Walks `folder` under `walk`'s rules: files become candidates; subfolders (when recursive) are walked
    /// and, with `watch`, watched.
    func scanTree(root: Int, folder: String, watch: Bool, walk: inout FolderWalk) {
        for entry in FileSystem.entries(of: folder) {
            let path = folder + "/" + entry.name
            if entry.isDirectory {
                guard roots[root].folder.recursive, SourceFileFilter.acceptsFolder(name: entry.name), !isExcluded(path),
                      walk.descends(into: entry, at: path) else { continue }
                if watch {
                    guard addWatch(path, root: root) else { continue }
                }
                scanTree(root: root, folder: path, watch: watch, walk: &walk)
            } else if SourceFileFilter.accepts(name: entry.name), walk.takes(entry, at: path) {
                addCandidate(path, root: root)
            }
        }
    }

    /// A full walk of one root (or a folder inside it), with the skips logged.
    func scanTree(root: Int, folder: String, watch: Bool) {
        var walk = newWalk()
        if walk.enterRoot(folder) { scanTree(root: root, folder: folder, watch: watch, walk: &walk) }
        reportSkips(walk)
    }

    @discardableResult
    func addWatch(_ path: String, root: Int) -> Bool {
        guard let inotify else { return false }
        do {
            let wd = try inotify.addWatch(path)
            watches[wd] = (root, path)
            return true
        } catch {
            logger.warning("\(error)")
            return false
        }
    }
}
