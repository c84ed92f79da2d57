#!/usr/bin/env python3
"""Read and gather a Go proof journal's records (query --journal).

  tools/go_journal.py moves JOURNAL
      each record as its line of play, goal, threshold, answer, expansions:
      "c2 b1 c1 e2  S 3 holds 61895368" (the line as the journal keys it,
      which may be an image of the line searched under the board's symmetry)
  tools/go_journal.py select BASE RUN... [--max-plies N] [--append]
      the records each RUN (a copy of BASE that a search went on writing)
      added to BASE, of lines up to N moves (default: any), leaving out a
      record below another one selected (its answer follows from that one)
      and any already in BASE; printed, or appended to BASE with --append
      (refused while a search is writing BASE).
      This is how the runs of an unfinished proof are kept in the committed
      journal (data/go/5x5-proof.journal: N = 6).
"""
import argparse
import fcntl
import signal
import sys

HEADER = "gsolve go proof journal 1 go:"
COLUMNS = "abcdefghjklmnopqrst"  # Go's letters: no i


def fail(message):
    print(f"go_journal.py: {message}", file=sys.stderr)
    sys.exit(2)


def read(path):
    """The header and the complete record lines (a torn last line dropped)."""
    try:
        with open(path, encoding="ascii") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        fail(f"{path}: cannot read ({e.strerror if isinstance(e, OSError) else 'not text'})")
    lines = text[: text.rfind("\n") + 1].splitlines()
    if not lines or not lines[0].startswith(HEADER):
        fail(f"{path}: not a Go proof journal")
    return lines[0], lines[1:]


def size(header):
    """The board's width and height, from the journal's first line."""
    w, h = header[len(HEADER):].split("x")
    return int(w), int(h)


def moves(line, w):
    """The moves between the positions of a record's line of play."""
    positions = []
    for p in line.split("/"):
        black, white, flags = p.split(".")
        positions.append((int(black, 16), int(white, 16), flags[0] == "1"))
    played = []
    for (b0, w0, black_moves), (b1, w1, _) in zip(positions, positions[1:]):
        new = (b1 & ~b0) if black_moves else (w1 & ~w0)
        if new == 0:
            played.append("pass")
        else:
            point = new.bit_length() - 1
            played.append(f"{COLUMNS[point % w]}{point // w + 1}")
    return played


def plies(record):
    return record.split(" ", 1)[0].count("/")


def symmetries(header):
    """Each symmetry of the board as byte tables: images of 8 points at a time."""
    w, h = size(header)
    maps = []
    for transpose in (False, True) if w == h else (False,):
        for flip_x in (False, True):
            for flip_y in (False, True):
                m = []
                for point in range(w * h):
                    x, y = point % w, point // w
                    if transpose:
                        x, y = y, x
                    m.append((w - 1 - x if flip_x else x) + (h - 1 - y if flip_y else y) * w)
                tables = []
                for k in range((w * h + 7) // 8):
                    tables.append([sum(1 << m[8 * k + b] for b in range(8) if v >> b & 1 and 8 * k + b < w * h)
                                   for v in range(256)])
                maps.append(tables)
    return maps


def image(positions, maps, memo):
    """Each image of a record's line of play (its positions), one per symmetry."""
    def board(n, tables):
        return sum(t[n >> (8 * k) & 0xFF] for k, t in enumerate(tables))
    def position(p, s):
        if (p, s) not in memo:
            black, white, flags = p.split(".")
            memo[p, s] = f"{board(int(black, 16), maps[s]):x}.{board(int(white, 16), maps[s]):x}.{flags}"
        return memo[p, s]
    return ["/".join(position(p, s) for p in positions) for s in range(len(maps))]


def select(base, runs, max_plies):
    """The records the runs added to base, as described above."""
    header, known = read(base)
    added = []
    for run in runs:
        run_header, records = read(run)
        if run_header != header or records[: len(known)] != known:
            fail(f"{run} does not begin with {base}'s records")
        added += records[len(known):]
    seen = set(known)
    added = [r for r in added if not (r in seen or seen.add(r))]
    added = [r for r in added if max_plies is None or plies(r) <= max_plies]
    lines = {r.split(" ", 1)[0] for r in added}
    maps = symmetries(header)
    memo = {}
    # The journal keys a line under one of its images, so a record below
    # another may be keyed under a different image of the other's line.
    def below_another(record):
        line = record.split(" ", 1)[0].split("/")
        return any(i in lines for n in range(1, len(line)) for i in image(line[:n], maps, memo))
    return [r for r in added if not below_another(r)]


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under head
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    show = sub.add_parser("moves", help="each record as its line of play")
    show.add_argument("journal")
    pick = sub.add_parser("select", help="the records runs added to a journal")
    pick.add_argument("base")
    pick.add_argument("runs", nargs="+")
    pick.add_argument("--max-plies", type=int)
    pick.add_argument("--append", action="store_true")
    args = parser.parse_args()
    if args.command == "moves":
        header, records = read(args.journal)
        for number, r in enumerate(records, 2):
            fields = r.split(" ")
            if len(fields) != 6:
                fail(f"{args.journal}: line {number} is damaged")
            line, goal, t, holds, expansions, _ = fields
            played = " ".join(moves(line, size(header)[0])) or "(start)"
            print(f"{played}  {goal} {t} {'holds' if holds == '1' else 'fails'} {expansions}")
        return
    chosen = select(args.base, args.runs, args.max_plies)
    if args.append:
        with open(args.base, "a", encoding="ascii") as f:
            try:  # the lock a search holds on its journal (proof_journal.cpp)
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                fail(f"{args.base}: a search is writing it")
            f.write("".join(r + "\n" for r in chosen))
        print(f"{len(chosen)} records appended to {args.base}", file=sys.stderr)
    else:
        sys.stdout.write("".join(r + "\n" for r in chosen))


if __name__ == "__main__":
    main()
