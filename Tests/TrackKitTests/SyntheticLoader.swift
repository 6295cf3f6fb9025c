import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TrackKit

/// A test-only GPX/TCX point loader (Foundation's XMLParser), so the cleaning tests read corpus and sample
/// files without depending on the production reader they are meant to check independently.
final class SyntheticLoader: NSObject, XMLParserDelegate {
    private var segments: [[TrackPoint]] = []
    private var current: [TrackPoint] = []
    private var point: TrackPoint?
    private var text = ""
    private var tcxLat: Double?
    private var tcxLon: Double?
    private var isTCX = false
    private(set) var sport: String?
    private let plainDates = ISO8601DateFormatter()
    private let fractionalDates: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// Reads every track point of a GPX or TCX file; each GPX `trkseg` or TCX `Lap` is one segment.
    static func load(_ data: Data) throws -> Track {
        let loader = SyntheticLoader()
        let parser = XMLParser(data: data)
        parser.delegate = loader
        guard parser.parse() else {
            throw LoaderError(message: "XMLParser failed: \(parser.parserError.map { "\($0)" } ?? "unknown")")
        }
        if !loader.current.isEmpty { loader.segments.append(loader.current) }
        return Track(format: loader.isTCX ? .tcx : .gpx, sport: loader.sport, segments: loader.segments)
    }

    static func load(contentsOf url: URL) throws -> Track {
        try load(Data(contentsOf: url))
    }

    struct LoaderError: Error, CustomStringConvertible { var message: String; var description: String { message } }

    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        let name = Self.localName(elementName)
        text = ""
        switch name {
        case "TrainingCenterDatabase": isTCX = true
        case "Activity": sport = attributes["Sport"]
        case "trkseg", "Lap":
            if !current.isEmpty { segments.append(current) }
            current = []
        case "trkpt":
            point = TrackPoint(
                latitude: Double(attributes["lat"] ?? "") ?? .nan, longitude: Double(attributes["lon"] ?? "") ?? .nan)
        case "Trackpoint":
            point = TrackPoint(latitude: .nan, longitude: .nan)
            tcxLat = nil; tcxLon = nil
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        let name = Self.localName(elementName)
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { text = "" }
        if name == "type", point == nil, sport == nil, !value.isEmpty { sport = value }
        guard var p = point else { return }
        switch name {
        case "ele", "AltitudeMeters": p.elevation = Double(value)
        case "time", "Time": p.time = plainDates.date(from: value) ?? fractionalDates.date(from: value)
        case "hr": p.heartRate = Int(value)
        case "Value": p.heartRate = Int(value)
        case "cad", "Cadence", "RunCadence": p.cadence = Int(value)
        case "atemp": p.temperature = Double(value)
        case "power", "Watts": p.power = Int(value)
        case "LatitudeDegrees": tcxLat = Double(value)
        case "LongitudeDegrees": tcxLon = Double(value)
        case "DistanceMeters": p.distance = Double(value)
        case "trkpt":
            if p.latitude.isFinite, p.longitude.isFinite { current.append(p) }
            point = nil
            return
        case "Trackpoint":
            if let lat = tcxLat, let lon = tcxLon {
                p.latitude = lat; p.longitude = lon
                current.append(p)
            }
            point = nil
            return
        default: break
        }
        point = p
    }
}
