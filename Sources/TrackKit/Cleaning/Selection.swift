/// The k-th smallest of an array without sorting it all (quickselect): the value `values.sorted()[k]`
/// would give, in linear expected time. Pivots are picked at random, so no input can be crafted to make it
/// slow; after `log2(n) * 4` rounds (never reached in practice) the rest is simply sorted.
enum Selection {
    /// Reorders `values`; `k` must be a valid index. The values must not be NaN.
    static func kthSmallest(_ k: Int, of values: inout [Double]) -> Double {
        precondition(values.indices.contains(k))
        var generator = SystemRandomNumberGenerator()
        var low = 0, high = values.count - 1
        var rounds = 4 * (Int.bitWidth - values.count.leadingZeroBitCount) + 8
        return values.withUnsafeMutableBufferPointer { v -> Double in
            while low < high {
                rounds -= 1
                if rounds < 0 {
                    v[low...high].sort()
                    return v[k]
                }
                let pivot = v[Int.random(in: low...high, using: &generator)]
                // Three-way partition: [low, lt) < pivot, [lt, gt] == pivot, (gt, high] > pivot.
                var lt = low, i = low, gt = high
                while i <= gt {
                    if v[i] < pivot {
                        v.swapAt(lt, i)
                        lt += 1
                        i += 1
                    } else if v[i] > pivot {
                        v.swapAt(i, gt)
                        gt -= 1
                    } else {
                        i += 1
                    }
                }
                if k < lt {
                    high = lt - 1
                } else if k > gt {
                    low = gt + 1
                } else {
                    return pivot
                }
            }
            return v[k]
        }
    }
}
