import Foundation

/// The checks on a FIT file: `fit-crc` (header or file CRC wrong: the file is damaged), `fit-structure`
/// (the messages could not be walked to the end), `not-a-track` (no `record` messages, e.g. a settings or
/// locations file), `no-timestamps`, `too-few-points`, `implausible-date`, `fit-trailing-data`.
struct FITChecker {
    var now: Date

    func check(_ fit: FITFile) -> [TrackIssue] {
        var issues: [TrackIssue] = []
        if fit.headerCRCValid == false {
            issues.append(.error(.fitCRC, "the FIT header CRC does not match; the file is damaged, copy it from the device again"))
        }
        if !fit.fileCRCValid {
            issues.append(.error(.fitCRC, "the FIT file CRC does not match the \(fit.dataSize) data bytes; the file is damaged or truncated, copy it from the device again"))
        }
        if let problem = fit.walkProblem {
            issues.append(.warning(.fitStructure, "the FIT messages could not be walked to the end: \(problem)"))
        }
        if fit.trailingBytes > 0 {
            issues.append(.warning(.fitTrailingData, "\(fit.trailingBytes) bytes follow the FIT data (a chained file or junk); only the first file was checked"))
        }
        if fit.recordCount == 0 {
            issues.append(.error(.notATrack, "the FIT file holds no record messages (no recorded track); it is not an activity"))
        } else if fit.timedRecordCount == 0 {
            issues.append(.error(.noTimestamps, "none of the \(fit.recordCount) FIT records has a timestamp; Strava refuses files without timestamps"))
        } else if fit.timedRecordCount < 2 {
            issues.append(.error(.tooFewPoints, "only \(fit.timedRecordCount) FIT record has a timestamp; Strava needs at least 2"))
        }
        if let first = fit.firstTimestamp, first < TrackChecker.earliestPlausible || first > now.addingTimeInterval(86_400) {
            issues.append(.error(.implausibleDate, "the first FIT record is dated \(first) (before 1990 or in the future); the device clock was not set"))
        }
        return issues
    }
}
