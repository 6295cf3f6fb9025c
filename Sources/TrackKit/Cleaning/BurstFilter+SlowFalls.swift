import Foundation

/// Bursts whose fall is too slow, or whose hold too short, for the pair of jumps to be found: a receiver that takes
/// up a reflection within seconds may let go of it over half a minute (its offset decaying with a time constant of
/// several seconds), and a reflection may hold for less than the length of a line. Then nothing inside the burst is
/// a straight window to fit the partner's line to, and the partner's step, spread over a slow fall, is carried
/// further than `maxFallSeconds` allows. The entry is still a clear jump, and the smoother follows the whole burst:
/// out, along, and slowly back, twice the offset on a walk.
///
/// Such a burst is found from its entry, once bursts with a partner, flashes, drifts and (where fixes come seconds
/// apart) the bursts found by their steps have been taken out (a drift's jump back is a lone clear jump too, and is a
/// drift's when it has one):
/// - **The entry is abrupt.** Some step between neighbouring fixes inside it goes further than
///   `slowFallAbruptness` times the smallest jump beyond what the athlete's velocity carries them. A reflection is
///   taken up within a fix or two; an athlete crossing a road and back moves at their own pace, and the lines
///   either side of such a sidestep's turns say too little to tell it from a burst.
/// - **The fixes come back.** A straight window, starting within `maxSlowFallSeconds` of the line just after the
///   entry (inside the burst, as a clear jump's is), lies as far from that line, carried forward, as the entry's
///   jump, mirrored (`mirrorTolerance`), with the athlete's velocity unchanged.
/// - **The athlete went on as they were going.** That window's line continues the line through the fixes before
///   the entry: the same velocity, and no step between them larger than `slowFallAgreement` times the smallest
///   jump. A line carried from inside the burst for up to a minute can miss by as much as a burst where the
///   athlete slows or turns.
///
/// Of those windows the best match is taken, and only if the fixes with the burst taken out show no jump left
/// around it (`leavesNoJump`). The fixes of the fall are moved by the part of the jump they have not yet fallen
/// back (`offset(of:at:in:)`).
///
/// Left to the smoother: a lone jump with no return found, and one whose rise is not abrupt. A walker's velocity
/// changes by about `velocityTolerance` in a right-angle turn, so a fall across one may still be read, roughly
/// (`SlowFallTests`).
extension BurstFilter {
    /// Longest time from the end of the line just after a burst's entry to the first fix of the line after the
    /// burst, seconds: a hold shorter than a line, then a fall that settles within five of its time constants of up
    /// to 8 s, or one of `maxFallSeconds` after a hold of up to half a minute.
    static let maxSlowFallSeconds = 50.0
    /// The line after a slow fall continues the line before the burst's entry to within this many times the
    /// smallest jump (`floor(1)`): the athlete went on across the burst as they were going. A line carried from
    /// inside the burst for that long can miss by as much as a burst where the athlete turns or slows.
    static let slowFallAgreement = 1.5
    /// The entry is taken up within one step between neighbouring fixes at least this many times the smallest jump
    /// (`floor(1)`) beyond what the athlete's velocity carries them: a reflection is taken up at once, an athlete
    /// crossing a road takes their time, and the lines either side of their turns say too little to tell.
    static let slowFallAbruptness = 0.75
}

extension BurstFilter.Finder {
    /// Clear jumps that begin a burst whose return is a slow fall, with their partners, in time order. `clear` are
    /// this finder's `clearJumps()`.
    func slowFallBursts(from clear: [BurstFilter.Jump]? = nil) -> [BurstFilter.Burst] {
        var bursts: [BurstFilter.Burst] = []
        var end = -1
        for jump in clear ?? clearJumps() where jump.last > end && abruptStep(jump) >= BurstFilter.slowFallAbruptness * floor(1) {
            if let burst = slowFalls(after: jump).lazy.map({ BurstFilter.Burst(entry: jump, exit: $0) }).first(where: leavesNoJump) {
                bursts.append(burst)
                end = burst.exit.first
            }
        }
        return bursts
    }

    /// The largest step between neighbouring fixes within a jump, beyond what the athlete's velocity before it
    /// carries them: a reflection is taken up within a fix or two, an athlete crossing a road takes their time.
    func abruptStep(_ jump: BurstFilter.Jump) -> Double {
        var largest = 0.0
        for i in jump.last..<jump.first {
            let dt = s[i + 1].t - s[i].t
            let ex = s[i + 1].x - s[i].x - jump.before.vx * dt, ey = s[i + 1].y - s[i].y - jump.before.vy * dt
            largest = max(largest, (ex * ex + ey * ey).squareRoot())
        }
        return largest
    }

    /// The returns that mirror `jump` when it is an entry: from the line through the window just after it to the
    /// line through a straight window within `maxSlowFallSeconds`, with the athlete's velocity unchanged; best match
    /// first.
    func slowFalls(after jump: BurstFilter.Jump) -> [BurstFilter.Jump] {
        guard let (inside, b) = windowAfterWithEnd(jump.first), b.residual <= straightness else { return [] }
        let vb = b.velocity
        // The athlete's own line before the burst, which the line after it must continue.
        guard let before = windowBefore(jump.last), before.residual <= straightness else { return [] }
        let agreement = BurstFilter.slowFallAgreement * floor(1)
        let tolerance = BurstFilter.velocityTolerance
        var found: [(jump: BurstFilter.Jump, mismatch: Double)] = []
        var first = inside + 1
        while first < range.upperBound, first - inside <= BurstFilter.maxHoldFixes,
              s[first].t - s[inside].t <= BurstFilter.maxSlowFallSeconds {
            defer { first += 1 }
            guard let a = windowAfter(first), a.residual <= straightness else { continue }
            let va = a.velocity
            let dvx = va.x - vb.x, dvy = va.y - vb.y
            guard dvx * dvx + dvy * dvy <= tolerance * tolerance,
                  let step = BurstFilter.step(b, a)
            else { continue }
            // ... and continues the line from before the burst: the same velocity, and no step between them (a
            // sidestep and back, or a detour, costs the athlete the time it took, and leaves one).
            let wx = va.x - before.velocity.x, wy = va.y - before.velocity.y
            guard wx * wx + wy * wy <= tolerance * tolerance,
                  let across = BurstFilter.step(before, a),
                  (across.dx * across.dx + across.dy * across.dy).squareRoot() < agreement
            else { continue }
            let (vx, vy) = step.velocity
            let candidate = BurstFilter.Jump(
                last: inside, first: first, dx: step.dx, dy: step.dy,
                before: BurstFilter.Anchor(t: b.t, x: b.x, y: b.y, vx: vx, vy: vy),
                after: BurstFilter.Anchor(t: a.t, x: a.x, y: a.y, vx: vx, vy: vy))
            let sx = candidate.dx + jump.dx, sy = candidate.dy + jump.dy
            let mismatch = (sx * sx + sy * sy).squareRoot()
            guard mismatch <= BurstFilter.mirrorTolerance * max(jump.size, candidate.size) else { continue }
            found.append((candidate, mismatch))
        }
        return found.sorted { $0.mismatch < $1.mismatch }.map(\.jump)
    }
}
