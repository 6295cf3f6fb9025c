import Foundation

/// The slowly changing part of the position error along a run on a known line, read from the fixes' distances across
/// it (`AthleticsTrack`).
///
/// A fix's signed distance across the line is the error's reach along the line's normal there, plus what the smoothing
/// left of the fast error. On a closed line the normal turns through every direction, so over time these readings say
/// where the error lies in both directions, and with it how far each fix is moved **along** the line, which nothing
/// else can see. The error is modelled as each horizontal component a first-order Gauss–Markov process (time constant
/// `tau`, spread `sigma`), each reading with its own noise (`noise`): a Kalman filter and a Rauch–Tung–Striebel pass give
/// the error at every fix from the readings before and after it, trusted far on a straight when the error is slow,
/// little when it is quick. The three are not fixed: they are chosen from `taus`, `sigmas` and `noises` by the
/// likelihood of the run's own readings, taken one per `thinning` seconds so that what the smoothing left, correlated
/// over a few seconds, is not read as a slow error.
struct LineDrift {
    /// Readings of one run, in time order: time, the line's unit normal at the fix, the fix's signed distance from the
    /// line along that normal, and whether the fix is close enough to the line to be read.
    struct Readings {
        var t: [Double] = []
        var nx: [Double] = []
        var ny: [Double] = []
        var r: [Double] = []
        var use: [Bool] = []

        var count: Int { t.count }

        mutating func append(t: Double, nx: Double, ny: Double, r: Double, use: Bool) {
            self.t.append(t)
            self.nx.append(nx)
            self.ny.append(ny)
            self.r.append(r)
            self.use.append(use)
        }

        /// The readings kept, at most one per `seconds` (the first of each).
        func thinned(_ seconds: Double) -> Readings {
            var out = Readings()
            var last = -Double.infinity
            for k in 0..<count where use[k] && t[k] - last >= seconds {
                last = t[k]
                out.append(t: t[k], nx: nx[k], ny: ny[k], r: r[k], use: true)
            }
            return out
        }
    }

    /// Seconds: how fast the error may change (the grid the likelihood picks from, doubling).
    static let taus = [10.0, 20, 40, 80, 160, 320, 640]
    /// Metres: how large the slow error may be.
    static let sigmas = [0.5, 1, 2, 4, 8]
    /// Metres: the spread of one reading about the slow error.
    static let noises = [0.25, 0.5, 1, 2, 4]
    /// Seconds between the readings the likelihood is taken on.
    static let thinning = 10.0

    var tau: Double
    var sigma: Double
    var noise: Double

    /// The error's slow part at each reading of `readings` (zero where nothing says otherwise), with the model chosen
    /// from the grid by the thinned readings' likelihood.
    static func estimate(_ readings: Readings) -> [(x: Double, y: Double)] {
        chosen(for: readings).smoothed(readings)
    }

    /// The model of the grid under which `readings`, thinned, are likeliest (the first of equals; the grid's first
    /// when nothing is read).
    static func chosen(for readings: Readings) -> LineDrift {
        let sparse = readings.thinned(thinning)
        var best: (model: LineDrift, logLikelihood: Double)?
        for tau in taus {
            for sigma in sigmas {
                for noise in noises {
                    let model = LineDrift(tau: tau, sigma: sigma, noise: noise)
                    let value = model.filter(sparse).logLikelihood
                    if let known = best, known.logLikelihood >= value { continue }
                    best = (model, value)
                }
            }
        }
        return best?.model ?? LineDrift(tau: taus[0], sigma: sigmas[0], noise: noises[0])
    }

    /// The forward pass: predicted and filtered means and covariances (upper triangle) at each reading, each step's
    /// decay, and the readings' log-likelihood.
    struct Pass {
        var predicted: [SIMD2<Double>]
        var predictedCovariance: [SIMD3<Double>]
        var filtered: [SIMD2<Double>]
        var filteredCovariance: [SIMD3<Double>]
        var decay: [Double]
        var logLikelihood: Double
    }

    /// The Kalman filter over `readings` under this model, from no error (spread `sigma` each way); with `keep`, every
    /// step's means and covariances for the pass back (`smoothed`), else the likelihood alone.
    func filter(_ readings: Readings, keep: Bool = false) -> Pass {
        let n = readings.count
        let q = sigma * sigma, rr = noise * noise
        var mean = SIMD2<Double>(0, 0)
        var p = SIMD3<Double>(q, 0, q)  // p11, p12, p22
        var pass = Pass(predicted: [], predictedCovariance: [], filtered: [], filteredCovariance: [], decay: [],
                        logLikelihood: 0)
        if keep {
            pass.predicted.reserveCapacity(n)
            pass.predictedCovariance.reserveCapacity(n)
            pass.filtered.reserveCapacity(n)
            pass.filteredCovariance.reserveCapacity(n)
            pass.decay.reserveCapacity(n)
        }
        for k in 0..<n {
            var phi = 1.0
            if k > 0 {
                phi = exp(-max(0, readings.t[k] - readings.t[k - 1]) / tau)
                let phi2 = phi * phi
                mean *= phi
                p = SIMD3(phi2 * p.x + q * (1 - phi2), phi2 * p.y, phi2 * p.z + q * (1 - phi2))
            }
            if keep {
                pass.predicted.append(mean)
                pass.predictedCovariance.append(p)
                pass.decay.append(phi)
            }
            if readings.use[k] {
                let hx = readings.nx[k], hy = readings.ny[k]
                let phx = p.x * hx + p.y * hy, phy = p.y * hx + p.z * hy
                let s = hx * phx + hy * phy + rr
                let innovation = readings.r[k] - (hx * mean.x + hy * mean.y)
                pass.logLikelihood -= 0.5 * (log(s) + innovation * innovation / s)
                let kx = phx / s, ky = phy / s
                mean += SIMD2(kx, ky) * innovation
                p = SIMD3(p.x - kx * phx, p.y - kx * phy, p.z - ky * phy)
            }
            if keep {
                pass.filtered.append(mean)
                pass.filteredCovariance.append(p)
            }
        }
        return pass
    }

    /// The error at each reading from all of them (forward filter, then the Rauch–Tung–Striebel pass back).
    func smoothed(_ readings: Readings) -> [(x: Double, y: Double)] {
        let n = readings.count
        guard n > 0 else { return [] }
        let pass = filter(readings, keep: true)
        var out = [(x: Double, y: Double)](repeating: (0, 0), count: n)
        var next = pass.filtered[n - 1]
        out[n - 1] = (next.x, next.y)
        for k in stride(from: n - 2, through: 0, by: -1) {
            let f = pass.filteredCovariance[k], pp = pass.predictedCovariance[k + 1]
            let det = pp.x * pp.z - pp.y * pp.y
            var value = pass.filtered[k]
            if det > 1e-18 {
                // Gain C = F · φ · P⁻¹ (F the filtered covariance here, P the next prediction's).
                let phi = pass.decay[k + 1]
                let i11 = pp.z / det, i12 = -pp.y / det, i22 = pp.x / det
                let c11 = phi * (f.x * i11 + f.y * i12), c12 = phi * (f.x * i12 + f.y * i22)
                let c21 = phi * (f.y * i11 + f.z * i12), c22 = phi * (f.y * i12 + f.z * i22)
                let d = next - pass.predicted[k + 1]
                value += SIMD2(c11 * d.x + c12 * d.y, c21 * d.x + c22 * d.y)
            }
            next = value
            out[k] = (value.x, value.y)
        }
        return out
    }
}
