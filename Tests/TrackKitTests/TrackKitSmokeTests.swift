import Testing
@testable import TrackKit

@Test func TrackKitLinks() { #expect(Bool(true)) }
