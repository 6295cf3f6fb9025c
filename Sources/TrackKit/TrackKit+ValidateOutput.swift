import Foundation

extension TrackKit {
    /// Validates what `normalize` wrote: in full up to `OutputValidation.fullLimitBytes`, otherwise an
    /// even sample of the points written by the same writer (see `OutputValidation`). A failure becomes an
    /// `output-invalid` error issue. Returns how much was validated and whether the output may be used.
    static func validateWritten(
        _ track: Track, byteCount: Int, issues: inout [TrackIssue], contents: () throws -> Data
    ) -> (OutputValidation, Bool) {
        do {
            if byteCount <= OutputValidation.fullLimitBytes {
                try SchemaValidator.validateWritten(try contents(), format: track.format)
                return (.full, true)
            }
            let sample = sampled(track, keeping: OutputValidation.sampledPoints)
            let document = track.format == .tcx ? TCXWriter.write(sample) : GPXWriter.write(sample)
            try SchemaValidator.validateWritten(document, format: track.format)
            return (.sampled, true)
        } catch let error as TrackError {
            issues.append(.error(error.code == "unreadable" ? "output-invalid" : error.code, error.message))
        } catch {
            issues.append(.error("output-invalid", "cannot validate the written file: \(error)"))
        }
        return (.skipped, false)
    }

    /// The same track with every segment (so every TCX lap) kept but thinned to about `limit` points in
    /// all, always keeping each segment's first and last point.
    static func sampled(_ track: Track, keeping limit: Int) -> Track {
        let total = track.segments.reduce(0) { $0 + $1.count }
        let stride = max(1, (total + limit - 1) / limit)
        var sample = track
        sample.segments = track.segments.map { segment in
            guard segment.count > 2, stride > 1 else { return segment }
            var kept: [TrackPoint] = []
            kept.reserveCapacity(segment.count / stride + 2)
            for index in Swift.stride(from: 0, to: segment.count, by: stride) { kept.append(segment[index]) }
            if (segment.count - 1) % stride != 0 { kept.append(segment[segment.count - 1]) }
            return kept
        }
        return sample
    }
}
