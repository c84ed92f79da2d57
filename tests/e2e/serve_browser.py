#!/usr/bin/env python3
"""gsolve serve's page in headless Chromium: for connect4:5x4 and tictactoe
databases, clicks a line of moves and checks that every move's mark on the
board and every ply of the value-history chart show query --json's value and
remoteness; undo and redo move along the line. Keeps screenshots.
Usage: serve_browser.py BIN URL WORKDIR ARTIFACT_DIR"""
import json
import os
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BIN, URL, WORK, ARTIFACTS = sys.argv[1:5]
URL = URL.rstrip('/')


def fail(message):
    print('FAIL: ' + message, file=sys.stderr)
    sys.exit(1)


def query(db, position):
    out = subprocess.run([BIN, 'query', '--json', '--db', db, '-'], input=position + '\n', capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


def remoteness_text(record):
    r = record.get('remoteness')
    return '' if r is None or record['value'] in ('draw', 'unknown') else str(r)


def wait_shown(driver, position):
    """Until the page shows `position` with its report (the board marked, the status ready)."""
    def ready(d):
        board = d.find_element(By.ID, 'board')
        status = d.find_element(By.ID, 'status')
        return board.get_attribute('data-position') == position and status.get_attribute('data-state') == 'ready'
    WebDriverWait(driver, 20).until(ready, f'the page never showed {position!r}')


def check_board(driver, db, position):
    want = query(db, position)
    marks = {m.get_attribute('data-move'): m for m in driver.find_elements(By.CSS_SELECTOR, '#board .mark')}
    passes = driver.find_elements(By.CSS_SELECTOR, '#passes button')
    if len(marks) + len(passes) != len(want['moves']):
        fail(f'{position!r}: {len(marks)} moves marked, query has {len(want["moves"])}')
    for m in want['moves']:
        mark = marks.get(m['move'])
        if mark is None:
            fail(f'{position!r}: move {m["move"]} not marked')
        got = (mark.get_attribute('data-value'), mark.get_attribute('data-remoteness'), mark.get_attribute('data-best'))
        expected = (m['value'], remoteness_text(m), 'true' if m['best'] else 'false')
        if got != expected:
            fail(f'{position!r} move {m["move"]}: the board shows {got}, query {expected}')
    summary = driver.find_element(By.ID, 'summary').get_attribute('data-value')
    if summary != want['value']:
        fail(f'{position!r}: the summary shows {summary}, query {want["value"]}')


def check_chart(driver, db, line):
    plies = driver.find_elements(By.CSS_SELECTOR, '#history .ply')
    if len(plies) != len(line):
        fail(f'the chart has {len(plies)} plies, the line {len(line)}')
    for ply, (point, position) in enumerate(zip(plies, line)):
        want = query(db, position)
        got = (point.get_attribute('data-ply'), point.get_attribute('data-position'), point.get_attribute('data-value'),
               point.get_attribute('data-remoteness'))
        expected = (str(ply), position, want['value'], remoteness_text(want))
        if got != expected:
            fail(f'chart ply {ply}: shows {got}, query {expected}')


def click_move(driver, move):
    driver.find_element(By.CSS_SELECTOR, f'#board .mark[data-move="{move}"]').click()


def play_line(driver, name, db, start, moves, next_position, shot):
    driver.get(f'{URL}/?game={name}')
    line = [start]
    wait_shown(driver, start)
    check_board(driver, db, start)
    for move in moves:
        click_move(driver, move)
        line.append(next_position(line[-1], move))
        wait_shown(driver, line[-1])
        check_board(driver, db, line[-1])
    check_chart(driver, db, line)
    if driver.execute_script('return location.search') != '?' + f'game={name}&position={line[-1]}'.replace('|', '%7C'):
        fail(f'the URL does not hold the position: {driver.execute_script("return location.search")}')
    os.makedirs(ARTIFACTS, exist_ok=True)
    driver.save_screenshot(os.path.join(ARTIFACTS, shot))
    # Undo twice, redo once, back to the start.
    driver.find_element(By.ID, 'undo').click()
    driver.find_element(By.ID, 'undo').click()
    wait_shown(driver, line[-3])
    driver.find_element(By.ID, 'redo').click()
    wait_shown(driver, line[-2])
    check_board(driver, db, line[-2])
    driver.find_element(By.ID, 'start').click()
    wait_shown(driver, start)
    print(f'{name}: {len(moves)} moves clicked, board and chart equal query --json at every ply; {shot} kept')


def ttt_next(board, move):
    square = int(move) - 1
    x_to_move = board.count('X') == board.count('O')
    return board[:square] + ('X' if x_to_move else 'O') + board[square + 1:]


def main():
    options = webdriver.ChromeOptions()
    profile = tempfile.mkdtemp(prefix='gsolve-chromium-')
    for flag in ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
                 '--disable-background-networking', '--disable-component-update', '--disable-sync',
                 '--disable-dev-shm-usage', f'--user-data-dir={profile}', '--window-size=1300,1000']:
        options.add_argument(flag)
    options.binary_location = '/usr/bin/chromium'
    driver = webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)
    try:
        play_line(driver, 'c54', f'{WORK}/c54.gsdb', '', ['3', '3', '2', '2', '4', '1'],
                  lambda p, m: p + m, 'serve_connect4_5x4.png')
        play_line(driver, 'ttt', f'{WORK}/ttt.gsdb', '---------', ['5', '1', '9', '3'], ttt_next,
                  'serve_tictactoe.png')
        errors = [e for e in driver.get_log('browser') if e.get('level') == 'SEVERE']
        if errors:
            fail(f'the page logged errors: {errors}')
    finally:
        driver.quit()


main()
