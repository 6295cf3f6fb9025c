import CLibXML2
import Foundation

/// The state of one SAX2 parse of a GPX or TCX file: libxml2 calls back into it for every element and
/// text run, and it keeps only the points (never a tree of the document).
///
/// It lives behind an `UnsafeMutablePointer` handed to libxml2 as the callbacks' context, so the hot
/// callbacks mutate it in place without reference counting or dynamic exclusivity checks.
///
/// In parts: the C callback table (`+Handler`), elements (`+Elements`), text (`+Text`), what the split reader
/// needs (`+SplitReading`); `SAXAttributes` and `ElementKindCache` are its helpers.
struct SAXTrackParser {
    /// The parser context, for line numbers and for stopping the parse.
    var context: xmlParserCtxtPtr?
    /// Set when a callback refuses the document; the parse is stopped and this is thrown.
    var failure: TrackError?
    let errors = ParseErrorSink()

    var sawRoot = false
    /// Elements open now; the root is at index 0.
    var depth = 0
    var stack: [ElementKind]
    var kinds = ElementKindCache()
    var result = ReadResult(track: Track(format: .gpx))
    var format: TrackFormat = .gpx
    var formatName = "XML"

    var point = TrackPoint(latitude: .nan, longitude: .nan)
    var pointLine = 0
    var inPoint = false
    var segment: [TrackPoint] = []
    var lap: Lap?
    var trackCount = 0
    /// The last name given to the first `<trk>` this parser saw open; for a parser that continues a track
    /// (`SplitGPXReader`) that is the continued track's.
    var firstTrackName: String?
    /// Text longer than this is cut: no name or number in an activity file comes near it.
    static let textLimit = 64 * 1024
    /// Text of the innermost open element, gathered across `characters` calls (libxml2 may split it).
    var text: [UInt8] = []
    var collecting = false
    /// The start tags (qualified name and namespace declarations) of the open elements at depths 0–2, so
    /// a second parser can be started in the middle of the same track (`SplitGPXReader`).
    var outerTags = ["", "", ""]
    /// Set on a parser that starts in the middle of a segment: its first segment continues the one the
    /// parser before it left open, so it is kept even when empty.
    var continuesSegment = false

    init(expectedPoints: Int) {
        stack = [ElementKind](repeating: .other, count: LibXML.maximumDepth + 1)
        segment.reserveCapacity(expectedPoints)
        text.reserveCapacity(256)
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
}
