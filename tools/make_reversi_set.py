#!/usr/bin/env python3
"""Writes a reversi OBF test set of random positions on an N x N board.

    tools/make_reversi_set.py SIZE COUNT EMPTIES [SEED] > tests/data/reversi/r6x6-20.obf

Each position is reached by random legal play from the start (seeded: the
same arguments give the same file), has EMPTIES empty squares and at least two
legal moves for the side to move. Every move's exact score comes from
`gsolve query --json` (GSOLVE, default build/gsolve; THREADS, HASH), so a set
made by one build checks every later one (`gsolve bench --set`). The board is
read from a1 row by row, the OBF form of gsolve's reversi position text.
"""
import json
import os
import random
import subprocess
import sys

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def start(n):
    b = ['-'] * (n * n)
    h = n // 2
    b[(h - 1) * n + h - 1] = b[h * n + h] = 'O'
    b[(h - 1) * n + h] = b[h * n + h - 1] = 'X'
    return b


def flips(b, n, i, me):
    op = 'O' if me == 'X' else 'X'
    if b[i] != '-':
        return []
    r, c = divmod(i, n)
    out = []
    for dr, dc in DIRS:
        rr, cc, run = r + dr, c + dc, []
        while 0 <= rr < n and 0 <= cc < n and b[rr * n + cc] == op:
            run.append(rr * n + cc)
            rr, cc = rr + dr, cc + dc
        if run and 0 <= rr < n and 0 <= cc < n and b[rr * n + cc] == me:
            out += run
    return out


def moves(b, n, me):
    return [i for i in range(n * n) if flips(b, n, i, me)]


def random_position(n, empties, rnd):
    while True:
        b, me = start(n), 'X'
        while b.count('-') > empties:
            op = 'O' if me == 'X' else 'X'
            m = moves(b, n, me)
            if not m:
                if not moves(b, n, op):
                    break
                me = op
                continue
            i = rnd.choice(m)
            for f in flips(b, n, i, me):
                b[f] = me
            b[i] = me
            me = op
        if b.count('-') == empties and len(moves(b, n, me)) >= 2:
            return ''.join(b) + ' ' + me


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    n, count, empties = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) == 5 else 1
    gsolve = os.environ.get('GSOLVE', 'build/gsolve')
    rnd = random.Random(seed)
    print(f'% reversi:{n}x{n}, {count} random positions with {empties} empties (seed {seed}), '
          f'scores by gsolve query; made by tools/make_reversi_set.py')
    for _ in range(count):
        pos = random_position(n, empties, rnd)
        out = subprocess.run([gsolve, 'query', '--game', f'reversi:{n}x{n}', '--json', '--threads',
                              os.environ.get('THREADS', '1'), '--hash', os.environ.get('HASH', '256'), pos],
                             check=True, capture_output=True, text=True).stdout
        j = json.loads(out)
        ms = sorted(j['moves'], key=lambda m: -m['score'])
        assert ms[0]['score'] == j['score'], j
        print(pos + '; ' + '; '.join(f"{m['move'].upper()}:{m['score']:+d}" for m in ms) + ';')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
