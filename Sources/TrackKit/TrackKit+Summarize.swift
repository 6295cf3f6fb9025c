import Foundation

extension TrackKit {
    /// Cheap facts about an activity file. `data` may be gzipped (detected by its magic bytes); the
    /// content decides between FIT and XML, `format` only names what the caller expects.
    /// Throws `TrackError` when the file cannot be read as GPX, TCX or FIT.
    public static func summarize(data: Data, format: TrackFormat) throws -> TrackSummary {
        let source = ByteSource(data: data)
        let head = try source.prepare()
        if FITDetection.isFIT(head) || (format == .fit && !FITDetection.looksLikeXML(head)) {
            let inflated = FITDetection.isFIT(head) ? try FITReading.read(source, head: head) : try Inflate.all(source)
            let fit = try FITFile(data: source.gzipped ? inflated : data)
            return TrackSummary(fit: fit)
        }
        let result = try XMLTrackReader(source: source, expectedPoints: data.count / 100).read()
        return isIndoor(result) ? TrackSummary(indoor: result) : TrackSummary(result.track)
    }
}

extension TrackSummary {
    init(_ track: Track) {
        var count = 0
        var timed = 0
        var first: Date?
        var last: Date?
        for segment in track.segments {
            count += segment.count
            for point in segment {
                guard let time = point.time else { continue }
                timed += 1
                if first == nil { first = time }
                last = time
            }
        }
        self.init(
            format: track.format, pointCount: count, timedPointCount: timed, startTime: first, endTime: last,
            distanceMeters: Geodesy.length(of: track), sport: track.sport, name: track.name)
    }

    init(fit: FITFile) {
        self.init(
            format: .fit, pointCount: fit.recordCount, timedPointCount: fit.timedRecordCount,
            startTime: fit.firstTimestamp, endTime: fit.lastTimestamp, distanceMeters: 0, sport: fit.sport)
    }
}

extension TrackKit {
    /// Every point of a GPX or TCX file (`data` may be gzipped), as read, before any check or cleaning; nil for
    /// FIT, which TrackKit checks but does not decode. Throws `TrackError` when the file cannot be read.
    public static func track(data: Data) throws -> Track? {
        let source = ByteSource(data: data)
        let head = try source.prepare()
        if FITDetection.isFIT(head) { return nil }
        return try XMLTrackReader(source: source, expectedPoints: data.count / 100).read().track
    }
}
