# Issue 39 experiment: reads GO_PREDICT_DUMP records and computes the move features of Black-to-move nodes.
import struct, sys, collections
REC = struct.Struct('<5Q8B')

def load(path):
    data = open(path, 'rb').read()
    out = []
    seen = set()
    for i in range(0, len(data), 48):
        b, w, pb, pw, legal, mv, btm, passes, W, H, pl, _, _ = REC.unpack_from(data, i)
        key = (b, w, btm, passes, pb, pw)
        dup = key in seen
        seen.add(key)
        out.append(dict(b=b, w=w, pb=pb, pw=pw, legal=legal, mv=mv, btm=btm, passes=passes, W=W, H=H, pl=pl, dup=dup))
    return out

class Geo:
    def __init__(s, W, H):
        s.W, s.H = W, H
        s.N = W * H
        s.nb = []
        for p in range(s.N):
            x, y = p % W, p // W
            l = []
            for dx, dy in ((1,0),(-1,0),(0,1),(0,-1)):
                if 0 <= x+dx < W and 0 <= y+dy < H: l.append((y+dy)*W + x+dx)
            s.nb.append(l)
        s.nbm = [sum(1 << q for q in l) for l in s.nb]
        s.mask = (1 << s.N) - 1
        cx, cy = (W-1)/2, (H-1)/2
        s.centre = sorted(range(s.N), key=lambda p: (abs(p%W-cx)+abs(p//W-cy), max(abs(p%W-cx),abs(p//W-cy)), p))
        s.crank = {p: i for i, p in enumerate(s.centre)}
    def neigh(s, set_):
        r = 0
        while set_:
            low = set_ & -set_
            r |= s.nbm[low.bit_length()-1]
            set_ ^= low
        return r
    def block(s, stones, p):
        blk = 1 << p
        while True:
            nx = (blk | s.neigh(blk)) & stones
            if nx == blk: return blk
            blk = nx
    def blocks(s, stones):
        res = []
        rest = stones
        while rest:
            low = rest & -rest
            blk = s.block(stones, low.bit_length()-1)
            res.append(blk)
            rest &= ~blk
        return res
    def libs(s, blk, empty):
        return s.neigh(blk) & empty
    def play(s, own, opp, p):  # returns own', opp', captured count
        own |= 1 << p
        empty = s.mask & ~(own | opp)
        cap = 0
        for q in s.nb[p]:
            if opp >> q & 1:
                blk = s.block(opp, q)
                if not s.libs(blk, empty):
                    opp &= ~blk
                    cap += bin(blk).count('1')
                    empty = s.mask & ~(own | opp)
        return own, opp, cap

def pc(x): return bin(x).count('1')

def features(g, r):
    """For a Black-to-move record: per legal point move, a dict of features."""
    own, opp = (r['b'], r['w']) if r['btm'] else (r['w'], r['b'])
    empty = g.mask & ~(own | opp)
    oppblocks = [(blk, pc(g.libs(blk, empty))) for blk in g.blocks(opp)]
    minlib = min((l for _, l in oppblocks), default=99)
    weakest_libs = 0
    for blk, l in oppblocks:
        if l == minlib: weakest_libs |= g.libs(blk, empty)
    # last move of the opponent
    prev_opp = r['pw'] if r['btm'] else r['pb']
    last = opp & ~prev_opp
    lastp = last.bit_length()-1 if last and pc(last) == 1 else -1
    # eye spaces: empty regions whose neighbours are all opponent stones
    eyevital = 0
    for reg in g.blocks(empty):
        nbr = g.neigh(reg) & ~reg
        if nbr & own: continue
        if pc(reg) < 2 or pc(reg) > 6: continue
        # vital: point of region with most region neighbours
        best, bp = -1, 0
        for q in range(g.N):
            if reg >> q & 1:
                k = pc(g.nbm[q] & reg)
                if k > best: best, bp = k, 1 << q
                elif k == best: bp |= 1 << q
        eyevital |= bp
    # empty regions adjacent to opponent mostly
    res = {}
    for m in range(g.N):
        if not (r['legal'] >> m & 1): continue
        o2, p2, cap = g.play(own, opp, m)
        e2 = g.mask & ~(o2 | p2)
        myblk = g.block(o2, m)
        mylibs = pc(g.libs(myblk, e2))
        atari = 0; atari_sz = 0
        for q in g.nb[m]:
            if p2 >> q & 1:
                blk = g.block(p2, q)
                if pc(g.libs(blk, e2)) == 1:
                    atari = 1; atari_sz = max(atari_sz, pc(blk))
        # liberties reduced: number of adjacent opp blocks
        adj_opp = pc(g.nbm[m] & opp)
        adj_own = pc(g.nbm[m] & own)
        adj_empty = pc(g.nbm[m] & empty)
        # 3x3 pattern
        x, y = m % g.W, m // g.W
        pat = []
        for dy in (-1,0,1):
            for dx in (-1,0,1):
                if dx == 0 and dy == 0: continue
                xx, yy = x+dx, y+dy
                if not (0 <= xx < g.W and 0 <= yy < g.H): pat.append(3)
                else:
                    q = yy*g.W+xx
                    pat.append(1 if own>>q&1 else 2 if opp>>q&1 else 0)
        # min lib of the opponent after move
        minlib2 = min((pc(g.libs(b, e2)) for b in g.blocks(p2)), default=99)
        # opponent's own eye-ish: point where opp would benefit (opp plays m)
        po, pp, pcap = g.play(opp, own, m) if True else (0,0,0)
        res[m] = dict(cap=cap, atari=atari, atari_sz=atari_sz, selfatari=(mylibs == 1 and cap == 0), mylibs=mylibs,
                      weaklib=bool(weakest_libs >> m & 1), vital=bool(eyevital >> m & 1),
                      adjlast=(lastp >= 0 and m in g.nb[lastp]), crank=g.crank[m], adj_opp=adj_opp,
                      adj_own=adj_own, adj_empty=adj_empty, pat=tuple(pat), minlib2=minlib2, oppcap=pcap,
                      oppeye=0)
    return res, minlib
