import Foundation

/// Strava's timestamp format: `2026-11-21T07:02:11Z`, always UTC, whole seconds.
enum ISO8601 {
    static func string(from date: Date) -> String {
        Date.ISO8601FormatStyle().format(date)
    }
}
