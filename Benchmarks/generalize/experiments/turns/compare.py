"""compare.py SETDIR TOOL[,TOOL...] [PATTERN]: per generator × truth, each tool's median |error|, signed median, worst and jitter
on straights (score.py's figures), 10 s-with-gaps files left out unless SKIP10=0."""
import sys, os, json, fnmatch
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
import numpy as np
from score import read_gpx, score
setdir, tools = sys.argv[1], sys.argv[2].split(',')
pat = sys.argv[3] if len(sys.argv) > 3 else '*'
skip10 = os.environ.get('SKIP10', '1') == '1'
groups = {}
for f in sorted(os.listdir(f'{setdir}/in')):
    if not f.endswith('.gpx') or not fnmatch.fnmatch(f[:-4], pat): continue
    name = f[:-4]
    if skip10 and '10s-gaps' in name: continue
    info = json.load(open(f'{setdir}/in/{name}.truth.json'))
    g = (info['generator'], info['truth'])
    for t in tools:
        p = f'{setdir}/{t}/{name}.gpx'
        if not os.path.exists(p): continue
        r = score(info, read_gpx(p, info['origin'], info['earth']))
        groups.setdefault(g, {}).setdefault(t, []).append((r['error'], r['max_dev'], r['jitter']))
print('%-24s' % 'cell' + ''.join('%-36s' % t for t in tools))
tot = {t: [] for t in tools}
for g in sorted(groups):
    line = '%-24s' % ('%s %s' % g)
    for t in tools:
        v = groups[g].get(t, [])
        if not v: line += '%-36s' % '-'; continue
        e = [x[0] for x in v]; tot[t] += e
        line += '%-36s' % ('%5.2f %+5.2f w%5.2f j%+5.2f' % (np.median(np.abs(e)), np.median(e), max(np.abs(e)), np.median([x[2] for x in v])))
    print(line)
print('%-24s' % 'ALL median|err|' + ''.join('%-36s' % ('%5.2f (signed %+5.2f, n=%d)' % (np.median(np.abs(tot[t])), np.median(tot[t]), len(tot[t]))) for t in tools))
