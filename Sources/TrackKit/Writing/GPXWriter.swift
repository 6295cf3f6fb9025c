import Foundation

/// Writes a track as GPX 1.1 with Garmin's TrackPointExtension v2 (atemp, hr, cad, speed) and power as
/// Garmin's PowerExtension `PowerInWatts`, which GPX admits through `<extensions>` (`##other`, lax).
enum GPXWriter {
    static func write(_ track: Track) -> Data {
        let pointCount = track.segments.reduce(0) { $0 + $1.count }
        var out = OutputBuffer(capacity: pointCount * 160 + 1024)
        write(track, to: &out)
        return out.data()
    }

    static func write(_ track: Track, to out: inout OutputBuffer) {
        writeHeader(track, to: &out)
        writePoints(track, 0..<track.segments.reduce(0) { $0 + $1.count }, to: &out)
        writeFooter(to: &out)
    }

    /// Everything before the first segment.
    static func writeHeader(_ track: Track, to out: inout OutputBuffer) {
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"")
        out.escaped(track.creator ?? "trackdrop")
        out.raw("""
            " xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
            xmlns:pwr="http://www.garmin.com/xmlschemas/PowerExtension/v1" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd \
            http://www.garmin.com/xmlschemas/TrackPointExtension/v2 \
            http://www.garmin.com/xmlschemas/TrackPointExtensionv2.xsd">

            """)
        let start = track.segments.lazy.flatMap { $0 }.first { $0.time != nil }?.time
        if track.name != nil || start != nil {
            out.raw(" <metadata>\n")
            if let name = track.name {
                out.raw("  <name>")
                out.escaped(name)
                out.raw("</name>\n")
            }
            if let start {
                out.raw("  <time>")
                out.time(start)
                out.raw("</time>\n")
            }
            out.raw(" </metadata>\n")
        }
        out.raw(" <trk>\n")
        if let name = track.name {
            out.raw("  <name>")
            out.escaped(name)
            out.raw("</name>\n")
        }
        if let sport = track.sport {
            out.raw("  <type>")
            out.escaped(sport)
            out.raw("</type>\n")
        }
    }

    /// The points whose index, counted over all segments, is in `range`, with a segment's start and end
    /// tags where its first and last point fall, so that consecutive ranges join into the whole body.
    static func writePoints(_ track: Track, _ range: Range<Int>, to out: inout OutputBuffer) {
        var first = 0
        for segment in track.segments {
            defer { first += segment.count }
            let lower = max(range.lowerBound - first, 0), upper = min(range.upperBound - first, segment.count)
            guard lower < upper else { continue }
            let local = lower..<upper
            if local.lowerBound == 0 { out.raw("  <trkseg>\n") }
            for index in local { write(segment[index], to: &out) }
            if local.upperBound == segment.count { out.raw("  </trkseg>\n") }
        }
    }

    static func writeFooter(to out: inout OutputBuffer) {
        out.raw(" </trk>\n</gpx>\n")
    }

    @inline(__always)
    private static func write(_ point: TrackPoint, to out: inout OutputBuffer) {
        out.raw("   <trkpt lat=\"")
        out.decimal(point.latitude, fractionDigits: 7)
        out.raw("\" lon=\"")
        out.longitude(point.longitude)
        out.raw("\">")
        if let elevation = point.elevation, elevation.isFinite {
            out.raw("<ele>")
            out.decimal(elevation, fractionDigits: 2)
            out.raw("</ele>")
        }
        if let time = point.time {
            out.raw("<time>")
            out.time(time)
            out.raw("</time>")
        }
        // TrackPointExtension v2 admits heart rates of 1–255 and cadences of 0–254; devices write 0 for a
        // strap that lost contact and 255 for "no cadence".
        let heartRate = point.heartRate.flatMap { (1...255).contains($0) ? $0 : nil }
        let cadence = point.cadence.flatMap { (0...254).contains($0) ? $0 : nil }
        let temperature = point.temperature.flatMap { $0.isFinite ? $0 : nil }
        let speed = point.speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        let power = point.power.flatMap { $0 >= 0 ? $0 : nil }
        let hasTPX = heartRate != nil || cadence != nil || temperature != nil || speed != nil
        if hasTPX || power != nil {
            out.raw("<extensions>")
            if let power {
                out.raw("<pwr:PowerInWatts>")
                out.integer(power)
                out.raw("</pwr:PowerInWatts>")
            }
            if hasTPX {
                out.raw("<gpxtpx:TrackPointExtension>")
                if let temperature {
                    out.raw("<gpxtpx:atemp>")
                    out.decimal(temperature, fractionDigits: 1)
                    out.raw("</gpxtpx:atemp>")
                }
                if let heartRate {
                    out.raw("<gpxtpx:hr>")
                    out.integer(heartRate)
                    out.raw("</gpxtpx:hr>")
                }
                if let cadence {
                    out.raw("<gpxtpx:cad>")
                    out.integer(cadence)
                    out.raw("</gpxtpx:cad>")
                }
                if let speed {
                    out.raw("<gpxtpx:speed>")
                    out.decimal(speed, fractionDigits: 3)
                    out.raw("</gpxtpx:speed>")
                }
                out.raw("</gpxtpx:TrackPointExtension>")
            }
            out.raw("</extensions>")
        }
        out.raw("</trkpt>\n")
    }
}
