import Foundation

/// How much of the file `TrackKit.normalize` wrote was checked against the XSD before it was handed out.
///
/// Validating every byte costs about as much as reading the file again (libxml2 validates at roughly
/// 35 MB/s a core here). So `NormalizeOptions.validateEveryByte` chooses between two depths:
/// - every byte, up to `fullLimitBytes` (the daemon and `upload`, where the network dominates);
/// - a covering sample (`trackdrop check` unless `--full-validation`, and any file above
///   `fullLimitBytes`): the same header, segments (or laps) and footer written by the same writer, with
///   each segment's ends, the points holding each value's extremes, one point of every combination of
///   values, and an even sample (see `TrackKit.covering`). Each value is formatted on its own, so those
///   are the points where a schema rule can break. The test suite validates every corpus output in full.
public enum OutputValidation: String, Sendable, Codable {
    /// The whole output passed XSD validation.
    case full
    /// The covering sample of the output passed (see above).
    case covering
    /// Not validated: nothing was written, FIT (passed through unchanged), `validateOutput` was off, or
    /// validation failed (an `output-invalid` issue then says why and the track is not usable).
    case skipped

    /// With `validateEveryByte`, outputs up to this size (16 MiB, about 160,000 GPX points) are validated
    /// in full; larger ones on a covering sample with `sampledPoints` even points.
    public static let fullLimitBytes = 16 << 20
    /// Even points in the covering sample of an output above `fullLimitBytes`.
    public static let sampledPoints = 20_000
    /// Even points in the covering sample when `validateEveryByte` is off.
    public static let coveringEvenPoints = 128
}
