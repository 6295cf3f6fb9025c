import Testing
@testable import StravaSandbox

@Test func StravaSandboxLinks() { #expect(Bool(true)) }
