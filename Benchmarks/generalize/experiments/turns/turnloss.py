"""turnloss.py SETDIR TOOL[,TOOL] [pattern]: per true turn (from the truth's geometry), output length minus true length
over the stretch ±M metres of path around the turn, mean by generator and turn class."""
import sys, os, json, fnmatch, math
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
import numpy as np
from make_worlds import build_truth
from score import read_gpx, seconds
M = float(os.environ.get('M', 30))
setdir, tools = sys.argv[1], sys.argv[2].split(',')
pat = sys.argv[3] if len(sys.argv) > 3 else '*'
acc = {}
for f in sorted(os.listdir(f'{setdir}/in')):
    if not f.endswith('.gpx') or not fnmatch.fnmatch(f[:-4], pat) or '10s-gaps' in f: continue
    name = f[:-4]
    info = json.load(open(f'{setdir}/in/{name}.truth.json'))
    path, arcs, moving, sport, laps = build_truth(info['truth'], info['seed'])
    arcs = np.array(arcs)
    for tool in tools:
        rows = read_gpx(f'{setdir}/{tool}/{name}.gpx', info['origin'], info['earth'])
        o = np.array([(seconds(s, info['start']), x, y) for s, x, y in rows])
        cum = np.concatenate([[0], np.cumsum(np.hypot(np.diff(o[:, 1]), np.diff(o[:, 2])))])
        for (a0, a1, ang) in path.turn_at:
            deg = abs(math.degrees(ang))
            if deg < 60: continue
            mid = (a0 + a1) / 2
            lo, hi = mid - M, mid + M
            if lo < arcs[0] or hi > arcs[-1]: continue
            # times when truth reached lo and hi (first time)
            tlo = np.interp(lo, arcs, np.arange(len(arcs))); thi = np.interp(hi, arcs, np.arange(len(arcs)))
            if thi - tlo > 200 or tlo < o[0, 0] or thi > o[-1, 0]: continue  # skip stops inside
            L = np.interp(thi, o[:, 0], cum) - np.interp(tlo, o[:, 0], cum)
            cls = '150+' if deg >= 150 else ('120-150' if deg >= 120 else '60-120')
            acc.setdefault((info['generator'], cls), {}).setdefault(tool, []).append(L - 2 * M)
print('%-26s' % 'generator, turn' + ''.join('%-24s' % t for t in tools))
for k in sorted(acc):
    print('%-26s' % ('%s %s' % k) + ''.join('%-24s' % ('%+6.2f m (n=%d)' % (np.mean(acc[k][t]), len(acc[k][t]))) for t in tools))
