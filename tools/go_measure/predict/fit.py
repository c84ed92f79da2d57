# Issue 39: python3 fit.py --train A.pkl,B.pkl --test C.pkl,... [--groups g,g] [--minc N] [--l2 X]:
# a product-of-weights predictor (a softmax over a node's children, each child's score the
# sum of one weight per feature group value, fitted by Adam on the log-likelihood of the
# proving move) on feat2.py rows; prints top-1 accuracy on train and tests, --out the weights.
import argparse, pickle, collections, numpy as np, feat2
CENTRE = sorted(range(25), key=lambda p: (abs(p % 5 - 2) + abs(p // 5 - 2), max(abs(p % 5 - 2), abs(p // 5 - 2)), p))
CRANK = {p: i for i, p in enumerate(CENTRE)}
def load(paths):
    rows = []
    for p in paths: rows += pickle.load(open(p, 'rb'))
    return rows
class Data:
    def __init__(s, rows, gi, vocab):
        X, lab, off, ties = [], [], [0], []
        G = len(gi)
        for mv, f in rows:
            ms = sorted(f, key=lambda m: CRANK[m])
            for m in ms:
                t = f[m]
                X.append([vocab.get((g, t[j]), 0) for g, j in enumerate(gi)])
            lab.append(off[-1] + ms.index(mv))
            off.append(off[-1] + len(ms))
        s.X = np.array(X, dtype=np.int32).reshape(-1, G)
        s.lab = np.array(lab); s.off = np.array(off); s.n = len(rows)
        s.seg = np.repeat(np.arange(s.n), np.diff(s.off))
    def scores(s, w): return w[s.X].sum(1)
    def acc(s, w):
        sc = s.scores(w)
        # first maximum within each node (children in centre order, as the product breaks ties)
        mx = np.maximum.reduceat(sc, s.off[:-1])
        ismax = sc >= mx[s.seg] - 1e-9
        idx = np.arange(len(sc))
        first = np.minimum.reduceat(np.where(ismax, idx, len(sc)), s.off[:-1])
        return float((first == s.lab).mean())
def fit(d, nf, l2, iters, lr=0.05):
    w = np.zeros(nf); m = np.zeros(nf); v = np.zeros(nf)
    G = d.X.shape[1]; flat = d.X.ravel()
    for it in range(1, iters + 1):
        sc = d.scores(w)
        mx = np.maximum.reduceat(sc, d.off[:-1])
        e = np.exp(sc - mx[d.seg])
        Z = np.add.reduceat(e, d.off[:-1])
        p = e / Z[d.seg]
        r = p.copy(); r[d.lab] -= 1
        g = np.bincount(flat, weights=np.repeat(r, G), minlength=nf) / d.n + l2 * w
        g[0] = 0
        m = 0.9 * m + 0.1 * g; v = 0.999 * v + 0.001 * g * g
        w -= lr * (m / (1 - 0.9 ** it)) / (np.sqrt(v / (1 - 0.999 ** it)) + 1e-8)
    return w
def vocab_of(rows, gi, minc):
    cnt = collections.Counter()
    for mv, f in rows:
        for t in f.values():
            for g, j in enumerate(gi): cnt[(g, t[j])] += 1
    vocab = {}
    for k, c in cnt.items():
        if c >= minc: vocab[k] = len(vocab) + 1
    return vocab
if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--train'); ap.add_argument('--test', default='')
    ap.add_argument('--groups', default='key22'); ap.add_argument('--minc', type=int, default=3)
    ap.add_argument('--l2', type=float, default=1e-5); ap.add_argument('--iters', type=int, default=150)
    ap.add_argument('--out'); ap.add_argument('--count', action='store_true')
    ap.add_argument('--load', help='evaluate these weights (fit.py --out) instead of fitting')
    a = ap.parse_args()
    groups = a.groups.split(','); gi = [feat2.GROUPS.index(g) for g in groups]
    train = load(a.train.split(','))
    vocab = vocab_of(train, gi, a.minc)
    if a.load:
        groups, vocab, w = pickle.load(open(a.load, 'rb')); gi = [feat2.GROUPS.index(g) for g in groups]
    dt = Data(train, gi, vocab)
    if a.load:
        pass
    elif a.count:  # the shipped table's rule: each key's smoothed share of proving, log of it as the weight
        av = np.bincount(dt.X[:, 0], minlength=len(vocab) + 1); pr = np.bincount(dt.X[dt.lab, 0], minlength=len(vocab) + 1)
        w = np.log((pr + 0.5) / (av + 2)); w[0] = -50
    else:
        w = fit(dt, len(vocab) + 1, a.l2, a.iters)
    res = ['train %d %.3f' % (dt.n, dt.acc(w))]
    for t in a.test.split(','):
        if t: d = Data(load([t]), gi, vocab); res.append('%s %.3f' % (t.split('/')[-1][:-4], d.acc(w)))
    print(a.groups, 'minc', a.minc, 'l2', a.l2, 'features', len(vocab), ' '.join(res), flush=True)
    if a.out:
        pickle.dump((groups, vocab, w), open(a.out, 'wb'))
