import CLibXML2
import Foundation

/// The state of one SAX2 parse of a GPX or TCX file: libxml2 calls back into it for every element and
/// text run, and it keeps only the points (never a tree of the document).
///
/// It lives behind an `UnsafeMutablePointer` handed to libxml2 as the callbacks' context, so the hot
/// callbacks mutate it in place without reference counting or dynamic exclusivity checks.
struct SAXTrackParser {
    /// The parser context, for line numbers and for stopping the parse.
    var context: xmlParserCtxtPtr?
    /// Set when a callback refuses the document; the parse is stopped and this is thrown.
    var failure: TrackError?
    let errors = ParseErrorSink()

    private(set) var sawRoot = false
    /// Elements open now; the root is at index 0.
    private(set) var depth = 0
    private var stack: [ElementKind]
    private var kinds = ElementKindCache()
    private var result = ReadResult(track: Track(format: .gpx))
    private(set) var format: TrackFormat = .gpx
    private(set) var formatName = "XML"

    private var point = TrackPoint(latitude: .nan, longitude: .nan)
    private var pointLine = 0
    private var inPoint = false
    private var segment: [TrackPoint] = []
    private var lap: Lap?
    private(set) var trackCount = 0
    /// The last name given to the first `<trk>` this parser saw open; for a parser that continues a track
    /// (`SplitGPXReader`) that is the continued track's.
    private(set) var firstTrackName: String?
    /// Text longer than this is cut: no name or number in an activity file comes near it.
    private static let textLimit = 64 * 1024
    /// Text of the innermost open element, gathered across `characters` calls (libxml2 may split it).
    private var text: [UInt8] = []
    private var collecting = false
    /// The start tags (qualified name and namespace declarations) of the open elements at depths 0–2, so
    /// a second parser can be started in the middle of the same track (`SplitGPXReader`).
    private(set) var outerTags = ["", "", ""]
    /// Set on a parser that starts in the middle of a segment: its first segment continues the one the
    /// parser before it left open, so it is kept even when empty.
    var continuesSegment = false

    init(expectedPoints: Int) {
        stack = [ElementKind](repeating: .other, count: LibXML.maximumDepth + 1)
        segment.reserveCapacity(expectedPoints)
        text.reserveCapacity(256)
    }

