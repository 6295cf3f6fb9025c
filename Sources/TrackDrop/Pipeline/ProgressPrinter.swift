import Foundation
import StravaKit

/// Draws the progress bar on a terminal, or prints one plain line per finished file otherwise.
public actor ProgressPrinter {
    private var progress: BatchProgress
    private let interactive: Bool
    private let session: StravaSession
    private let links: ActivityLinks

    public init(total: Int, window: TimeInterval, interactive: Bool, session: StravaSession, links: ActivityLinks = .strava) {
        self.links = links
        progress = BatchProgress(total: total, window: window)
        self.interactive = interactive
        self.session = session
    }

    public func record(_ event: PipelineEvent) async {
        progress.record(event)
        if interactive {
            await redraw()
        } else if case .finished(let entry) = event {
            let detail = entry.activityID.map(links.url(for:)) ?? entry.error ?? ""
            print("\(progress.done)/\(progress.total) \(entry.status?.rawValue ?? "?") \(entry.path) \(detail)")
        } else if case .skipped(let path, let reason) = event {
            print("\(progress.done)/\(progress.total) skipped \(path): \(reason)")
        }
    }

    public func redraw() async {
        guard interactive else { return }
        let line = progress.bar(rateLimit: await session.rateLimitStatus())
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }

    public func finish() async {
        await redraw()
        if interactive { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
