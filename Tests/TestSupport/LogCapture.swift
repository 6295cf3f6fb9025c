import Foundation
import Logging
import Synchronization

/// A swift-log handler that keeps every line in memory, so tests can search what was logged.
public final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    public var all: [String] { lines.withLock { $0 } }

    public func append(_ line: String) { lines.withLock { $0.append(line) } }

    public init() {}

    public func logger(label: String = "test") -> Logger {
        var logger = Logger(label: label) { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// The handler writes message and metadata, the way a real handler would print them.
    public struct Handler: LogHandler {
        let capture: LogCapture
        public var logLevel: Logger.Level = .trace
        public var metadata: Logger.Metadata = [:]

        public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        public func log(event: LogEvent) {
            var merged = metadata
            if let extra = event.metadata { merged.merge(extra) { _, new in new } }
            let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            capture.append("\(event.level) \(event.message) \(rendered)")
        }
    }
}
