#!/usr/bin/env python3
"""Whether fixes hold their direction: the speed of a track's fixes measured over 10 s and over 20 s, as a fraction of
their speed over 5 s (each the mean displacement over that lag, divided by it), for a device at rest under a
receiver's or a phone's noise and for a climb on tight switchbacks under the same noises.

A walk holds its direction for the length of a leg, so its speed hardly depends on the lag; a wander forgets its
direction over its correlation time, so the longer lag finds it slower. `RestStops` uses the 10 s figure (`r10`).
Noises: a receiver's smooth error (second-order Gauss-Markov, as in `RestStopsTests.smoothError`) with 0.3 m of white
noise; a phone's first-order Gauss-Markov wander with white noise. 4,000 s of each, one seed.

Usage: persistence.py"""
import numpy as np
rng = np.random.default_rng(3); n = 4000
def gm1(sig, tau):
    rho = np.exp(-1/tau); e = np.empty(n); e[0] = sig*rng.normal()
    for k in range(1, n): e[k] = rho*e[k-1] + sig*np.sqrt(1-rho*rho)*rng.normal()
    return e
def gm2(sig, tau):
    rho = np.exp(-1/tau); energy = (1-rho)**2*(1+rho*rho)/(1-rho*rho)**3; drive = sig/np.sqrt(energy)
    u = e = 0.0; out = []
    for k in range(n + int(10*tau)):
        u = rho*u + drive*rng.normal(); e = rho*e + (1-rho)*u
        if k >= int(10*tau): out.append(e)
    return np.array(out)
def ratio(x, y, a=5, b=10, c=20):
    d = lambda L: np.mean(np.hypot(x[L:]-x[:-L], y[L:]-y[:-L]))/L
    return d(a), d(b)/d(a), d(c)/d(a)
t = np.arange(n, dtype=float)
def zig(leg, head, v):
    d = v*t; per = np.hypot(leg, head); m = np.floor(d/per); f = d/per - m
    return np.where(m % 2 == 0, f*leg, (1-f)*leg), (m+f)*head
cases = {
 'rest receiver 5/10 smooth +0.3': (gm2(5,10)+0.3*rng.normal(size=n), gm2(5,10)+0.3*rng.normal(size=n)),
 'rest receiver 3/30 smooth +0.3': (gm2(3,30)+0.3*rng.normal(size=n), gm2(3,30)+0.3*rng.normal(size=n)),
 'rest phone 4/30 +1': (gm1(4,30)+rng.normal(size=n), gm1(4,30)+rng.normal(size=n)),
 'rest phone 2/30 +0.5': (gm1(2,30)+0.5*rng.normal(size=n), gm1(2,30)+0.5*rng.normal(size=n)),
 'rest phone 8/120 +2': (gm1(8,120)+2*rng.normal(size=n), gm1(8,120)+2*rng.normal(size=n)),
 'rest phone 6/10 +3': (gm1(6,10)+3*rng.normal(size=n), gm1(6,10)+3*rng.normal(size=n)),
}
for leg, head, v in [(20,5,0.8),(15,3,0.8),(30,5,1)]:
    zx, zy = zig(leg, head, v)
    cases[f'zig {leg}/{head} {v} receiver 5/10'] = (zx+gm2(5,10)+0.3*rng.normal(size=n), zy+gm2(5,10)+0.3*rng.normal(size=n))
    cases[f'zig {leg}/{head} {v} phone 2/30+0.5'] = (zx+gm1(2,30)+0.5*rng.normal(size=n), zy+gm1(2,30)+0.5*rng.normal(size=n))
    cases[f'zig {leg}/{head} {v} phone 4/30+1'] = (zx+gm1(4,30)+rng.normal(size=n), zy+gm1(4,30)+rng.normal(size=n))
    cases[f'zig {leg}/{head} {v} loud 5/10+2'] = (zx+gm1(5,10)+2*rng.normal(size=n), zy+gm1(5,10)+2*rng.normal(size=n))
    cases[f'zig {leg}/{head} {v} loud 6/10+3'] = (zx+gm1(6,10)+3*rng.normal(size=n), zy+gm1(6,10)+3*rng.normal(size=n))
for k, (x, y) in cases.items():
    s, r10, r20 = ratio(x, y); print(f'{k:40s} speed5 {s:.2f}  r10 {r10:.2f}  r20 {r20:.2f}')
