import Foundation
import Testing

@testable import StravaSandbox

@Suite("Processing delay", .timeLimit(.minutes(2)))
struct ProcessingDelayTests {
    /// 20,000 draws from the seeded generator: the statistics are fixed for a seed, not timed.
    static func sample(_ configure: (inout SandboxConfiguration) -> Void = { _ in }) -> [Double] {
        var configuration = SandboxConfiguration()
        configure(&configuration)
        var state = SandboxState(configuration: configuration)
        return (0..<20_000).map { _ in state.processingDelay() }.sorted()
    }

    @Test func defaultHasMedianAboutOneAndAHalfSecondsMeanUnderTwoAndALongTail() {
        let delays = Self.sample()
        let median = delays[delays.count / 2]
        let mean = delays.reduce(0, +) / Double(delays.count)
        let p99 = delays[delays.count * 99 / 100]
        #expect(abs(median - 1.5) < 0.1, "median \(median)")
        #expect(mean < 2 && mean > 1.5, "mean \(mean)")
        #expect(p99 > 3 * median, "p99 \(p99)")
        #expect(delays.allSatisfy { $0 > 0 })
    }

    @Test func scaleAndFixedValueApply() {
        let scaled = Self.sample { $0.processingScale = 0.01 }
        #expect(abs(scaled[scaled.count / 2] - 0.015) < 0.002)
        let fixed = Self.sample { $0.processingFixedSeconds = 0.25 }
        #expect(fixed.allSatisfy { $0 == 0.25 })
    }
}
