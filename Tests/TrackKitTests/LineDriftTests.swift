import Foundation
import Testing

@testable import TrackKit

/// The slow error of a run on a known line, read from distances across it (`LineDrift`).
@Suite("Cleaning: the slow error along a line")
struct LineDriftTests {
    /// Readings of a 2-D Gauss–Markov error (`tau` seconds, `sigma` metres each way) one a second for `seconds`,
    /// seen along a normal that turns at `turn` radians a second, with white noise of `noise` metres; and the error.
    static func readings(
        seed: UInt64, seconds: Int, tau: Double, sigma: Double, noise: Double, turn: Double
    ) -> (LineDrift.Readings, [(x: Double, y: Double)]) {
        var random = SyntheticRandom(seed: seed)
        let phi = exp(-1 / tau), kick = sigma * (1 - phi * phi).squareRoot()
        var ex = sigma * random.gaussian(), ey = sigma * random.gaussian()
        var readings = LineDrift.Readings()
        var error: [(x: Double, y: Double)] = []
        for k in 0..<seconds {
            if k > 0 {
                ex = phi * ex + kick * random.gaussian()
                ey = phi * ey + kick * random.gaussian()
            }
            let a = turn * Double(k)
            readings.append(t: Double(k), nx: cos(a), ny: sin(a), r: ex * cos(a) + ey * sin(a) + noise * random.gaussian(),
                            use: true)
            error.append((ex, ey))
        }
        return (readings, error)
    }

    /// The root mean square of the error's part across each reading's normal (along the line), as recorded and
    /// after the estimate is taken out.
    static func along(_ readings: LineDrift.Readings, _ error: [(x: Double, y: Double)], _ estimate: [(x: Double, y: Double)])
        -> (recorded: Double, left: Double)
    {
        var recorded = 0.0, left = 0.0
        for k in 0..<readings.count {
            let tx = -readings.ny[k], ty = readings.nx[k]
            let e = error[k].x * tx + error[k].y * ty
            let d = (error[k].x - estimate[k].x) * tx + (error[k].y - estimate[k].y) * ty
            recorded += e * e
            left += d * d
        }
        return ((recorded / Double(readings.count)).squareRoot(), (left / Double(readings.count)).squareRoot())
    }

    /// A slow error (two minutes) seen round a lap of 90 s: the likelihood picks a slow model, and read across the
    /// line the error is taken out along it to half or less (the direction along the line where the athlete is was the
    /// normal's a quarter of a lap earlier and later). A quick one (10 s) cannot be read so: it is left
    /// about as it was, not made worse by a guess.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func aSlowErrorIsReadAlongTheLine(seed: UInt64) {
        let (slow, error) = Self.readings(seed: seed, seconds: 1200, tau: 120, sigma: 5, noise: 0.5, turn: 2 * .pi / 90)
        let model = LineDrift.chosen(for: slow)
        #expect(model.tau >= 80, "tau \(model.tau)")
        let estimate = LineDrift.estimate(slow)
        let (recorded, left) = Self.along(slow, error, estimate)
        #expect(recorded >= 2, "the error along the line was \(recorded) m")
        #expect(left <= recorded / 2, "\(left) m left along the line of \(recorded) m")
        let (quick, quickError) = Self.readings(seed: seed, seconds: 1200, tau: 10, sigma: 5, noise: 0.5, turn: 2 * .pi / 90)
        let quickly = Self.along(quick, quickError, LineDrift.estimate(quick))
        #expect(quickly.left <= 1.05 * quickly.recorded, "\(quickly.left) m along the line of \(quickly.recorded) m")
    }

    /// On a straight the normal never turns: the error across it is read (within 2 m at every fix), the part along it
    /// is not guessed (an unread direction keeps the model's zero; a filter that mixed the two would not).
    @Test func aStraightSaysNothingAlongIt() {
        let (readings, error) = Self.readings(seed: 21, seconds: 300, tau: 120, sigma: 5, noise: 0.5, turn: 0)
        let estimate = LineDrift.estimate(readings)
        var across = 0.0
        for k in 0..<readings.count {
            #expect(abs(estimate[k].y) < 0.5, "guessed \(estimate[k].y) m along the straight")
            across = max(across, abs(estimate[k].x - error[k].x))
        }
        #expect(across < 2, "across the straight \(across) m off")
    }

    /// Nothing read (every fix off the line), or nothing at all: no error.
    @Test func nothingReadIsNoError() {
        var (readings, _) = Self.readings(seed: 31, seconds: 200, tau: 60, sigma: 5, noise: 0.5, turn: 0.05)
        readings.use = readings.use.map { _ in false }
        #expect(LineDrift.estimate(readings).allSatisfy { $0.x == 0 && $0.y == 0 })
        #expect(LineDrift.estimate(LineDrift.Readings()).isEmpty)
    }
}
