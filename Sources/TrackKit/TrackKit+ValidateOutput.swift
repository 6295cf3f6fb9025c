import Foundation
import Synchronization

extension TrackKit {
    /// Validates what `normalize` wrote. With `everyByte`, the whole output up to
    /// `OutputValidation.fullLimitBytes` is validated; otherwise (or above that size) a covering sample of
    /// it is (see `covering`). A failure becomes an `output-invalid` error issue. Returns how much was
    /// validated and whether the output may be used.
    static func validateWritten(
        _ track: Track, byteCount: Int, everyByte: Bool, issues: inout [TrackIssue], contents: () throws -> Data
    ) -> (OutputValidation, Bool) {
        guard everyByte, byteCount <= OutputValidation.fullLimitBytes else {
            let evenPoints = everyByte ? OutputValidation.sampledPoints : OutputValidation.coveringEvenPoints
            let (validation, issue) = validateCovering(track, evenPoints: evenPoints)
            if let issue { issues.append(issue) }
            return (validation, issue == nil)
        }
        do {
            try SchemaValidator.validateWritten(try contents(), format: track.format)
            return (.full, true)
        } catch {
            issues.append(outputInvalid(error))
            return (.skipped, false)
        }
    }

    /// Writes the covering sample of `track` with the same writer and validates it. Returns `.full` when
    /// the sample is the whole track, `.covering` otherwise, or the `output-invalid` issue. Touches nothing
    /// but its arguments, so it can run beside the writer on another thread.
    static func validateCovering(_ track: Track, evenPoints: Int) -> (OutputValidation, TrackIssue?) {
        let (sample, whole) = covering(track, evenPoints: evenPoints)
        do {
            let document = track.format == .tcx ? TCXWriter.write(sample) : GPXWriter.write(sample)
            try SchemaValidator.validateWritten(document, format: track.format)
            return (whole ? .full : .covering, nil)
        } catch {
            return (.skipped, outputInvalid(error))
        }
    }

    private static func outputInvalid(_ error: any Error) -> TrackIssue {
        if let error = error as? TrackError {
            return .error(error.code == .unreadable ? .outputInvalid : error.code, error.message)
        }
        return .error(.outputInvalid, "cannot validate the written file: \(error)")
    }

    /// The same track with every segment (so every TCX lap) kept, thinned to the points that show every
    /// way the writer writes a point in this track:
    /// - the first and last point of every segment;
    /// - for each optional value (elevation, time, heart rate, cadence, temperature, power, speed,
    ///   distance) and for latitude and longitude, the point with the smallest and the one with the
    ///   largest value, and every point whose value is not a finite number;
    /// - the first point of every combination of present values (each combination is its own sequence of
    ///   elements);
    /// - an even sample of about `evenPoints` more.
    ///
    /// Every schema rule on a point's content is a range, a lexical form or an element order, and the
    /// writers format each value on its own: extremes and combinations are what can break a rule that the
    /// rest of the points keep. `whole` is true when the sample is the entire track.
    static func covering(_ track: Track, evenPoints: Int) -> (sample: Track, whole: Bool) {
        let total = track.segments.reduce(0) { $0 + $1.count }
        let stride = max(1, (total + max(evenPoints, 1) - 1) / max(evenPoints, 1))
        guard stride > 1 else { return (track, true) }
        var keep = [Bool](repeating: false, count: total)
        var extremes = Extremes()
        var firstOfShape = [Int](repeating: -1, count: 256)
        var base = 0
        for segment in track.segments {
            defer { base += segment.count }
            guard !segment.isEmpty else { continue }
            keep[base] = true
            keep[base + segment.count - 1] = true
            for (offset, point) in segment.enumerated() {
                let index = base + offset
                if index % stride == 0 { keep[index] = true }
                let shape = Int(point.presence)
                if firstOfShape[shape] < 0 { firstOfShape[shape] = index }
                if !extremes.add(point, at: index) { keep[index] = true }
            }
        }
        for index in firstOfShape where index >= 0 { keep[index] = true }
        for index in extremes.indices { keep[index] = true }

        var sample = track
        base = 0
        sample.segments = track.segments.map { segment in
            defer { base += segment.count }
            var kept: [TrackPoint] = []
            for offset in segment.indices where keep[base + offset] { kept.append(segment[offset]) }
            return kept
        }
        let kept = keep.reduce(0) { $0 + ($1 ? 1 : 0) }
        return (sample, kept == total)
    }

    /// The smallest and largest value of every field over a track's points, with the index of the point
    /// that holds it.
    private struct Extremes {
        private static let fields = 10
        private var low = [Double](repeating: .infinity, count: fields)
        private var high = [Double](repeating: -.infinity, count: fields)
        private var lowIndex = [Int](repeating: -1, count: fields)
        private var highIndex = [Int](repeating: -1, count: fields)

        /// Records the point's values; false when one of them is not a finite number (keep that point).
        mutating func add(_ point: TrackPoint, at index: Int) -> Bool {
            var finite = true
            @inline(__always) func note(_ field: Int, _ value: Double?) {
                guard let value else { return }
                guard value.isFinite else {
                    finite = false
                    return
                }
                if value < low[field] { low[field] = value; lowIndex[field] = index }
                if value > high[field] { high[field] = value; highIndex[field] = index }
            }
            note(0, point.latitude)
            note(1, point.longitude)
            note(2, point.elevation)
            note(3, point.time?.timeIntervalSinceReferenceDate)
            note(4, point.heartRate.map(Double.init))
            note(5, point.cadence.map(Double.init))
            note(6, point.temperature)
            note(7, point.power.map(Double.init))
            note(8, point.speed)
            note(9, point.distance)
            return finite
        }

        var indices: [Int] { (lowIndex + highIndex).filter { $0 >= 0 } }
    }
}

/// A covering validation (`TrackKit.validateCovering`) running on its own thread, beside the writer.
struct BackgroundValidation: Sendable {
    private let work: SecondThread<OutputValidationResult>

    /// Starts validating `track`'s covering sample on a new thread.
    static func start(_ track: Track, evenPoints: Int) -> BackgroundValidation {
        BackgroundValidation(work: SecondThread {
            let (validation, issue) = TrackKit.validateCovering(track, evenPoints: evenPoints)
            return OutputValidationResult(validation: validation, issue: issue)
        })
    }

    /// Waits for the validation to end.
    func wait() -> (OutputValidation, TrackIssue?) {
        let result = work.join()
        return (result.validation, result.issue)
    }
}

/// What a covering validation found, handed back from its thread.
struct OutputValidationResult: Sendable {
    var validation: OutputValidation
    var issue: TrackIssue?
}
