# Issue 39 experiment: top-1 accuracy of hand rules and of learned tables (python3 rules.py NAME,NAME).
import pickle, sys, collections
def load(names):
    rows = []
    for n in names: rows += pickle.load(open('rows_%s.pkl' % n, 'rb'))
    return rows
def pick(f, key):
    best, bk = None, None
    for m, x in f.items():
        k = key(x)
        if k is None: continue
        k = (k, -x['crank'])
        if bk is None or k > bk: best, bk = m, k
    return best
RULES = {
 'centre order': lambda x: 0,
 'capture (largest)': lambda x: x['cap'] if x['cap'] else None,
 'atari on White': lambda x: (x['atari_sz']) if x['atari'] else None,
 'liberty of weakest White block': lambda x: 1 if x['weaklib'] else None,
 'vital point of White eye space': lambda x: 1 if x['vital'] else None,
 'adjacent to White last move': lambda x: 1 if x['adjlast'] else None,
 'not self-atari, centre': lambda x: 0 if not x['selfatari'] else None,
 'most adjacent White stones': lambda x: x['adj_opp'],
 'min White libs after move (least)': lambda x: -x['minlib2'],
 'White would capture here (largest)': lambda x: x['oppcap'] if x['oppcap'] else None,
 'combo A': lambda x: (x['cap']>0, x['atari'], x['vital'], x['weaklib'], not x['selfatari'], x['adj_opp']),
 'combo B': lambda x: (x['cap']>0, not x['selfatari'], x['atari'], x['vital'], x['weaklib'], x['adj_opp']),
 'combo C': lambda x: (x['cap']>0, x['oppcap']>0, not x['selfatari'], x['vital'], x['atari'], x['weaklib']),
}
def evaluate(rows, rules, pat=None):
    out = []
    for name, key in rules.items():
        right = cov = 0
        for n, mv, f, minlib in rows:
            m = pick(f, key)
            if m is None: continue
            cov += 1; right += m == mv
        N = len(rows)
        out.append((name, right / N, cov / N, right / max(cov, 1)))
    return out
if __name__ == '__main__':
    rows = load(sys.argv[1].split(','))
    print(len(rows))
    for name, acc, cov, prec in evaluate(rows, RULES):
        print('%-40s acc %.3f cov %.3f prec-when-covered %.3f' % (name, acc, cov, prec))

def learn(rows, keyf):
    avail = collections.Counter(); prov = collections.Counter()
    for n, mv, f, minlib in rows:
        for m, x in f.items():
            k = keyf(x); avail[k] += 1
            if m == mv: prov[k] += 1
    return {k: (prov[k] + 0.5) / (avail[k] + 2) for k in avail}
KEYS = {
 'pattern 3x3': lambda x: x['pat'],
 'pattern+cap+atari+selfatari': lambda x: (x['pat'], x['cap'] > 0, x['atari'], x['selfatari']),
 'pattern+cap+atari+selfatari+weaklib+oppcap': lambda x: (x['pat'], min(x['cap'], 3), x['atari'], x['selfatari'], x['weaklib'], x['oppcap'] > 0),
 'features only (no pattern)': lambda x: (min(x['cap'], 3), x['atari'], x['selfatari'], x['weaklib'], min(x['oppcap'], 3), x['adj_opp'], x['adj_own'], x['adj_empty'], x['vital'], x['adjlast'], min(x['mylibs'], 4)),
}
def learned_eval(train, tests):
    for name, keyf in KEYS.items():
        tab = learn(train, keyf)
        res = []
        for tn, rows in tests:
            right = 0
            for n, mv, f, minlib in rows:
                m = pick(f, lambda x: tab.get(keyf(x), 0.0))
                right += m == mv
            res.append('%s %.3f' % (tn, right / len(rows)))
        print('%-45s' % name, ' '.join(res), 'table size', len(tab))
KEYS2 = {
 'pattern+cap+atari+selfatari+weaklib+oppcap': KEYS['pattern+cap+atari+selfatari+weaklib+oppcap'],
 'point+pattern': lambda x: (x['crank'], x['pat']),
 'point+pattern+cap+atari+selfatari+weaklib+oppcap': lambda x: (x['crank'], x['pat'], min(x['cap'], 3), x['atari'], x['selfatari'], x['weaklib'], x['oppcap'] > 0),
}
