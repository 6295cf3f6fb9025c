import CLibXML2
import Foundation

/// What `SplitGPXReader` needs to hand a parse over to a second parser in the middle of a segment.
extension SAXTrackParser {
    /// The kinds of the open elements, outermost first.
    var openKinds: ArraySlice<ElementKind> { stack[0..<depth] }

    /// Inside a point, or gathering an element's text: not a place where a parse can be handed over.
    var isMidElement: Bool { inPoint || collecting }

    /// Hands over the points of the segment still open, leaving the parser without them.
    mutating func takeOpenSegment() -> [TrackPoint] {
        defer { segment = [] }
        return segment
    }
}
