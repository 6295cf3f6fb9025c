import ServiceLifecycle

/// Runs the folder watcher; on graceful shutdown it stops watching at once.
struct WatcherService: Service {
    let watcher: FolderWatcher
    let once: Bool

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            if once { try await watcher.runOnce() } else { try await watcher.run() }
        }
    }
}
