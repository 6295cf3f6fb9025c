"""Noise worlds: four GPS error generators, the sampling a logger applies, and the faults phones add.

Each generator returns, for every whole second of the activity, the position the device reports (local
east/north metres) given the true position. They are written for this benchmark from published error
characteristics, and share no code, constants or parameters with trackdrop's cleaner or with
Benchmarks/denoise/make_tracks.py.

Classes (the issue's targets differ): `gm-watch` is watch-like; `gm-phone`, `multipath` and `fused` are
phone-like.
"""
import math


def gauss_markov(rng, n, sigma, tau):
    """First-order Gauss–Markov (exponentially correlated) error, one axis, 1 s steps, stationary from t = 0.

    The standard model of slowly varying GNSS position error (satellite orbit/clock, ionosphere and
    troposphere residuals): Brown & Hwang, *Introduction to Random Signals and Applied Kalman Filtering*
    (4th ed., 2012), §2.9 and ch. 9; Grewal, Andrews & Bartone, *Global Navigation Satellite Systems,
    Inertial Navigation, and Integration* (4th ed., 2020), where time constants of seconds to minutes
    are used for receiver position error."""
    rho = math.exp(-1.0 / tau)
    drive = sigma * math.sqrt(1 - rho * rho)
    e = sigma * rng.gauss(0, 1)
    out = []
    for _ in range(n):
        out.append(e)
        e = rho * e + drive * rng.gauss(0, 1)
    return out


# Grids swept (not one point picked). Watch-like: a multi-band sports watch or bike computer in the open,
# 2 to 3 m (1 sigma per axis) of slow error and little white noise. Phone-like: 4 to 8 m, as reported for
# smartphones outdoors (Zandbergen & Barbeau 2011, "Positional accuracy of assisted GPS data from
# high-sensitivity GPS-enabled mobile phones", J. Navigation 64(3): median errors of 5 to 8.5 m; Merry &
# Bettinger 2019, "Smartphone GPS accuracy study in an urban environment", PLoS ONE 14(7) e0219890: about
# 7 to 13 m average error), with 1 to 3 m of white noise.
GM_WATCH_GRID = [(s, tau, w) for s in (2.0, 3.0) for tau in (5.0, 30.0, 120.0) for w in (0.3, 1.0)]
GM_PHONE_GRID = [(s, tau, w) for s in (4.0, 6.0, 8.0) for tau in (5.0, 30.0, 120.0) for w in (1.0, 2.0, 3.0)]


def gm_world(grid):
    def world(rng, truth_xy, pick):
        sigma, tau, white = grid[pick % len(grid)]
        n = len(truth_xy)
        ex, ey = gauss_markov(rng, n, sigma, tau), gauss_markov(rng, n, sigma, tau)
        out = [(x + ex[k] + white * rng.gauss(0, 1), y + ey[k] + white * rng.gauss(0, 1))
               for k, (x, y) in enumerate(truth_xy)]
        return out, {"sigma_m": sigma, "tau_s": tau, "white_m": white}
    return world


