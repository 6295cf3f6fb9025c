import Foundation
import CLibXML2

/// Namespace for the track engine: reading, checking, cleaning and writing GPX, TCX and FIT.
public enum TrackKit {}

extension TrackKit {
    /// `2024-05-01T07:00:00Z`: the time in UTC to the whole second, as `Date.formatted(.iso8601)` writes it,
    /// without Foundation's formatter (whose first use costs about a millisecond).
    public static func timestamp(_ date: Date) -> String {
        var out = OutputBuffer(capacity: 32)
        out.time(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        return String(decoding: out.data(), as: UTF8.self)
    }
}