    /// The callbacks libxml2 needs; everything else (DTD handling, entity lookup) stays off.
    static var handler: xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let context, let localName else { return }
            let parser = context.assumingMemoryBound(to: SAXTrackParser.self)
            if parser.pointee.depth < 3 {
                parser.pointee.outerTags[parser.pointee.depth] = SAXTrackParser.startTag(
                    localName, prefix: prefix, namespaceCount: Int(namespaceCount), namespaces: namespaces)
            }
            parser.pointee.startElement(localName, attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.endElementNs = { context, _, _, _ in
            context?.assumingMemoryBound(to: SAXTrackParser.self).pointee.endElement()
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes, length > 0 else { return }
            let parser = context.assumingMemoryBound(to: SAXTrackParser.self)
            let room = SAXTrackParser.textLimit - parser.pointee.text.count
            if parser.pointee.collecting, room > 0 {
                parser.pointee.text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: min(Int(length), room)))
            }
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.internalSubset = { context, _, _, _ in
            context?.assumingMemoryBound(to: SAXTrackParser.self).pointee
                .refuseUnsafe("the document has a DOCTYPE declaration")
        }
        handler.entityDecl = { context, _, _, _, _, _ in
            context?.assumingMemoryBound(to: SAXTrackParser.self).pointee
                .refuseUnsafe("the document declares entities")
        }
        handler.reference = { context, _ in
            context?.assumingMemoryBound(to: SAXTrackParser.self).pointee
                .refuseUnsafe("the document uses entity references")
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            context.assumingMemoryBound(to: SAXTrackParser.self).pointee.errors.record(error)
        }
        return handler
    }

    /// `<prefix:name xmlns:p="uri"...>`, enough to open the same element again in a fresh parser.
    static func startTag(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) -> String {
        var tag = "<"
        if let prefix { tag += String(cString: prefix) + ":" }
        tag += String(cString: localName)
        for index in 0..<namespaceCount {
            tag += " xmlns"
            if let declared = namespaces?[index * 2] { tag += ":" + String(cString: declared) }
            let uri = namespaces?[index * 2 + 1].map { String(cString: $0) } ?? ""
            tag += "=\"" + uri.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;") + "\""
        }
        return tag + ">"
    }

    /// The kinds of the open elements, outermost first.
    var openKinds: ArraySlice<ElementKind> { stack[0..<depth] }

    /// Inside a point, or gathering an element's text: not a place where a parse can be handed over.
    var isMidElement: Bool { inPoint || collecting }

    /// Hands over the points of the segment still open, leaving the parser without them.
    mutating func takeOpenSegment() -> [TrackPoint] {
        defer { segment = [] }
        return segment
    }

    /// Hands over what was read; call once, after the parse ended well.
    mutating func finish(gzipped: Bool) -> ReadResult {
        if !segment.isEmpty { result.track.segments.append(segment) }
        segment = []
        result.gzipped = gzipped
        result.track.format = format
        // Handed over, not shared: a copy left here would make the caller's first change to the points
        // copy all of them.
        defer { result = ReadResult(track: Track(format: format)) }
        return result
    }

    var line: Int {
        guard let context else { return 0 }
        return Int(xmlSAX2GetLineNumber(context))
    }

    mutating func refuse(_ error: TrackError) {
        guard failure == nil else { return }
        failure = error
        if let context { xmlStopParser(context) }
    }

    mutating func refuseUnsafe(_ detail: String) {
        refuse(.unsafe(detail, line: line > 0 ? line : nil))
    }

    // MARK: elements

    private var top: ElementKind { depth >= 1 ? stack[depth - 1] : .other }
    private var parent: ElementKind { depth >= 2 ? stack[depth - 2] : .other }
    private var grandparent: ElementKind { depth >= 3 ? stack[depth - 3] : .other }

    private mutating func startElement(
        _ localName: UnsafePointer<xmlChar>, attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard failure == nil else { return }
        guard depth < LibXML.maximumDepth else {
            refuseUnsafe("elements nested deeper than \(LibXML.maximumDepth) levels")
            return
        }
        let kind = kinds.kind(localName)
        let attributes = Attributes(count: attributeCount, values: attributes)
        stack[depth] = kind
        depth += 1
        text.removeAll(keepingCapacity: true)
        collecting = kind.carriesText

        guard sawRoot else {
            sawRoot = true
            switch kind {
            case .gpx:
                format = .gpx
                formatName = "GPX"
                result.track.creator = attributes.string("creator")
            case .trainingCenterDatabase:
                format = .tcx
                formatName = "TCX"
            default:
                refuse(TrackError(
                    code: .notATrack,
                    message: "not a GPX or TCX file: the root element is <\(String(cString: localName))>; export the activity as GPX, TCX or FIT"))
            }
            return
        }
        switch kind {
        case .trkpt, .trackpoint:
            inPoint = true
            pointLine = line
            point = TrackPoint(latitude: .nan, longitude: .nan, sourceLine: pointLine)
            if kind == .trkpt { readCoordinates(attributes) }
        case .trk:
            trackCount += 1
        case .trkseg:
            flushSegment()
        case .wpt:
            result.waypointCount += 1
        case .rtept:
            result.routePointCount += 1
        case .activity:
            if result.track.sport == nil { result.track.sport = attributes.string("Sport") }
        case .course:
            result.isCourse = true
        case .lap:
            flushSegment()
            if parent == .course {
                lap = nil
            } else {
                let start = attributes.string("StartTime").flatMap(TextScanner.time(string:))
                lap = Lap(startTime: Date(timeIntervalSince1970: start?.seconds ?? 0), totalTimeSeconds: 0, distanceMeters: 0)
            }
        default:
            break
        }
    }

    private mutating func endElement() {
        guard failure == nil, depth > 0 else { return }
        let kind = top
        if collecting {
            text.withUnsafeBufferPointer { handleText(kind, $0) }
            collecting = false
        }
        depth -= 1
        switch kind {
        case .trkpt, .trackpoint:
            inPoint = false
            finishPoint()
        case .trkseg:
            flushSegment()
        case .lap:
            if var finished = lap {
                finished.points = segment
                result.track.laps.append(finished)
                lap = nil
            }
            flushSegment()
        default:
            break
        }
    }

    private mutating func flushSegment() {
        if continuesSegment {
            continuesSegment = false
            result.track.segments.append(segment)
            segment = []
        } else if !segment.isEmpty {
            result.track.segments.append(segment)
            segment = []
        }
    }

    private mutating func finishPoint() {
        guard point.latitude.isFinite, point.longitude.isFinite else {
            result.pointsWithoutPosition += 1
            if result.firstPointWithoutPositionLine == nil { result.firstPointWithoutPositionLine = pointLine }
            if let time = point.time {
                result.timedWithoutPosition += 1
                result.firstTimeWithoutPosition = min(result.firstTimeWithoutPosition ?? time, time)
                result.lastTimeWithoutPosition = max(result.lastTimeWithoutPosition ?? time, time)
            }
            if let distance = point.distance, distance.isFinite {
                result.distanceWithoutPosition = max(result.distanceWithoutPosition ?? 0, distance)
            }
            return
        }
        segment.append(point)
    }

    private mutating func readCoordinates(_ attributes: Attributes) {
        for index in 0..<attributes.count {
            let name = attributes.name(index)
            if name[0] == UInt8(ascii: "l"), name[1] == UInt8(ascii: "a"), name[2] == UInt8(ascii: "t"), name[3] == 0 {
                point.latitude = TextScanner.double(attributes.value(index)) ?? .nan
            } else if name[0] == UInt8(ascii: "l"), name[1] == UInt8(ascii: "o"), name[2] == UInt8(ascii: "n"), name[3] == 0 {
                point.longitude = TextScanner.double(attributes.value(index)) ?? .nan
            }
        }
    }

    // MARK: text

    private mutating func handleText(_ kind: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        if inPoint {
            pointText(kind, bytes)
            return
        }
        switch kind {
        case .name:
            if parent == .trk, trackCount == 1 || result.track.name == nil {
                result.track.name = Self.string(bytes)
                if trackCount == 1 { firstTrackName = result.track.name }
            } else if parent == .metadata || parent == .gpx, result.track.name == nil {
                result.track.name = Self.string(bytes)
            }
        case .type:
            if parent == .trk, result.track.sport == nil { result.track.sport = Self.string(bytes) }
        case .tcxName:
            if parent == .creator, result.track.creator == nil {
                result.track.creator = Self.string(bytes)
            } else if parent == .course, result.track.name == nil {
                result.track.name = Self.string(bytes)
            }
        default:
            if parent == .lap { lapText(kind, bytes) } else if grandparent == .lap, kind == .value { lapHeartRate(bytes) }
        }
    }

    private mutating func lapText(_ kind: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard lap != nil else { return }
        switch kind {
        case .totalTimeSeconds: lap?.totalTimeSeconds = TextScanner.double(bytes) ?? 0
        case .distanceMeters: lap?.distanceMeters = TextScanner.double(bytes) ?? 0
        case .maximumSpeed: lap?.maximumSpeed = TextScanner.double(bytes)
        case .calories: lap?.calories = TextScanner.integer(bytes) ?? 0
        case .intensity: lap?.intensity = Self.string(bytes) ?? "Active"
        case .triggerMethod: lap?.triggerMethod = Self.string(bytes) ?? "Manual"
        case .tcxCadence: lap?.cadence = TextScanner.integer(bytes)
        default: break
        }
    }

    private mutating func lapHeartRate(_ bytes: UnsafeBufferPointer<UInt8>) {
        if parent == .averageHeartRateBpm {
            lap?.averageHeartRate = TextScanner.integer(bytes)
        } else if parent == .maximumHeartRateBpm {
            lap?.maximumHeartRate = TextScanner.integer(bytes)
        }
    }

    private mutating func pointText(_ kind: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch kind {
        case .time, .tcxTime:
            if parent == .trkpt || parent == .trackpoint { setTime(bytes) }
        case .ele, .altitudeMeters:
            if parent == .trkpt || parent == .trackpoint { point.elevation = TextScanner.double(bytes) }
        case .latitudeDegrees:
            point.latitude = TextScanner.double(bytes) ?? .nan
        case .longitudeDegrees:
            point.longitude = TextScanner.double(bytes) ?? .nan
        case .heartRate:
            point.heartRate = TextScanner.integer(bytes)
        case .value:
            if parent == .heartRateBpm { point.heartRate = TextScanner.integer(bytes) }
        case .cadence, .tcxCadence:
            point.cadence = TextScanner.integer(bytes)
        case .runCadence:
            if point.cadence == nil { point.cadence = TextScanner.integer(bytes) }
        case .temperature:
            point.temperature = TextScanner.double(bytes)
        case .power, .watts:
            point.power = TextScanner.integer(bytes)
        case .speed, .tcxSpeed:
            point.speed = TextScanner.double(bytes)
        case .distance, .distanceMeters:
            point.distance = TextScanner.double(bytes)
        default:
            break
        }
    }

    private mutating func setTime(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let time = TextScanner.time(bytes) else {
            result.unreadableTimes += 1
            if result.firstUnreadableTimeLine == nil { result.firstUnreadableTimeLine = pointLine }
            return
        }
        if !time.hadZone {
            result.zonelessTimes += 1
            if result.firstZonelessLine == nil { result.firstZonelessLine = pointLine }
            result.track.hadZonelessTimes = true
        }
        point.time = Date(timeIntervalSince1970: time.seconds)
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: TextScanner.trimmed(bytes), as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}