def multipath(rng, truth_xy, pick):
    """Urban canyon: a modest Gauss–Markov floor (2.5 m, 30 s, 1 m white) and bursts of reflected-signal
    (non-line-of-sight) error: a bias of 15 to 50 m in one direction that builds up within a few seconds,
    holds for 5 to 60 s with some wobble, then decays as the receiver recovers.

    Groves, *Principles of GNSS, Inertial, and Multisensor Integrated Navigation Systems* (2nd ed., 2013),
    §9.3.3 / §10.4: NLOS reception and multipath in urban canyons cause position errors of tens of metres
    that persist while the geometry lasts; Xie & Petovello 2015, "Measuring GNSS multipath distributions in
    urban canyon environments", IEEE Trans. Instrum. Meas. 64(2)."""
    n = len(truth_xy)
    ex, ey = gauss_markov(rng, n, 2.5, 30.0), gauss_markov(rng, n, 2.5, 30.0)
    bias = [(0.0, 0.0)] * n
    t = int(rng.uniform(60, 300))
    bursts = 0
    while t < n:
        duration = rng.uniform(5, 60)
        size = rng.uniform(15, 50)
        angle = rng.uniform(0, 2 * math.pi)
        rise = rng.uniform(1, 4)
        decay = rng.uniform(2, 8)
        wobble = gauss_markov(rng, int(duration + 6 * decay) + 2, 0.15, 5.0)
        for k in range(int(duration + 6 * decay) + 1):
            if t + k >= n:
                break
            if k < duration:
                level = min(1.0, (k + 1) / rise)
            else:
                level = math.exp(-(k - duration) / decay)
            m = size * level * (1 + wobble[k])
            bx, by = bias[t + k]
            bias[t + k] = (bx + m * math.cos(angle), by + m * math.sin(angle))
        bursts += 1
        t += int(duration + 6 * decay) + int(rng.expovariate(1 / 300.0)) + 30
    out = [(x + ex[k] + bias[k][0] + rng.gauss(0, 1.0), y + ey[k] + bias[k][1] + rng.gauss(0, 1.0))
           for k, (x, y) in enumerate(truth_xy)]
    return out, {"bursts": bursts}


def alpha_beta(points, alpha, beta):
    """A receiver's or phone's own position tracker: lags into a turn and overshoots out of it."""
    px, py = points[0]
    vx = vy = 0.0
    out = []
    for x, y in points:
        px, py = px + vx, py + vy
        rx, ry = x - px, y - py
        px, py = px + alpha * rx, py + alpha * ry
        vx, vy = vx + beta * rx, vy + beta * ry
        out.append((px, py))
    return out


def fused(rng, truth_xy, pick):
    """A phone's fused location provider: GNSS with its own smoothing, so positions are low-noise and lag
    behind (0.5 to 2 s late, then an alpha-beta tracker), stale fixes repeated now and then, and every few
    minutes a stretch where the provider coasts on dead reckoning and drifts, then jumps back when GNSS is
    re-acquired.

    Android `FusedLocationProviderClient` documentation (location from GNSS, Wi-Fi, cell and sensors,
    cached locations returned between fixes); Zandbergen 2009, "Accuracy of iPhone locations: a comparison
    of assisted GPS, WiFi and cellular positioning", Transactions in GIS 13(s1): positions jump when the
    source of the fix changes."""
    n = len(truth_xy)
    delay = rng.uniform(0.5, 2.0)
    ex, ey = gauss_markov(rng, n, 1.5, 60.0), gauss_markov(rng, n, 1.5, 60.0)
    raw = []
    for k in range(n):
        s = max(0.0, k - delay)
        i = min(int(s), n - 2) if n > 1 else 0
        f = s - i
        x = truth_xy[i][0] + (truth_xy[i + 1][0] - truth_xy[i][0]) * f
        y = truth_xy[i][1] + (truth_xy[i + 1][1] - truth_xy[i][1]) * f
        raw.append((x + ex[k] + rng.gauss(0, 0.5), y + ey[k] + rng.gauss(0, 0.5)))
    # Alpha-beta tracker (the provider's own smoothing).
    tracked = alpha_beta(raw, 0.6, 0.15)
    # Dead-reckoning drift, then a jump back on re-acquisition.
    drift = [(0.0, 0.0)] * n
    t = int(rng.uniform(120, 600))
    jumps = 0
    while t < n:
        length = int(rng.uniform(10, 40))
        rate = rng.uniform(0.3, 1.2)
        angle = rng.uniform(0, 2 * math.pi)
        for k in range(length):
            if t + k < n:
                drift[t + k] = (rate * (k + 1) * math.cos(angle), rate * (k + 1) * math.sin(angle))
        jumps += 1
        t += length + int(rng.uniform(120, 600))
    out, previous = [], None
    for k in range(n):
        x, y = tracked[k][0] + drift[k][0], tracked[k][1] + drift[k][1]
        if previous is not None and rng.random() < 0.03:
            x, y = previous  # a cached fix handed out again
        out.append((x, y))
        previous = (x, y)
    # The tracker's gains go into the parameters: even on the noise-free path it swings wide of every bend (as
    # `receiver`'s does), and the floor is that path (`make_worlds.make`).
    return out, {"delay_s": round(delay, 2), "reacquisitions": jumps, "alpha": 0.6, "beta": 0.15}


