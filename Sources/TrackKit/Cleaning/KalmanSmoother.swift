import Foundation

/// A constant-velocity Kalman filter with a Rauch–Tung–Striebel backward pass, on east/north metres.
///
/// East and north are independent under this model and see the same noise, so one covariance recursion
/// serves both axes. Time steps may vary; the process noise is white acceleration scaled to each step.
enum KalmanSmoother {
    /// Symmetric 2×2 covariance of (position, velocity).
    private struct Covariance {
        var pp: Double, pv: Double, vv: Double
    }

    /// Smooths one run of samples with no gap inside; returns how many moved by 10 cm or more.
    /// A run the smoothing would lengthen is left untouched.
    /// - Parameters:
    ///   - sigma: measurement noise, metres (1 sigma per axis).
    ///   - accelerationNoise: spectral density of the acceleration, m²/s³.
    ///   - initialSpeed: 1 sigma of the unknown starting speed, m/s.
    @discardableResult
    static func smooth(
        _ s: inout [CleaningSample], range: Range<Int>, sigma: Double, accelerationNoise q: Double,
        initialSpeed: Double
    ) -> Int {
        let n = range.count
        guard n >= 3 else { return 0 }
        let base = range.lowerBound
        let r = sigma * sigma
        var filtered = [Covariance](repeating: .init(pp: 0, pv: 0, vv: 0), count: n)
        var predicted = filtered
        var fx = [(p: Double, v: Double)](repeating: (0, 0), count: n), fy = fx
        var px = fx, py = fx

        fx[0] = (s[base].x, 0)
        fy[0] = (s[base].y, 0)
        filtered[0] = Covariance(pp: r, pv: 0, vv: initialSpeed * initialSpeed)
        predicted[0] = filtered[0]
        px[0] = fx[0]; py[0] = fy[0]
        for k in 1..<n {
            let dt = s[base + k].t - s[base + k - 1].t
            let c = filtered[k - 1]
            let pred = Covariance(
                pp: c.pp + 2 * dt * c.pv + dt * dt * c.vv + q * dt * dt * dt / 3,
                pv: c.pv + dt * c.vv + q * dt * dt / 2,
                vv: c.vv + q * dt)
            predicted[k] = pred
            px[k] = (fx[k - 1].p + dt * fx[k - 1].v, fx[k - 1].v)
            py[k] = (fy[k - 1].p + dt * fy[k - 1].v, fy[k - 1].v)
            let innovationVariance = pred.pp + r
            let gainP = pred.pp / innovationVariance, gainV = pred.pv / innovationVariance
            let ix = s[base + k].x - px[k].p, iy = s[base + k].y - py[k].p
            fx[k] = (px[k].p + gainP * ix, px[k].v + gainV * ix)
            fy[k] = (py[k].p + gainP * iy, py[k].v + gainV * iy)
            filtered[k] = Covariance(pp: (1 - gainP) * pred.pp, pv: (1 - gainP) * pred.pv, vv: pred.vv - gainV * pred.pv)
        }

        // Backward pass: x_k += C (x_{k+1}|n − x_{k+1}|k), C = P_k|k Fᵀ (P_{k+1}|k)⁻¹.
        var sx = fx, sy = fy
        for k in stride(from: n - 2, through: 0, by: -1) {
            let dt = s[base + k + 1].t - s[base + k].t
            let f = filtered[k], pr = predicted[k + 1]
            let det = pr.pp * pr.vv - pr.pv * pr.pv
            guard det > 0 else { continue }
            // P Fᵀ with F = [[1, dt], [0, 1]].
            let a00 = f.pp + dt * f.pv, a01 = f.pv
            let a10 = f.pv + dt * f.vv, a11 = f.vv
            let i00 = pr.vv / det, i01 = -pr.pv / det, i11 = pr.pp / det
            let c00 = a00 * i00 + a01 * i01, c01 = a00 * i01 + a01 * i11
            let c10 = a10 * i00 + a11 * i01, c11 = a10 * i01 + a11 * i11
            let dxp = sx[k + 1].p - px[k + 1].p, dxv = sx[k + 1].v - px[k + 1].v
            let dyp = sy[k + 1].p - py[k + 1].p, dyv = sy[k + 1].v - py[k + 1].v
            sx[k] = (fx[k].p + c00 * dxp + c01 * dxv, fx[k].v + c10 * dxp + c11 * dxv)
            sy[k] = (fy[k].p + c00 * dyp + c01 * dyv, fy[k].v + c10 * dyp + c11 * dyv)
        }

        // Noise only ever adds length; a smoothed run that came out longer means the model did not fit this
        // run (too few points to learn from, or an already smoothed recording): leave it as recorded.
        var rawLength = 0.0, smoothedLength = 0.0
        for k in 1..<n {
            let rx = s[base + k].x - s[base + k - 1].x, ry = s[base + k].y - s[base + k - 1].y
            rawLength += (rx * rx + ry * ry).squareRoot()
            let mx = sx[k].p - sx[k - 1].p, my = sy[k].p - sy[k - 1].p
            smoothedLength += (mx * mx + my * my).squareRoot()
        }
        guard smoothedLength <= rawLength else { return 0 }

        var moved = 0
        for k in 0..<n {
            let dx = sx[k].p - s[base + k].x, dy = sy[k].p - s[base + k].y
            let shift = (dx * dx + dy * dy).squareRoot()
            guard shift > 0.001 else { continue }
            s[base + k].x = sx[k].p
            s[base + k].y = sy[k].p
            s[base + k].moved = true
            if shift >= 0.1 { moved += 1 }
        }
        return moved
    }
}
