import Foundation
import ServiceLifecycle
import StravaKit

/// Writes `daemon-status.json` whenever what the daemon waits for changes, for `trackdrop status`.
struct StatusService: Service {
    let watcher: FolderWatcher
    let pipeline: Pipeline
    let session: StravaSession
    let file: URL
    let folders: [String]
    let sandbox: Bool

    func run() async throws {
        await cancelWhenGracefulShutdown { await loop() }
    }

    private func loop() async {
        let started = Date()
        var last: DaemonStatus?
        while !Task.isCancelled {
            let status = DaemonStatus(
                pid: getpid(), startedAt: started, updatedAt: Date(), folders: folders,
                settling: await watcher.settlingPaths(),
                paused: await pipeline.currentPause()?.rawValue,
                connection: await session.connectionState.rawValue,
                rateLimit: await session.rateLimitStatus(),
                sandbox: sandbox
            )
            var comparable = status
            comparable.updatedAt = last?.updatedAt ?? status.updatedAt
            if comparable != last {
                try? status.write(to: file)
                last = status
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