GENERATORS = {
    "gm-watch": ("watch", gm_world(GM_WATCH_GRID)),
    "gm-phone": ("phone", gm_world(GM_PHONE_GRID)),
    "multipath": ("phone", multipath),
    "fused": ("phone", fused),
}


def sample_times(rng, mode, moving, headings):
    """Which whole seconds a logger records.

    - `1s`: every second (Garmin "Every Second" recording).
    - `smart`: Garmin "Smart Recording": a point every 2 to 5 s, sooner when the direction changes.
    - `10s-gaps`: every 10 s (old or power-saving loggers) with two signal losses of 30 to 120 s.
    - `autopause`: every second, nothing while the athlete stands still (Auto Pause)."""
    n = len(moving)
    if mode == "1s":
        return list(range(n))
    if mode == "smart":
        times, last, wait = [0], 0, rng.randint(2, 5)
        for k in range(1, n):
            turned = abs((headings[k] - headings[last] + math.pi) % (2 * math.pi) - math.pi) > math.radians(25)
            if k - last >= wait or (turned and k - last >= 1):
                times.append(k)
                last, wait = k, rng.randint(2, 5)
        return times
    if mode == "10s-gaps":
        losses = [(a, a + rng.uniform(30, 120)) for a in (rng.uniform(0.2, 0.4) * n, rng.uniform(0.6, 0.8) * n)]
        return [k for k in range(0, n, 10) if not any(a <= k < b for a, b in losses) or k == 0]
    if mode == "autopause":
        times, still = [], 0
        for k in range(n):
            still = 0 if moving[k] else still + 1
            if still < 3:
                times.append(k)
        return times
    raise ValueError(mode)


def phone_faults(rng, rows):
    """What phone apps write besides noise: a point written twice with the same time, neighbours with swapped
    times, and the odd fix far away (spikes). Rows are [t, x, y]; returns new rows and counts."""
    out, dup, swap, spikes = [], 0, 0, 0
    for row in rows:
        t, x, y = row
        if len(out) > 3 and rng.random() < 0.002:
            a = rng.uniform(0, 2 * math.pi)
            size = rng.uniform(80, 250)
            x, y = x + size * math.cos(a), y + size * math.sin(a)
            spikes += 1
        out.append([t, x, y])
        if rng.random() < 0.005:
            out.append([t, x + rng.uniform(-2, 2), y + rng.uniform(-2, 2)])
            dup += 1
    for i in range(2, len(out) - 2):
        if rng.random() < 0.003 and out[i][0] != out[i + 1][0]:
            out[i][0], out[i + 1][0] = out[i + 1][0], out[i][0]
            swap += 1
    return out, {"duplicates": dup, "swaps": swap, "spikes": spikes}


# Three more generators, written after the first four had been tuned against (set `other`, seeds 901–903, and
# `other-final`, 951–953): error shapes none of the first four has, so a cleaner that learned those four (their
# spectra, their tails, their whole-second clocks) shows it here.


def smooth_gauss_markov(rng, n, sigma, tau):
    """Second-order (smooth) correlated error, one axis, 1 s steps: a first-order Gauss–Markov process passed
    through a second low-pass of the same time constant. Its spectrum falls as f⁻⁴ rather than f⁻², so the
    error has a velocity: what a receiver's own navigation filter leaves (Brown & Hwang 2012, §2.9 on
    second-order Gauss–Markov processes; Kaplan & Hegarty, *Understanding GPS/GNSS* (3rd ed., 2017), ch. 11 on
    receiver navigation filters). Scaled to a stationary standard deviation of `sigma`: the impulse response
    is (1 − ρ)(k + 1)ρᵏ, whose energy is (1 − ρ)²(1 + ρ²)/(1 − ρ²)³."""
    rho = math.exp(-1.0 / tau)
    energy = (1 - rho) ** 2 * (1 + rho * rho) / (1 - rho * rho) ** 3
    drive = sigma / math.sqrt(energy)
    u = e = 0.0
    # Start from the stationary state: run in for ten time constants.
    out = []
    for k in range(n + int(10 * tau)):
        u = rho * u + drive * rng.gauss(0, 1)
        e = rho * e + (1 - rho) * u
        if k >= int(10 * tau):
            out.append(e)
    return out


