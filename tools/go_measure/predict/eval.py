# Issue 39 experiment: python3 eval.py NAME: the features of NAME.bin's Black proven nodes to rows_NAME.pkl.
import feat, collections, sys, pickle
def prep(names):
    rows = []
    for n in names:
        for r in feat.load(n + '.bin'):
            if not r['btm'] or r['dup']: continue
            g = geos.setdefault((r['W'], r['H']), feat.Geo(r['W'], r['H']))
            f, minlib = feat.features(g, r)
            rows.append((n, r['mv'], f, minlib))
    return rows
geos = {}
import os
names = sys.argv[1:]
rows = prep(names)
pickle.dump(rows, open('rows_' + '_'.join(names) + '.pkl', 'wb'))
print(len(rows))