/// SAX2's attribute array: five pointers per attribute (local name, prefix, URI, value start, value end).
private struct Attributes {
    let count: Int
    let values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    func name(_ index: Int) -> UnsafePointer<xmlChar> {
        values![index * 5]!
    }

    func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let start = values?[index * 5 + 3], let end = values?[index * 5 + 4] else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    func string(_ wanted: StaticString) -> String? {
        for index in 0..<count where strcmp(UnsafeRawPointer(name(index)).assumingMemoryBound(to: CChar.self),
                                            UnsafeRawPointer(wanted.utf8Start).assumingMemoryBound(to: CChar.self)) == 0 {
            return String(decoding: value(index), as: UTF8.self)
        }
        return nil
    }
}

/// Element kinds by the address of libxml2's interned name: each distinct name is looked up by string
/// once, then found by pointer. A document with very many distinct names fills the table and the rest
/// are looked up by string every time, which is slower but bounded.
private struct ElementKindCache {
    private static let size = 256
    private var names = [UnsafePointer<xmlChar>?](repeating: nil, count: size)
    private var kinds = [ElementKind](repeating: .other, count: size)

    mutating func kind(_ name: UnsafePointer<xmlChar>) -> ElementKind {
        let mask = Self.size - 1
        var slot = Int(truncatingIfNeeded: UInt(bitPattern: name) >> 3) & mask
        for _ in 0..<8 {
            guard let cached = names[slot] else {
                let kind = ElementKind(localName: String(cString: name))
                names[slot] = name
                kinds[slot] = kind
                return kind
            }
            if cached == name { return kinds[slot] }
            slot = (slot + 1) & mask
        }
        return ElementKind(localName: String(cString: name))
    }
}
