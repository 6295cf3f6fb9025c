import Foundation
import Testing

@testable import TrackKit

/// The one byte search that the reader, the split reader and the validator share.
@Suite struct ByteSearchTests {
    @Test func findsFromAnOffsetUpToTheVeryEnd() {
        let bytes = Array("<a><trkpt ><trkpt".utf8)
        #expect(ByteSearch.firstIndex(of: "<trkpt", in: bytes) == 3)
        #expect(ByteSearch.firstIndex(of: "<trkpt", in: bytes, from: 4) == 11)
        #expect(ByteSearch.firstIndex(of: "<trkpt", in: bytes, from: 12) == nil)
        #expect(ByteSearch.firstIndex(of: "<trkpt ><trkpt!", in: bytes) == nil)
        #expect(ByteSearch.firstIndex(of: "<x", in: []) == nil)
    }

    @Test func countsOverlappingOccurrences() {
        #expect(ByteSearch.count(of: "aa", in: Array("aaaa".utf8)) == 3)
        #expect(ByteSearch.count(of: "<Trackpoint>", in: Array("<Trackpoint></Trackpoint><Trackpoint>".utf8)) == 2)
    }

    @Test func countsLineFeedsOnly() {
        let text = Array("one\ntwo\r\nthree\rfour\n".utf8)
        #expect(text.withUnsafeBytes { ByteSearch.newlines(in: $0) } == 3)
    }
}
