import Foundation
import Testing

@testable import TrackKit

/// The noise estimate takes a median by quickselect (`Selection.kthSmallest`) instead of sorting: it must
/// give exactly what sorting gives, duplicates and unlucky orders included.
@Suite struct SelectionTests {
    @Test func itPicksWhatSortingPicks() {
        var random = SyntheticRandom(seed: 42)
        for count in [1, 2, 3, 4, 5, 7, 16, 101, 1_000, 20_001] {
            let shapes: [[Double]] = [
                (0..<count).map { _ in random.gaussian() },
                (0..<count).map { _ in Double(Int(random.gaussian() * 3)) },  // many duplicates
                (0..<count).map(Double.init),  // sorted
                (0..<count).reversed().map(Double.init),
                [Double](repeating: 7, count: count),
                (0..<count).map { Double(min($0, count - $0)) },  // organ pipe
            ]
            for values in shapes {
                let sorted = values.sorted()
                for k in Set([0, count / 2, count - 1, count / 3]) {
                    var scratch = values
                    #expect(Selection.kthSmallest(k, of: &scratch) == sorted[k], "count \(count), k \(k)")
                    #expect(scratch.sorted() == sorted, "the values are only reordered")
                }
            }
        }
    }
}
