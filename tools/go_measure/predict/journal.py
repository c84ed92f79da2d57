# Issue 39: python3 journal.py [--pick] [JOURNAL] [MIN MAX]: the tests of the start's proof
# in the 5x5 journal (the empty board's and those of lines through c3, not the other
# openings' proofs it holds too)
# as move lines (tab-separated: t, holds, expansions, moves), those with MIN..MAX
# expansions whose line avoids every symmetric image of the held-out position after
# 7 moves (c3 c4 d4 d3 d2 b3 c2), so after 7 / 9 / 11 stay unseen by training.
# --pick: the training pick (docs/go-proof-measurement.md): a fixed shuffle, one test
# per distinct first 5 moves, at most 32 tests and 75M recorded expansions, named j00...
import random, sys
W = H = 5
def name(p): return 'pass' if p < 0 else 'abcde'[p % W] + str(H - p // W)
def parse(pos):
    b, w, tm = pos.split('.')
    return int(b, 16), int(w, 16), tm[0] == '1', int(tm[1:])
def sym(p, s):
    x, y = p % W, p // W
    if s & 1: x = W - 1 - x
    if s & 2: y = H - 1 - y
    if s & 4: x, y = y, x
    return y * W + x
def smask(m, s):
    r = 0
    for p in range(W * H):
        if m >> p & 1: r |= 1 << sym(p, s)
    return r
def point(n): return (H - int(n[1])) * W + 'abcde'.index(n[0])
def play_line(moves):
    """The positions (black, white, black to move) of a line without captures."""
    b = w = 0; btm = True; out = [(b, w, btm)]
    for m in moves:
        if btm: b |= 1 << point(m)
        else: w |= 1 << point(m)
        btm = not btm; out.append((b, w, btm))
    return out
L7 = play_line('c3 c4 d4 d3 d2 b3 c2'.split())[-1]
HELD = {(smask(L7[0], s), smask(L7[1], s), L7[2]) for s in range(8)}
def decode(line):
    poss = [parse(x) for x in line.split('/')]
    moves = []
    for (b0, w0, t0, p0), (b1, w1, t1, p1) in zip(poss, poss[1:]):
        new = (b1 & ~b0) if t0 else (w1 & ~w0)
        moves.append(new.bit_length() - 1 if new else -1)
    return poss, moves
if __name__ == '__main__':
    pick = '--pick' in sys.argv
    if pick: sys.argv.remove('--pick')
    path = sys.argv[1] if len(sys.argv) > 1 else 'data/go/5x5-proof.journal'
    lo, hi = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (0, 1 << 62)
    rows = []
    for ln in open(path).read().splitlines()[1:]:
        f = ln.split()
        if len(f) != 6 or f[1] != 'S': continue
        poss, moves = decode(f[0])
        if moves and name(moves[0]) != 'c3': continue
        held = any((b, w, t) in HELD for b, w, t, _ in poss)
        exp = int(f[4])
        if held or not lo <= exp <= hi: continue
        rows.append((f[2], f[3], str(exp), ' '.join(name(m) for m in moves)))
    if pick:
        random.seed(39); random.shuffle(rows)
        seen, chosen, total = set(), [], 0
        for r in rows:
            prefix = ' '.join(r[3].split()[:5])
            if prefix in seen or total + int(r[2]) > 75e6: continue
            seen.add(prefix); chosen.append(r); total += int(r[2])
            if len(chosen) >= 32: break
        rows = [('j%02d' % i,) + r for i, r in enumerate(chosen)]
    for r in rows: print('\t'.join(r))
