import Testing
@testable import TrackDrop

@Test func TrackDropLinks() { #expect(Bool(true)) }
