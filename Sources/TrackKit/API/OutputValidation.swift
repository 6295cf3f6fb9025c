import Foundation

/// How much of the file `TrackKit.normalize` wrote was checked against the XSD before it was handed out.
///
/// Every output up to `fullLimitBytes` is validated in full. Above it, validating the whole file would
/// cost about as much as reading it again, so trackdrop validates a sample instead: the same document
/// header, metadata, segments (or laps) and footer, with an even sample of the points, written by the same
/// writer. The writer's correctness on every point shape is what the test suite guarantees by validating
/// every corpus output in full; the runtime check is a bounded safety net.
public enum OutputValidation: String, Sendable, Codable {
    /// The whole output passed XSD validation.
    case full
    /// A sample of the output (see `sampledPoints`) passed; the file was larger than `fullLimitBytes`.
    case sampled
    /// Not validated: nothing was written, FIT (passed through unchanged), `validateOutput` was off, or
    /// validation failed (an `output-invalid` issue then says why and the track is not usable).
    case skipped

    /// Outputs up to this size (16 MiB, about 160,000 GPX points) are validated in full.
    public static let fullLimitBytes = 16 << 20
    /// Points a sampled validation writes at most (plus the first and last of every segment).
    public static let sampledPoints = 20_000
}
