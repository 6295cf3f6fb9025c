import Foundation
import Testing

import TrackKit

/// `TrackKit.timestamp` stands in for `Date.formatted(.iso8601)` in `check`'s report: the same text for any
/// time, fractions of a second dropped.
@Suite struct TimestampTests {
    @Test func itWritesWhatFoundationWrites() {
        var random = SystemRandomNumberGenerator()
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_714_546_800),
            Date(timeIntervalSince1970: 1_714_546_800.999), Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
            Date(timeIntervalSince1970: 4_102_444_799.5),  // 2099-12-31T23:59:59.5
        ]
        for _ in 0..<2_000 { dates.append(Date(timeIntervalSince1970: Double.random(in: 0...4_102_444_800, using: &random))) }
        for date in dates {
            #expect(TrackKit.timestamp(date) == date.formatted(.iso8601), "\(date.timeIntervalSince1970)")
        }
    }
}
