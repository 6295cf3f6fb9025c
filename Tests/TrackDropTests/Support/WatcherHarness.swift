import Foundation
import TestSupport
import Logging
@testable import TrackDrop

/// Runs a real `FolderWatcher` and records what it yields, so tests can wait for a file to become ready.
final class WatcherHarness: Sendable {
    let watcher: FolderWatcher
    let log = ReadyLog()
    private let runner: Task<Void, any Error>
    private let consumer: Task<Void, Never>

    init(folders: [FolderConfiguration], options: FolderWatcher.Options, once: Bool = false) {
        var logger = Logger(label: "trackdrop.test.watcher")
        logger.logLevel = .warning
        let watcher = FolderWatcher(folders: folders, options: options, logger: logger)
        self.watcher = watcher
        runner = Task { if once { try await watcher.runOnce() } else { try await watcher.run() } }
        let log = log
        consumer = Task {
            for await file in watcher.readyFiles { await log.append(file) }
            await log.finish()
        }
    }

    /// The safety net of `waitFor`, as long as `Eventually.until`'s: a file normally arrives within a second. With
    /// 20 s, all ten waits of this suite once timed out together in a full `swift test` on two cores, which this
    /// suite shares with the CPU-bound cleaning suites; alone, and in the next full run, they passed in 0.3 s.
    static let safetyNet: Duration = .seconds(60)

    /// Waits until a ready file satisfies `predicate` (safety-net timeout), returning it.
    func waitFor(_ what: String, timeout: Duration = safetyNet, _ predicate: @escaping @Sendable (ReadyFile) -> Bool) async throws -> ReadyFile {
        try await log.wait(for: what, timeout: timeout, predicate)
    }

    func waitFor(name: String, timeout: Duration = safetyNet) async throws -> ReadyFile {
        try await waitFor(name, timeout: timeout) { $0.url.lastPathComponent == name }
    }

    /// For `runOnce`: waits until the watcher has yielded everything and finished.
    func finished() async throws {
        try await runner.value
        await consumer.value
    }

    func stop() async {
        runner.cancel()
        _ = await runner.result
        await consumer.value
    }
}

/// Ready files in the order the watcher yielded them, with waiters resumed as soon as a match arrives.
actor ReadyLog {
    private(set) var files: [ReadyFile] = []
    private(set) var finished = false
    private var waiters: [UUID: (predicate: @Sendable (ReadyFile) -> Bool, continuation: CheckedContinuation<ReadyFile, any Error>)] = [:]

    func append(_ file: ReadyFile) {
        files.append(file)
        for (id, waiter) in waiters where waiter.predicate(file) {
            waiters[id] = nil
            waiter.continuation.resume(returning: file)
        }
    }

    func finish() {
        finished = true
        for (_, waiter) in waiters { waiter.continuation.resume(throwing: Eventually.TimedOut(what: "a file (the watcher stopped)")) }
        waiters = [:]
    }

    func names() -> [String] { files.map(\.url.lastPathComponent) }

    func wait(for what: String, timeout: Duration, _ predicate: @escaping @Sendable (ReadyFile) -> Bool) async throws -> ReadyFile {
        if let found = files.first(where: predicate) { return found }
        let id = UUID()
        let timer = Task {
            try await Task.sleep(for: timeout)
            self.expire(id, what: what)
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            waiters[id] = (predicate, continuation)
        }
    }

    private func expire(_ id: UUID, what: String) {
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        waiter.continuation.resume(throwing: Eventually.TimedOut(what: "\(what); got \(names())"))
    }
}
