import Foundation
import Testing

@testable import TrackKit

/// `OutputBuffer` formats every number and time the writers emit by hand, with a cached date and digit
/// pairs. These compare it with plain reference formatting over many values.
@Suite struct OutputFormattingTests {
    private static func formatted(_ body: (inout OutputBuffer) -> Void) -> String {
        var out = OutputBuffer(capacity: 64)
        body(&out)
        return String(decoding: out.data(), as: UTF8.self)
    }

    /// Digit by digit, as the writer first did it.
    private static func referenceDecimal(_ value: Double, _ fractionDigits: Int) -> String {
        let scale = Int(pow(10, Double(fractionDigits)))
        let scaled = (value * Double(scale)).rounded()
        guard scaled.isFinite, scaled.magnitude < 9e15 else { return "0" }
        let units = Int(scaled)
        var text = units < 0 ? "-" : ""
        text += String(units.magnitude / UInt(scale))
        var fraction = String(units.magnitude % UInt(scale))
        guard fraction != "0" else { return text }
        fraction = String(repeating: "0", count: fractionDigits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return text + "." + fraction
    }

    @Test func decimalsMatchTheReference() {
        var random = SyntheticRandom(seed: 9)
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 1e-8, -1e-8, 47.1234567, -122.9999999, 179.99999995, 9e14, -9e8, .nan, .infinity]
        for _ in 0..<20_000 { values.append((random.uniform() - 0.5) * pow(10, Double(Int(random.uniform() * 8)))) }
        for value in values {
            for digits in [0, 1, 2, 3, 7] {
                #expect(Self.formatted { $0.decimal(value, fractionDigits: digits) } == Self.referenceDecimal(value, digits), "\(value) to \(digits)")
            }
        }
    }

    @Test func timesMatchFoundationAcrossDays() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var random = SyntheticRandom(seed: 4)
        var out = OutputBuffer(capacity: 64)
        var expected = ""
        // Runs of nearby times (the cached day) broken by jumps, midnight crossings and leap days.
        var time = 951_782_390.0  // 2000-02-28T23:59:50Z
        for step in 0..<5_000 {
            time += step % 500 == 0 ? random.uniform() * 3e8 : (random.uniform() < 0.3 ? 1 : random.uniform() * 7)
            let date = Date(timeIntervalSince1970: time)
            out.time(date)
            out.byte(UInt8(ascii: " "))
            // Foundation always writes milliseconds; the writer leaves out ".000".
            let milliseconds = (time * 1000).rounded() / 1000
            var text = formatter.string(from: Date(timeIntervalSince1970: milliseconds))
            if text.hasSuffix(".000Z") { text = String(text.dropLast(5)) + "Z" }
            expected += text + " "
        }
        #expect(String(decoding: out.data(), as: UTF8.self) == expected)
    }

    /// GPX and TCX longitudes lie in [-180, 180): a value that rounds to 180 at the 7 decimals written is
    /// written as -180, the same meridian.
    @Test func longitudesNeverComeOutAs180() {
        let cases: [(Double, String)] = [
            (180, "-180"), (179.99999996, "-180"), (179.99999995, "-180"), (179.99999994, "179.9999999"),
            (-180, "-180"), (-179.99999996, "-180"), (0, "0"), (8.5417093, "8.5417093"),
        ]
        for (value, expected) in cases {
            #expect(Self.formatted { $0.longitude(value) } == expected, "\(value)")
        }
    }
}
