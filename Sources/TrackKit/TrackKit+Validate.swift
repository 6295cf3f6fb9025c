import Foundation

extension TrackKit {
    /// Validates a GPX or TCX document against the bundled XSDs; FIT is not XML and always passes.
    /// Throws `TrackError` with code `output-invalid` naming the first violation.
    public static func validate(data: Data, format: TrackFormat) throws {
        try SchemaValidator.validate(data, format: format)
    }

    /// Writes a track in its own format (GPX 1.1 or TCX v2); FIT tracks cannot be written.
    public static func write(_ track: Track) throws -> Data {
        switch track.format {
        case .gpx: return GPXWriter.write(track)
        case .tcx: return TCXWriter.write(track)
        case .fit: throw TrackError(code: .unsupported, message: "trackdrop does not write FIT; FIT files are passed through unchanged")
        }
    }

    /// Reads a GPX or TCX file (possibly gzipped) into a `Track` without checking or cleaning it.
    public static func read(contentsOf url: URL) throws -> Track {
        let source = try ByteSource(contentsOf: url)
        return try XMLTrackReader(source: source, expectedPoints: 0).read().track
    }

    /// Reads GPX or TCX bytes (possibly gzipped) into a `Track` without checking or cleaning it.
    public static func read(data: Data) throws -> Track {
        try XMLTrackReader(source: ByteSource(data: data), expectedPoints: data.count / 100).read().track
    }
}
