import Foundation

/// A small, seedable random generator (SplitMix64), so a run with the same seed repeats its faults and delays.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        self.state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform value in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A standard normal value (Box–Muller).
    mutating func normal() -> Double {
        let first = max(unit(), .leastNonzeroMagnitude)
        let second = unit()
        return (-2 * Foundation.log(first)).squareRoot() * cos(2 * .pi * second)
    }
}
