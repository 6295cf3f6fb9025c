import Testing
@testable import StravaKit

@Test func StravaKitLinks() { #expect(Bool(true)) }
