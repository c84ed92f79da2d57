#!/usr/bin/env python3
"""gsolve serve's JSON API against the command line: every position report
equals `gsolve query --json`'s for the same position, the database summary
equals `info --json`'s, and every kind of bad request gets its status and
message. Usage: serve_api.py BIN URL WORKDIR (the server serves the games below)."""
import json
import random
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

BIN, URL, WORK = sys.argv[1], sys.argv[2].rstrip('/'), sys.argv[3]

# name served -> (database file or None, game spec, positions to check)
GAMES = {
    'ttt': (f'{WORK}/ttt.gsdb', 'tictactoe', 60),
    'c54': (f'{WORK}/c54.gsdb', 'connect4:5x4', 60),
    'qc33': (f'{WORK}/qc33.gsdb', 'quickcross:3x3', 40),
    'r44': (f'{WORK}/r44.gsdb', 'reversi:4x4', 40),
    'g22': (f'{WORK}/g22.gsdb', 'go:2x2', 12),  # stored to depth 4: deeper positions searched live
    'g22s': (f'{WORK}/g22s.gsdb', 'go:2x2', 12),  # the same, objective score: no remoteness
    'connect4:4x4': (None, 'connect4:4x4', 8),
    'reversi:4x4': (None, 'reversi:4x4', 5),
    'go:3x3': (None, 'go:3x3', 3),
}


def fail(message):
    print('FAIL: ' + message, file=sys.stderr)
    sys.exit(1)


