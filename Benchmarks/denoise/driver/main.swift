import Foundation

// Benchmark driver for the cleaning engine alone: GPX in, TrackCleaner, GPX out (positions and times).
// Used by Benchmarks/denoise.sh when the built `trackdrop check --out` is not available.
// Usage: denoise-driver IN.gpx OUT.gpx [SPORT]

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: denoise-driver IN.gpx OUT.gpx [SPORT]\n".utf8))
    exit(2)
}
// The output is written atomically (a temporary file renamed over the path), so a device or a FIFO there would be
// replaced by a regular file: run as root with /dev/null as the output, that takes the device away from the machine.
if let attributes = try? FileManager.default.attributesOfItem(atPath: arguments[2]),
   let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
    FileHandle.standardError.write(Data("denoise-driver: \(arguments[2]) is not a regular file; the output is renamed into place and would replace it\n".utf8))
    exit(2)
}
do {
    let track = try SyntheticLoader.load(contentsOf: URL(fileURLWithPath: arguments[1]))
    let sport = arguments.count > 3 ? arguments[3] : track.sport
    let (cleaned, report) = TrackCleaner.clean(track, options: CleaningOptions(sport: sport))
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"trackdrop\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n <trk>\n"
    for segment in cleaned.segments {
        out += "  <trkseg>\n"
        for p in segment {
            out += "   <trkpt lat=\"\(String(format: "%.7f", p.latitude))\" lon=\"\(String(format: "%.7f", p.longitude))\">"
            if let e = p.elevation { out += "<ele>\(e)</ele>" }
            if let t = p.time { out += "<time>\(formatter.string(from: t))</time>" }
            out += "</trkpt>\n"
        }
        out += "  </trkseg>\n"
    }
    out += " </trk>\n</gpx>\n"
    try out.write(toFile: arguments[2], atomically: true, encoding: .utf8)
    let encoded = try JSONEncoder().encode(report)
    print(String(decoding: encoded, as: UTF8.self))
} catch {
    FileHandle.standardError.write(Data("denoise-driver: \(error)\n".utf8))
    exit(1)
}