# A sports watch in the open: 1.5 to 5 m of smooth error over 10 to 40 s, little white noise, and the chipset's
# tracking filter (α 0.5 to 0.8) on top.
RECEIVER_GRID = [(s, tau, w, a) for s in (1.5, 3.0, 5.0) for tau in (10.0, 40.0) for w in (0.1, 0.5)
                 for a in (0.5, 0.8)]


def receiver(rng, truth_xy, pick):
    """A watch or bike computer whose chipset filters its fixes: smooth second-order error, a tracking filter
    that lags into turns, coordinates written to 5 decimal places (about 1.1 m north, 0.6 m east here), as
    many export tools do."""
    sigma, tau, white, alpha = RECEIVER_GRID[pick % len(RECEIVER_GRID)]
    n = len(truth_xy)
    ex, ey = smooth_gauss_markov(rng, n, sigma, tau), smooth_gauss_markov(rng, n, sigma, tau)
    noisy = [(x + ex[k] + white * rng.gauss(0, 1), y + ey[k] + white * rng.gauss(0, 1))
             for k, (x, y) in enumerate(truth_xy)]
    beta = alpha * alpha / (2 - alpha)  # the critically damped choice for α
    return alpha_beta(noisy, alpha, beta), {"sigma_m": sigma, "tau_s": tau, "white_m": white, "alpha": alpha,
                                            "beta": beta, "decimals": 5}


def student_t(rng, nu):
    """A Student-t draw with `nu` degrees of freedom, unit scale."""
    chi2 = sum(rng.gauss(0, 1) ** 2 for _ in range(nu))
    return rng.gauss(0, 1) / math.sqrt(chi2 / nu)


HEAVY_GRID = [(s, tau, w) for s in (3.0, 5.0) for tau in (10.0, 60.0) for w in (1.5, 3.0)]


def heavy(rng, truth_xy, pick):
    """A phone whose error has heavy tails: a Gauss–Markov wander (3 to 5 m, 10 to 60 s), white noise drawn
    from a Student-t with 3 degrees of freedom (scale 1.5 to 3 m) rather than a Gaussian, and now and then
    one to three fixes 15 to 60 m off, too small for a spike filter's hundreds of metres. GNSS range and
    position errors are known to have tails heavier than Gaussian (DeCleene 2000, "Defining pseudorange
    integrity – overbounding", ION GPS 2000; Zandbergen & Barbeau 2011 for phones: a few per cent of fixes
    several times the median error)."""
    sigma, tau, scale = HEAVY_GRID[pick % len(HEAVY_GRID)]
    n = len(truth_xy)
    ex, ey = gauss_markov(rng, n, sigma, tau), gauss_markov(rng, n, sigma, tau)
    out = []
    outlier_left, ox, oy = 0, 0.0, 0.0
    for k, (x, y) in enumerate(truth_xy):
        if outlier_left == 0 and rng.random() < 0.006:
            outlier_left = rng.randint(1, 3)
            a, size = rng.uniform(0, 2 * math.pi), rng.uniform(15, 60)
            ox, oy = size * math.cos(a), size * math.sin(a)
        dx, dy = (ox, oy) if outlier_left else (0.0, 0.0)
        outlier_left = max(0, outlier_left - 1)
        out.append((x + ex[k] + scale * student_t(rng, 3) + dx, y + ey[k] + scale * student_t(rng, 3) + dy))
    return out, {"sigma_m": sigma, "tau_s": tau, "t_scale_m": scale}


