import ArgumentParser
import Foundation
import TrackKit

/// What `trackdrop check` prints about one file, as text or as one JSON object.
struct CheckReport: Encodable {
    struct Issue: Encodable {
        var code: String
        var message: String
        var severity: String
    }

    var file: String
    var valid: Bool
    var format: String?
    var pointsIn: Int?
    var pointsOut: Int?
    var distanceRawMeters: Double?
    var distanceMeters: Double?
    var startTime: String?
    var durationSeconds: Double?
    var removed: [String: Int]
    /// What cleaning moved back onto the track without removing a point, by kind (`bursts`, `drifts`).
    var corrected: [String: Int]
    /// Stretches of different noise cleaning found along the track (0 when the noise did not change).
    var noiseStretches: Int
    /// The lanes of a 400 m athletics track the cleaned track was put on (text only: JSON has
    /// `corrected.athletics_track`).
    var trackLanes: [Int] = []
    var issues: [Issue]
    var written: String?
    /// Where the HTML cleaning report was written (`--report`).
    var report: String?
    /// True when every byte of the output passed XSD validation; false when a covering sample of it was
    /// validated, or nothing (FIT, or nothing written).
    var validated: Bool
    /// `full`, `covering` or `skipped` (see `OutputValidation`).
    var validation: String

    enum CodingKeys: String, CodingKey {
        case file, valid, format, removed, corrected, issues, written, report, validated, validation
        case pointsIn = "points_in"
        case pointsOut = "points_out"
        case distanceRawMeters = "distance_raw_m"
        case distanceMeters = "distance_m"
        case startTime = "start_time"
        case durationSeconds = "duration_s"
        case noiseStretches = "noise_stretches"
    }

    init(file: String, normalized: NormalizedTrack) {
        self.file = file
        valid = normalized.usable
        format = normalized.format.rawValue
        pointsIn = normalized.pointsIn
        pointsOut = normalized.pointsOut
        distanceRawMeters = (normalized.distanceRawMeters * 10).rounded() / 10
        distanceMeters = (normalized.distanceMeters * 10).rounded() / 10
        startTime = normalized.startTime.map(TrackKit.timestamp)
        durationSeconds = normalized.duration
        removed = normalized.removed
        corrected = normalized.corrected
        noiseStretches = normalized.noiseStretches
        trackLanes = normalized.trackLanes
        issues = normalized.issues.map { Issue(code: $0.code.rawValue, message: FileName.display($0.message), severity: $0.severity.rawValue) }
        validated = normalized.outputValidation == .full
        validation = normalized.outputValidation.rawValue
    }

    init(file: String, failure: Error) {
        self.file = file
        valid = false
        removed = [:]
        corrected = [:]
        noiseStretches = 0
        validated = false
        validation = OutputValidation.skipped.rawValue
        let code = ((failure as? TrackError)?.code ?? .unreadable).rawValue
        issues = [Issue(code: code, message: FileName.display("\(failure)"), severity: "error")]
    }

    func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `1234.5`: `%.1f` without `String(format:)`, whose first use costs about a millisecond.
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    func text() -> String {
        var lines = ["\(file): \(valid ? "usable" : "NOT usable")\(format.map { " (\($0.uppercased()))" } ?? "")"]
        if let pointsIn, let pointsOut { lines.append("  points    \(pointsIn) in, \(pointsOut) out") }
        if let distanceRawMeters, let distanceMeters, format != "fit" {
            lines.append("  distance  \(Self.oneDecimal(distanceRawMeters)) m as recorded, \(Self.oneDecimal(distanceMeters)) m after cleaning")
        }
        if let startTime { lines.append("  start     \(startTime)") }
        if let durationSeconds {
            let total = Int(durationSeconds.rounded())
            lines.append("  duration  \(total / 3600):\(Self.twoDigits(total / 60 % 60)):\(Self.twoDigits(total % 60))")
        }
        if !removed.isEmpty {
            lines.append("  removed   " + removed.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if let bursts = corrected[CleaningReport.Correction.bursts], bursts > 0 {
            lines.append("  corrected \(bursts) burst\(bursts == 1 ? "" : "s") of reflected signal, moved back onto the track")
        }
        if let drifts = corrected[CleaningReport.Correction.drifts], drifts > 0 {
            lines.append("  corrected \(drifts) drift\(drifts == 1 ? "" : "s") that ended in a jump, moved back onto the track")
        }
        if let tracks = corrected[CleaningReport.Correction.athleticsTrack], tracks > 0 {
            let lanes = trackLanes.isEmpty ? "" : " of lane" + (trackLanes.count == 1 ? "" : "s") + " "
                + trackLanes.map(String.init).joined(separator: ", ")
            lines.append("  corrected \(tracks == 1 ? "a run" : "\(tracks) runs") on a 400 m athletics track, put on the running line\(lanes)")
        }
        if noiseStretches > 1 {
            lines.append("  noise     changed along the track: cleaned as \(noiseStretches) stretches, each with its own noise model")
        }
        for issue in issues { lines.append("  \(issue.severity == "error" ? "error  " : "warning") \(issue.code): \(issue.message)") }
        switch validation {
        case OutputValidation.full.rawValue: lines.append("  output    passes XSD validation")
        case OutputValidation.covering.rawValue:
            lines.append("  output    passes XSD validation of every segment's ends, every value's extremes and every kind of point (--full-validation checks every byte)")
        default: break
        }
        if let written { lines.append("  written   \(written)") }
        if let report { lines.append("  report    \(report)") }
        return lines.joined(separator: "\n")
    }
}
