import ArgumentParser
import Foundation
import TrackDrop

/// `trackdrop status`: what the ledger holds and what the daemon waits for.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show pending, in-flight, finished and failed files, and what the daemon is waiting for."
    )

    @Option(help: "Configuration file (default: $XDG_CONFIG_HOME/trackdrop/config.json).")
    var config: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() async throws {
        let configuration = try TrackDropConfiguration.load(from: config.map { URL(fileURLWithPath: $0) })
        let report = try StatusReport.gather(paths: configuration.paths())
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        print(Self.render(report, links: ActivityLinks(webBase: configuration.strava.webBaseURL)), terminator: "")
    }

    static func render(_ report: StatusReport, links: ActivityLinks = .strava) -> String {
        var lines: [String] = []
        if let daemon = report.daemon {
            lines.append("daemon: running (pid \(daemon.pid)) since \(daemon.startedAt.formatted(date: .abbreviated, time: .shortened))\(daemon.sandbox ? ", sandbox" : "")")
            lines.append("watching: \(daemon.folders.joined(separator: ", "))")
            lines.append("connection: \(daemon.connection)")
            if let limit = daemon.rateLimit?.overallLimit, let usage = daemon.rateLimit?.overallUsage {
                lines.append("rate limit: \(usage.shortTerm)/\(limit.shortTerm) this window, \(usage.daily)/\(limit.daily) today")
            }
        } else {
            lines.append("daemon: not running")
        }
        let order = ["discovered", "normalized", "submitting", "submitted", "uploaded", "duplicate", "rejected", "invalid"]
        lines.append("files: " + order.map { "\(report.counts[$0] ?? 0) \($0)" }.joined(separator: ", "))
        if report.waiting.isEmpty {
            lines.append("waiting: nothing")
        } else {
            lines.append("waiting:")
            lines += report.waiting.map { "  - \($0)" }
        }
        if !report.latest.isEmpty {
            lines.append("latest results:")
            for result in report.latest {
                let detail = result.activityID.map(links.url(for:)) ?? result.error ?? ""
                lines.append("  \(result.status.padding(toLength: 9, withPad: " ", startingAt: 0)) \(result.file)  \(detail)")
            }
        }
        lines.append("ledger: \(report.ledger)")
        return lines.joined(separator: "\n") + "\n"
    }
}