MULTISCALE_GRID = [(fs, ft, ss, st) for fs in (1.0, 3.0) for ft in (1.0, 3.0) for ss in (3.0, 10.0)
                   for st in (300.0, 900.0)]


def multiscale(rng, truth_xy, pick):
    """Error on two time scales at once, as a phone's error spectrum shows: a fast part (1 to 3 m, decorrelating
    in 1 to 3 s: tracking-loop noise, a swinging arm) and a slow one (3 to 10 m over 5 to 15 minutes: satellite
    geometry, ionosphere), plus 0.5 m white. One Gauss–Markov time constant cannot describe both (Grewal,
    Andrews & Bartone 2020, ch. 10, model GNSS error as a sum of such processes)."""
    fast_s, fast_t, slow_s, slow_t = MULTISCALE_GRID[pick % len(MULTISCALE_GRID)]
    n = len(truth_xy)
    fx, fy = gauss_markov(rng, n, fast_s, fast_t), gauss_markov(rng, n, fast_s, fast_t)
    sx, sy = gauss_markov(rng, n, slow_s, slow_t), gauss_markov(rng, n, slow_s, slow_t)
    out = [(x + fx[k] + sx[k] + 0.5 * rng.gauss(0, 1), y + fy[k] + sy[k] + 0.5 * rng.gauss(0, 1))
           for k, (x, y) in enumerate(truth_xy)]
    return out, {"fast_m": fast_s, "fast_tau_s": fast_t, "slow_m": slow_s, "slow_tau_s": slow_t}


def mixed(rng, truth_xy, pick):
    """A phone carried from open sky into a city and back: stretches of 4 to 12 minutes that alternate between
    watch-like error (2 m over 30 s, 0.5 m white) and phone-like urban error (6 to 10 m over 5 to 20 s, 2 to 4 m
    white), so the noise a cleaner must estimate changes along the track (Merry & Bettinger 2019 report phone errors
    several times larger among buildings than in the open)."""
    n = len(truth_xy)
    quiet_x, quiet_y = gauss_markov(rng, n, 2.0, 30.0), gauss_markov(rng, n, 2.0, 30.0)
    loud_sigma, loud_tau, loud_white = rng.uniform(6, 10), rng.uniform(5, 20), rng.uniform(2, 4)
    loud_x, loud_y = gauss_markov(rng, n, loud_sigma, loud_tau), gauss_markov(rng, n, loud_sigma, loud_tau)
    out, k, loud, stretches = [], 0, rng.random() < 0.5, 0
    while k < n:
        length = int(rng.uniform(240, 720))
        for j in range(k, min(n, k + length)):
            x, y = truth_xy[j]
            if loud:
                out.append((x + loud_x[j] + loud_white * rng.gauss(0, 1), y + loud_y[j] + loud_white * rng.gauss(0, 1)))
            else:
                out.append((x + quiet_x[j] + 0.5 * rng.gauss(0, 1), y + quiet_y[j] + 0.5 * rng.gauss(0, 1)))
        k += length
        loud = not loud
        stretches += 1
    return out, {"loud_sigma_m": round(loud_sigma, 2), "loud_tau_s": round(loud_tau, 1),
                 "loud_white_m": round(loud_white, 2), "stretches": stretches}


GENERATORS.update({
    "mixed": ("phone", mixed),
    "receiver": ("watch", receiver),
    "heavy": ("phone", heavy),
    "multiscale": ("phone", multiscale),
})


def irregular_times(rng, n):
    """A phone app's clock: a fix about every second but never on the second (0.75 to 1.25 s apart, times
    with milliseconds), and now and then one or two missed (2 to 3 s)."""
    times, t = [0.0], 0.0
    while True:
        step = rng.uniform(2.0, 3.0) if rng.random() < 0.04 else rng.uniform(0.75, 1.25)
        t += step
        if t > n - 1:
            return times
        times.append(round(t, 3))
