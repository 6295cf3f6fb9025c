import Foundation

/// Links to activity pages on the server trackdrop actually uploads to: strava.com's page for Strava, the
/// sandbox's own page for a sandbox. Never a hard-coded host: a link must open the activity it names.
public struct ActivityLinks: Sendable, Equatable {
    /// The web host, without a trailing slash (`https://www.strava.com`, `http://127.0.0.1:PORT`).
    public let webBase: String

    public static let strava = ActivityLinks(webBase: URL(string: "https://www.strava.com")!)

    public init(webBase: URL) {
        var text = webBase.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.webBase = text
    }

    public func url(for activityID: Int64) -> String { "\(webBase)/activities/\(activityID)" }

    /// True when `url` is an activity link of this server: a sidecar written against another one (a sandbox,
    /// say) says nothing about what this server holds.
    public func isActivityLink(_ url: String) -> Bool { url.hasPrefix("\(webBase)/activities/") }
}

/// Which sources get an HTML cleaning report beside their sidecar (`report` in the configuration, globally or
/// per folder).
public struct ReportPolicy: Sendable, Equatable {
    /// Every source gets one.
    public var everywhere: Bool
    /// Sources under these folders get one.
    public var folders: [URL]

    public init(everywhere: Bool = false, folders: [URL] = []) {
        self.everywhere = everywhere
        self.folders = folders.map(\.standardizedFileURL)
    }

    public func wantsReport(forPath path: String) -> Bool {
        everywhere || folders.contains { path.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
    }
}
