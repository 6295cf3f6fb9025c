import Foundation
import Logging
import Synchronization
import TrackKit

/// A swift-log handler that writes one line per message to standard error, as text or as JSON.
public struct StandardErrorLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    let label: String
    let format: LogFormat

    /// Serializes writes so lines from concurrent tasks never interleave.
    private static let lock = Mutex(())

    public init(label: String, format: LogFormat, level: Logger.Level = .info) {
        self.label = label
        self.format = format
        logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let line: String
        switch format {
        // Text lines carry names from outside: a newline in a file name must not forge a line.
        case .text: line = Self.textLine(level: event.level, message: LogText.escaped("\(event.message)"), metadata: merged)
        // File-name bytes that are not UTF-8 show as `\xNN` in JSON too, never as lossy replacement characters.
        case .json: line = Self.jsonLine(level: event.level, label: label, message: FileName.display("\(event.message)"), metadata: merged)
        }
        let data = Data((line + "\n").utf8)
        Self.lock.withLock { _ in FileHandle.standardError.write(data) }
    }

    static func textLine(level: Logger.Level, message: String, metadata: Logger.Metadata) -> String {
        let time = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false, timeZone: .current))
        let fields = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\(LogText.escaped("\($0.value)"))" }.joined(separator: " ")
        let tag = level == .info ? "" : "\(level.rawValue): "
        return "\(time) \(tag)\(message)\(fields.isEmpty ? "" : " [\(fields)]")"
    }

    static func jsonLine(level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        var object: [String: Any] = [
            "time": Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            "level": level.rawValue,
            // journald's numeric syslog priority, so `journalctl -p` filtering works on parsed lines.
            "priority": priority(level),
            "logger": label,
            "message": message,
        ]
        for (key, value) in metadata where object[key] == nil { object[key] = "\(value)" }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return message
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }
}
