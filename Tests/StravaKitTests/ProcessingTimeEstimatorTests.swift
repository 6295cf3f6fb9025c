import Foundation
import TestSupport
import Testing
@testable import StravaKit

@Suite struct ProcessingTimeEstimatorTests {
    /// Status checks of an upload that never finishes, from its first check until `horizon` seconds after it was sent.
    static func checks(until horizon: TimeInterval, estimator: ProcessingTimeEstimator = .init()) -> [TimeInterval] {
        var times = [estimator.firstCheckDelay]
        while let last = times.last, last < horizon {
            times.append(last + estimator.recheckDelay(after: times.count + 1, processingFor: last))
        }
        return times.filter { $0 <= horizon }
    }

    @Test func recheckingDoublesUpTo15SecondsWhileAnUploadIsYoung() {
        let estimator = ProcessingTimeEstimator()
        #expect(estimator.recheckDelay(after: 2, processingFor: 3) == 2.25)
        #expect(estimator.recheckDelay(after: 3, processingFor: 6) == 4.5)
        #expect(estimator.recheckDelay(after: 6, processingFor: 60) == 15)
        #expect(estimator.recheckDelay(after: 9, processingFor: 150) == 15)
    }

    @Test func aStuckUploadIsCheckedLessAndLessOften() {
        let estimator = ProcessingTimeEstimator()
        #expect(estimator.recheckDelay(after: 20, processingFor: 600) == 60)
        #expect(estimator.recheckDelay(after: 40, processingFor: 3600) == 360)
        #expect(estimator.recheckDelay(after: 60, processingFor: 86400) == 1800)
        let firstHour = Self.checks(until: 3600).count
        let firstDay = Self.checks(until: 86400).count
        let secondDay = Self.checks(until: 2 * 86400).count - firstDay
        // Checking every 15 s would be 240 an hour; Strava's default read allowance is 1,000 a day.
        #expect(firstHour <= 50)
        #expect(firstDay <= 110)
        #expect(secondDay == 48)
    }
}
