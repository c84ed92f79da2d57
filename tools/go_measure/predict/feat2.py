# Issue 39: python3 feat2.py OUT.pkl DUMP.bin...: for each distinct Black-to-move proven
# node of 5x5 dumps (GO_PREDICT_DUMP), the proving move and per legal point move a tuple
# of feature groups (GROUPS) for the product-of-weights predictor (fit.py); FEAT_CAP=N
# keeps a fixed random sample of N nodes of each dump.
import struct, sys, pickle, random, os
REC = struct.Struct('<5Q8B')
W = H = 5
N = W * H
MASK = (1 << N) - 1
COLA = sum(1 << (y * W) for y in range(H))
COLE = sum(1 << (y * W + W - 1) for y in range(H))
def neigh(s):
    return (((s << 1) & ~COLA) | ((s >> 1) & ~COLE) | (s << W) | (s >> W)) & MASK
NB = [neigh(1 << p) for p in range(N)]
pc = int.bit_count
def block(stones, p):
    b = 1 << p
    while True:
        n = (b | neigh(b)) & stones
        if n == b: return b
        b = n
def blocks(stones):
    out = []
    while stones:
        b = block(stones, (stones & -stones).bit_length() - 1)
        out.append(b); stones &= ~b
    return out
RING = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
DIAM = [(0, -2), (-2, 0), (2, 0), (0, 2)]
GROUPS = ['key22', 'pat3', 'pat12', 'cap', 'atari', 'selfatari', 'mylibs', 'weaklib', 'oppcap', 'nwhite',
          'nblack', 'edge', 'whiteeye', 'blackeye', 'last', 'minlib2', 'pt']
def cell(own, opp, x, y):
    if not (0 <= x < W and 0 <= y < H): return 3
    q = 1 << (y * W + x)
    return 1 if own & q else 2 if opp & q else 0
def node_features(own, opp, legal, prev_opp):
    empty = MASK & ~(own | opp)
    wb = [(b, neigh(b) & empty) for b in blocks(opp)]
    minlib = min((pc(l) for _, l in wb), default=9)
    weak = 0
    for b, l in wb:
        if pc(l) == minlib: weak |= l
    bb = [(b, neigh(b) & empty) for b in blocks(own)]
    last = opp & ~prev_opp
    lastp = last.bit_length() - 1 if last and pc(last) == 1 else -1
    res = {}
    for m in range(N):
        if not legal >> m & 1: continue
        mb = 1 << m
        x, y = m % W, m // W
        pat3 = 0
        for i, (dx, dy) in enumerate(RING): pat3 |= cell(own, opp, x + dx, y + dy) << (2 * i)
        pat12 = pat3
        for i, (dx, dy) in enumerate(DIAM): pat12 |= cell(own, opp, x + dx, y + dy) << (16 + 2 * i)
        cap = 0; capset = 0; nwhite = 0; atari_n = 0; atari_sz = 0; minlib2 = 9
        for b, l in wb:
            if b & NB[m]:
                nwhite += 1
                if l == mb: cap += pc(b); capset |= b
        for b, l in wb:
            if b & capset: continue
            l2 = pc(l & ~mb)
            if b & NB[m] and l2 == 1: atari_n += 1; atari_sz = max(atari_sz, pc(b))
            minlib2 = min(minlib2, l2)
        mine = mb; nblack = 0; oppcap = 0
        for b, l in bb:
            if b & NB[m]:
                nblack += 1; mine |= b
                if l == mb: oppcap += pc(b)
        empty2 = (empty & ~mb) | capset
        mylibs = pc(neigh(mine) & empty2)
        selfatari = int(mylibs == 1 and cap == 0)
        key22 = pat3 | min(cap, 3) << 16 | int(atari_n > 0) << 18 | selfatari << 19 | int(bool(weak & mb)) << 20 | int(oppcap > 0) << 21
        onb = NB[m]
        whiteeye = int(onb & opp == onb)
        blackeye = int(onb & own == onb)
        if lastp < 0: lastd = 0
        else:
            d = abs(lastp % W - x) + abs(lastp // W - y)
            lastd = 1 if d == 1 else 2 if d == 2 else 3
        edge = min(x, y, W - 1 - x, H - 1 - y)
        res[m] = (key22, pat3, pat12, min(cap, 3), min(atari_n, 2) * 4 + min(atari_sz, 3), selfatari, min(mylibs, 4),
                  int(bool(weak & mb)) * 4 + min(minlib, 3), min(oppcap, 3), min(nwhite, 3), min(nblack, 3), edge,
                  whiteeye, blackeye, lastd, min(minlib2, 3), m)
    return res
def load(path, cap=0):
    """The distinct Black-to-move nodes (at most cap of them, a fixed random sample, when cap > 0)."""
    data = open(path, 'rb').read()
    seen = set(); out = []
    for i in range(0, len(data) - 47, 48):
        b, w, pb, pw, legal, mv, btm, passes, Wd, Hd, pl, _, _ = REC.unpack_from(data, i)
        if not btm or Wd != 5 or Hd != 5: continue
        key = (b, w, passes, pb, pw)
        if key in seen: continue
        seen.add(key)
        if mv >= N or not legal >> mv & 1: continue
        if pc(legal & MASK) < 2: continue
        out.append((b, w, legal & MASK, pw, mv))
    if cap and len(out) > cap:
        random.Random(39).shuffle(out)
        out = out[:cap]
    return [(mv, node_features(b, w, legal, pw)) for b, w, legal, pw, mv in out]
if __name__ == '__main__':
    rows = []
    for p in sys.argv[2:]: rows += load(p, int(os.environ.get('FEAT_CAP', '0')))
    pickle.dump(rows, open(sys.argv[1], 'wb'))
    print(sys.argv[1], len(rows))