def get(path, method='GET'):
    """(status, parsed JSON body, headers) of a request to the server."""
    request = urllib.request.Request(URL + path, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            body = r.read().decode()
            status, headers = r.status, r.headers
    except urllib.error.HTTPError as e:
        body, status, headers = e.read().decode(), e.code, e.headers
    if body.count('\n') != 1 or not body.endswith('\n'):
        fail(f'{path[:80]}: the answer is not one line: {body[:200]!r}')
    return status, json.loads(body), headers


def api(path, **params):
    return get(path + '?' + urllib.parse.urlencode(params))


def query(name, positions):
    """query --json's answer for each position (one process per game)."""
    db, spec, _ = GAMES[name]
    args = [BIN, 'query', '--json', '--threads', '1', '--hash', '64']
    args += ['--db', db] if db else ['--game', spec]
    if spec.startswith('connect4'):  # its start is the empty line (an empty argument is dropped)
        out = subprocess.run(args + ['-'], input=''.join(p + '\n' for p in positions), capture_output=True,
                             text=True, timeout=600).stdout
    else:  # stdin skips empty lines in the other games (Go's start)
        out = subprocess.run(args + ['--'] + positions, capture_output=True, text=True, timeout=600).stdout
    return [json.loads(line) for line in out.splitlines()]


def walk(name, count, rng):
    """Positions of random lines of play from the start, read through /api/board."""
    _, spec, _ = GAMES[name]
    status, games, _ = api('/api/games')
    start = next(g['start'] for g in games if g['name'] == name)
    seen, out = set(), []
    while len(out) < count:
        position = start
        for _ in range(40):
            if position not in seen:
                seen.add(position)
                out.append(position)
                if len(out) == count:
                    break
            status, board, _ = api('/api/board', game=name, position=position)
            if status != 200:
                fail(f'{name} board of {position!r}: {status} {board}')
            if not board['moves']:
                break
            position = rng.choice(board['moves'])['position']
    return out


def check_reports(rng):
    for name, (db, spec, count) in GAMES.items():
        positions = walk(name, count, rng)
        want = query(name, positions)
        if len(want) != len(positions):
            fail(f'{name}: query answered {len(want)} of {len(positions)} positions')
        searched = 0
        for position, expected in zip(positions, want):
            status, got, _ = api('/api/position', game=name, position=position)
            # A search's node count depends on what its table held before (query's
            # batch shares one table): the effort, not the answer. Query's
            # principal line is its own (the server's reports carry none).
            effort = lambda j: {k: v for k, v in j.items() if k not in ('nodes', 'line')} if isinstance(j, dict) else j
            if status != 200 or effort(got) != effort(expected):
                fail(f'{name} {position!r}: serve {status} {got}\n  query {expected}')
            searched += got.get('source') == 'search' or db is None
        print(f'{name}: {len(positions)} positions equal query --json ({searched} searched live)')
        if db:
            info = json.loads(subprocess.run([BIN, 'info', '--json', '--db', db], capture_output=True,
                                             text=True, check=True).stdout)
            status, got, _ = api('/api/info', game=name)
            if status != 200 or got != info:
                fail(f'{name}: /api/info differs from info --json')
        status, got, _ = api('/api/position', game=spec if db is None else name, position=positions[0])
        if status != 200:
            fail(f'{name}: asked by its spec: {status}')


def expect(status_wanted, message, path, method='GET'):
    status, body, headers = get(path, method)
    if status != status_wanted or body.get('error') != message or list(body) != ['error']:
        fail(f'{method} {path[:80]}: got {status} {body}, want {status_wanted} {{"error": {message!r}}}')
    return headers


def query_error(args):
    """query's message for a bad position: its JSON error, or its one line on stderr."""
    run = subprocess.run([BIN, 'query', '--json'] + args, capture_output=True, text=True)
    if run.returncode != 2:
        fail(f'query {args}: exit {run.returncode}, want 2')
    if run.stdout:
        return json.loads(run.stdout)['error']
    return run.stderr.strip().removeprefix('gsolve: error: ')


def check_errors():
    served = 'ttt, c54, qc33, r44, g22, g22s, connect4:4x4, reversi:4x4, go:3x3'
    expect(404, f"unknown game 'nope' (served: {served})", '/api/position?game=nope&position=')
    expect(404, f"unknown game 'nope' (served: {served})", '/api/info?game=nope')
    expect(400, "missing parameter 'game'", '/api/position?position=33')
    expect(404, 'no database summary: connect4:4x4 is searched live', '/api/info?game=connect4:4x4')
    # Malformed and illegal positions: query's own message.
    for name, args, position in [('ttt', ['--db', f'{WORK}/ttt.gsdb'], 'XXX'),
                                 ('ttt', ['--db', f'{WORK}/ttt.gsdb'], 'XXXOOO---'),
                                 ('c54', ['--db', f'{WORK}/c54.gsdb'], '33333'),
                                 ('c54', ['--db', f'{WORK}/c54.gsdb'], '3x'),
                                 ('r44', ['--db', f'{WORK}/r44.gsdb'], 'a1'),
                                 ('qc33', ['--db', f'{WORK}/qc33.gsdb'], '.........x'),
                                 ('go:3x3', ['--game', 'go:3x3'], 'b2 b2'),
                                 ('connect4:4x4', ['--game', 'connect4:4x4'], '9')]:
        expect(400, query_error(args + ['--', position]),
               '/api/position?' + urllib.parse.urlencode({'game': name, 'position': position}))
    expect(400, query_error(['--db', f'{WORK}/c54.gsdb', '--', '33333']), '/api/board?game=c54&position=33333')
    expect(413, 'position text too long (5000 bytes, at most 4096)', '/api/position?game=c54&position=' + '1' * 5000)
    expect(414, 'request URI too long', '/api/position?game=c54&position=' + '1' * 9000)
    expect(404, "unknown path '/nope'", '/nope')
    expect(404, "unknown path '/api/nope'", '/api/nope')
    expect(405, "method 'POST' not allowed (the API answers GET)", '/api/games', 'POST')
    expect(405, "method 'DELETE' not allowed (the API answers GET)", '/api/position?game=c54', 'DELETE')
    print('bad requests: every kind gets its status and one-line JSON error')


def check_page():
    for path in ['/', '/app.js', '/style.css']:
        with urllib.request.urlopen(URL + path, timeout=10) as r:
            if r.status != 200 or len(r.read()) < 500:
                fail(f'{path}: not served')
    print('page: /, /app.js, /style.css served')


check_reports(random.Random(40))
check_errors()
check_page()
