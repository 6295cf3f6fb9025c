import Foundation
// The smoother's cost on 500,000 1 s points of a walk under a wandering error: tuning (white-noise lanes,
// then the wander search) and one smoothing pass with each model.
var rng = SystemRandomNumberGenerator()
func gauss() -> Double { let u = Double.random(in: 1e-12..<1, using: &rng), v = Double.random(in: 0..<1, using: &rng); return (-2 * log(u)).squareRoot() * cos(2 * .pi * v) }
let n = 500_000
var samples: [CleaningSample] = []
samples.reserveCapacity(n)
var x = 0.0, y = 0.0, h = 0.0, ex = 0.0, ey = 0.0
let rho = exp(-1.0 / 5)
for k in 0..<n {
    h += 0.02 * gauss(); x += 1.1 * cos(h); y += 1.1 * sin(h)
    ex = rho * ex + (1 - rho * rho).squareRoot() * 6 * gauss(); ey = rho * ey + (1 - rho * rho).squareRoot() * 6 * gauss()
    samples.append(CleaningSample(source: k, t: Double(k), x: x + ex + 2 * gauss(), y: y + ey + 2 * gauss()))
}
func time(_ label: String, _ body: () -> Void) { let start = Date(); body(); print(label, String(format: "%.3f s", Date().timeIntervalSince(start))) }
let sigma = NoiseEstimator.sigma(samples, gapSeconds: 60)
var tuned = (sigma: 0.0, accelerationNoise: 0.0)
time("tune (white-noise lanes)") { tuned = KalmanSmoother.tune([samples[...]], sigma: sigma, maxAccelerationNoise: 1) }
var wandering: (sigma: Double, accelerationNoise: Double, wander: Wander)?
time("tuneWander") { wandering = KalmanSmoother.tuneWander([samples[...]], sigma: tuned.sigma, accelerationNoise: tuned.accelerationNoise, maxAccelerationNoise: 1, estimatedNoise: sigma) }
print("wander:", String(describing: wandering))
var a = samples
time("smooth, white-noise model") { KalmanSmoother.smooth(&a, range: a.indices, sigma: tuned.sigma, accelerationNoise: tuned.accelerationNoise, initialSpeed: 6) }
var b = samples
let w = wandering ?? (tuned.sigma, tuned.accelerationNoise, Wander(sigma: 6, tau: 6))
time("smooth, wander model") { KalmanSmoother.smooth(&b, range: b.indices, sigma: w.sigma, accelerationNoise: w.accelerationNoise, wander: w.wander, initialSpeed: 6) }
