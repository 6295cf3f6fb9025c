import Foundation
import Testing

@testable import TrackKit

/// The burst filter's search for clear jumps is made once a run, on two threads for a long one, and found again after
/// bursts, flashes and drifts are taken out only near the fixes they moved (`BurstFilter.Finder.clearJumps(updating:
/// from:)`). Both must find exactly what a whole search on one thread finds.
@Suite("Cleaning: the clear-jump search, found again and split")
struct ClearJumpSearchTests {
    /// A walk east at 1.2 m/s with 2 m of white noise, fixes every second from 0 to `seconds`, except every 0.05 s
    /// over `dense` (a crafted file packs fixes that close; there the windows and steps are bounded by their count of
    /// fixes, not by seconds). `offsets` are bursts across the way: from `start` to `end` seconds, `dy` metres.
    static func walk(
        seed: UInt64, seconds: Int, dense: Range<Int>? = nil, offsets: [(start: Double, end: Double, dy: Double)] = []
    ) -> [CleaningSample] {
        var random = SyntheticRandom(seed: seed)
        var times: [Double] = []
        for second in 0..<seconds {
            let fixes = dense?.contains(second) == true ? 20 : 1
            times += (0..<fixes).map { Double(second) + Double($0) / Double(fixes) }
        }
        return times.enumerated().map { index, t in
            let dy = offsets.first { $0.start <= t && t < $0.end }?.dy ?? 0
            return CleaningSample(source: index, t: t, x: 1.2 * t + 2 * random.gaussian(), y: dy + 2 * random.gaussian())
        }
    }

    /// Fixes moved as a burst's removal moves them: the bursts at 200–230 s and in the dense stretch taken out, a new
    /// offset put on the end of the dense stretch and beyond, and one fix thrown 40 m. The search found again near them gives the
    /// same jumps as a whole new search, and those differ from the jumps before (the moves changed what is found).
    /// Where a fix's candidate was taken to reach fewer fixes than it does (`candidateReach`), the searches disagree.
    @Test(arguments: [UInt64(1), 2, 3])
    func theSearchFoundAgainNearMovedFixesMatchesAWholeSearch(seed: UInt64) {
        let bursts: [(start: Double, end: Double, dy: Double)] = [(200, 230, 30), (400, 412, -28), (610, 622, 25)]
        let samples = Self.walk(seed: seed, seconds: 1200, dense: 600..<640, offsets: bursts)
        let range = 0..<samples.count
        let finder = BurstFilter.Finder(samples, range: range, interval: 1, sigma: 2)
        let candidates = finder.clearJumpCandidates()
        #expect(finder.largestOf(candidates) == finder.clearJumps())
        // Nothing moved: the jumps found before.
        let unmoved = BurstFilter.Finder(samples, range: range, judgingAs: finder)
        #expect(unmoved.clearJumps(updating: candidates, from: finder) == finder.clearJumps())
        // Candidates of a finder that judged otherwise (a louder noise, so higher floors) are not reused.
        let louder = BurstFilter.Finder(samples, range: range, interval: 1, sigma: 6)
        #expect(louder.clearJumps() != finder.clearJumps(), "seed \(seed): the louder noise changed nothing")
        #expect(finder.clearJumps(updating: louder.clearJumpCandidates(), from: louder) == finder.clearJumps())

        var moved = samples
        for i in range {
            let t = moved[i].t
            if let burst = bursts.first(where: { $0.start <= t && t < $0.end }), burst.start != 400 { moved[i].y -= burst.dy }
            if 628 <= t && t < 645 { moved[i].y -= 25 }
            if t == 900 { moved[i].y += 40 }
        }
        let after = BurstFilter.Finder(moved, range: range, judgingAs: finder)
        let whole = after.clearJumps()
        #expect(after.clearJumps(updating: candidates, from: finder) == whole, "seed \(seed)")
        #expect(whole != finder.clearJumps(), "seed \(seed): the moves changed no clear jump, so nothing was tested")
        for jumps in [finder.clearJumps(), whole] {
            #expect(jumps.contains { moved[$0.last].t >= 600 && moved[$0.first].t < 640 }, "seed \(seed): no jump in the dense stretch")
        }
    }

    /// A run long enough to be searched on two threads finds the same candidates, in the same order, as one thread
    /// searching it whole; and both halves hold some.
    @Test func aLongRunSearchedOnTwoThreadsFindsWhatOneThreadFinds() {
        let seconds = BurstFilter.parallelFixes + 10_000
        let bursts = stride(from: 1_000, to: seconds, by: 3_000).map { (start: Double($0), end: Double($0 + 20), dy: 30.0) }
        let samples = Self.walk(seed: 7, seconds: seconds, offsets: bursts)
        let finder = BurstFilter.Finder(samples, range: 0..<samples.count, interval: 1, sigma: 2)
        let split = finder.clearJumpCandidates()
        let whole = finder.clearJumpCandidates(lasts: 0..<(samples.count - 1))
        #expect(split.map(\.jump) == whole.map(\.jump))
        #expect(split.map(\.score) == whole.map(\.score))
        let middle = samples.count / 2
        #expect(whole.contains { $0.jump.last < middle } && whole.contains { $0.jump.last > middle })
        #expect(finder.largestOf(split).count >= 2 * bursts.count - 2, "\(finder.largestOf(split).count) clear jumps")
    }
}
