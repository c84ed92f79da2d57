// gsolve serve's page: draws the board of the served game (SVG), marks every
// legal move by its value, plays moves, keeps the line played (undo, redo,
// the URL) and charts the value history and the database's summary.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const SYMBOL = { win: '+', tie: '=', draw: '\u221e', lose: '\u2212', unknown: '?' };
const COLOR = { win: '#009e73', tie: '#e6c700', draw: '#56b4e9', lose: '#d55e00', unknown: '#9a9a9a' };
const TEXT_ON = { win: '#fff', tie: '#000', draw: '#000', lose: '#fff', unknown: '#fff' };

const state = {
  games: [],
  game: null,       // the entry of /api/games being shown
  line: [],         // position texts from the first one shown
  at: 0,            // index in line of the position shown
  reports: new Map(), // position text -> report (query --json)
  boards: new Map(),  // position text -> board (/api/board)
  request: 0,       // the latest request's number: older answers are dropped
};

const $ = (id) => document.getElementById(id);

function el(name, attrs = {}, parent = null, text = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

async function getJson(path, params) {
  const url = path + '?' + new URLSearchParams(params).toString();
  const res = await fetch(url);
  const body = await res.json().catch(() => ({ error: 'HTTP ' + res.status }));
  if (!res.ok) throw new Error(body.error || 'HTTP ' + res.status);
  return body;
}

function recordText(r, scored) {
  if (!r || !r.value) return 'unknown';
  let s = r.value;
  if (r.value !== 'draw' && r.value !== 'unknown' && r.remoteness !== null && r.remoteness !== undefined)
    s += ' in ' + r.remoteness;
  if (scored && r.score !== null && r.score !== undefined && r.value !== 'unknown')
    s += ', score ' + (r.score > 0 ? '+' : '') + r.score;
  return s;
}

// The moves with the best record for the mover, where the report does not mark them.
function bestMoves(report) {
  const moves = report.moves || [];
  if (moves.some((m) => 'best' in m)) return new Set(moves.filter((m) => m.best).map((m) => m.move));
  const rank = (m) => {
    const base = { win: 3, tie: 2, draw: 1, lose: 0 }[m.value];
    if (base === undefined) return -1e9;
    const r = m.remoteness ?? 0, s = m.score ?? 0;
    return base * 1e6 + s * 1e3 + (m.value === 'win' || m.value === 'tie' ? -r : r);
  };
  const top = Math.max(...moves.map(rank));
  return new Set(moves.filter((m) => rank(m) === top && top > -1e9).map((m) => m.move));
}

function scored() { return /^(reversi|go)/.test(state.game.game); }

// ---- the board -------------------------------------------------------------

function family(spec) { return spec.split(':')[0]; }

function drawBoard(board, report) {
  const svg = $('board');
  svg.replaceChildren();
  const kind = family(state.game.game);
  const rows = board.rows.length, cols = board.rows[0].length;
  const cell = 60, margin = 34;
  const W = cols * cell + 2 * margin, H = rows * cell + 2 * margin;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.dataset.position = board.position;
  const x0 = margin, y0 = margin;
  const cx = (c) => x0 + c * cell + cell / 2, cy = (r) => y0 + r * cell + cell / 2;
  const backgrounds = { connect4: '#1f5fbf', reversi: '#2e7d32', go: '#dcb35c', tictactoe: '#fff', quickcross: '#fff' };
  el('rect', { x: x0, y: y0, width: cols * cell, height: rows * cell, fill: backgrounds[kind] || '#fff',
               stroke: '#333', 'stroke-width': 2, rx: kind === 'connect4' ? 8 : 0 }, svg);
  // Coordinates.
  board.col_labels.forEach((l, c) => el('text', { x: cx(c), y: y0 - 10, 'text-anchor': 'middle', 'font-size': 15, fill: '#444' }, svg, l));
  board.row_labels.forEach((l, r) => el('text', { x: x0 - 12, y: cy(r) + 5, 'text-anchor': 'middle', 'font-size': 15, fill: '#444' }, svg, l));
  // Grid.
  if (kind === 'go') {
    for (let r = 0; r < rows; ++r) el('line', { x1: cx(0), y1: cy(r), x2: cx(cols - 1), y2: cy(r), stroke: '#333', 'stroke-width': 1.5 }, svg);
    for (let c = 0; c < cols; ++c) el('line', { x1: cx(c), y1: cy(0), x2: cx(c), y2: cy(rows - 1), stroke: '#333', 'stroke-width': 1.5 }, svg);
  } else if (kind !== 'connect4') {
    for (let r = 1; r < rows; ++r) el('line', { x1: x0, y1: y0 + r * cell, x2: x0 + cols * cell, y2: y0 + r * cell, stroke: '#333', 'stroke-width': kind === 'tictactoe' ? 3 : 1.5 }, svg);
    for (let c = 1; c < cols; ++c) el('line', { x1: x0 + c * cell, y1: y0, x2: x0 + c * cell, y2: y0 + rows * cell, stroke: '#333', 'stroke-width': kind === 'tictactoe' ? 3 : 1.5 }, svg);
  }
  // Pieces.
  for (let r = 0; r < rows; ++r) {
    for (let c = 0; c < cols; ++c) {
      const ch = board.rows[r][c];
      const x = cx(c), y = cy(r);
      if (kind === 'connect4') {
        const fill = ch === 'X' ? '#e53935' : ch === 'O' ? '#fdd835' : '#fafafa';
        el('circle', { cx: x, cy: y, r: cell * 0.4, fill, stroke: '#163f80', 'stroke-width': 2, class: 'piece', 'data-square': `${r},${c}` }, svg);
      } else if (kind === 'tictactoe') {
        if (ch === 'X') {
          el('path', { d: `M${x - 18},${y - 18}L${x + 18},${y + 18}M${x + 18},${y - 18}L${x - 18},${y + 18}`, stroke: '#333', 'stroke-width': 6, 'stroke-linecap': 'round' }, svg);
        } else if (ch === 'O') {
          el('circle', { cx: x, cy: y, r: 19, fill: 'none', stroke: '#333', 'stroke-width': 6 }, svg);
        }
      } else if (kind === 'reversi' || kind === 'go') {
        if (ch === 'X' || ch === 'O')
          el('circle', { cx: x, cy: y, r: cell * 0.42, fill: ch === 'X' ? '#111' : '#f5f5f5', stroke: '#111', 'stroke-width': 1.5 }, svg);
      } else if (kind === 'quickcross') {
        if (ch === '-') el('rect', { x: x - 22, y: y - 6, width: 44, height: 12, fill: '#333', rx: 3 }, svg);
        if (ch === '|') el('rect', { x: x - 6, y: y - 22, width: 12, height: 44, fill: '#333', rx: 3 }, svg);
      }
    }
  }
  // Moves, marked by value.
  const moves = new Map((report ? report.moves : []).map((m) => [m.move, m]));
  const best = report ? bestMoves(report) : new Set();
  const bySquare = new Map();
  const passes = $('passes');
  passes.replaceChildren();
  for (const m of board.moves) {
    if (m.square === null) {
      const rec = moves.get(m.move) || { value: 'unknown' };
      const b = document.createElement('button');
      b.textContent = `${m.move}  ${SYMBOL[rec.value] || '?'} ${recordText(rec, scored())}`;
      b.className = 'v-' + (rec.value || 'unknown');
      b.dataset.move = m.move;
      b.dataset.value = rec.value || 'unknown';
      b.addEventListener('click', () => play(m.position));
      passes.appendChild(b);
      continue;
    }
    const key = m.square.join(',');
    if (!bySquare.has(key)) bySquare.set(key, []);
    bySquare.get(key).push(m);
  }
  for (const [key, list] of bySquare) {
    const [r, c] = key.split(',').map(Number);
    list.forEach((m, k) => {
      const rec = moves.get(m.move) || { value: 'unknown', remoteness: null };
      const value = rec.value || 'unknown';
      const isBest = best.has(m.move);
      const dx = list.length > 1 ? (k - (list.length - 1) / 2) * cell * 0.46 : 0;
      const x = cx(c) + dx, y = cy(r);
      const g = el('g', { class: 'mark' + (isBest ? ' best' : ''), 'data-move': m.move, 'data-value': value,
                          'data-remoteness': rec.remoteness ?? '', 'data-best': isBest }, svg);
      el('title', {}, g, `${m.move}: ${recordText(rec, scored())}${isBest ? ' (best)' : ''}`);
      const radius = list.length > 1 ? cell * 0.21 : cell * 0.3;
      el('circle', { cx: x, cy: y, r: radius, fill: COLOR[value], stroke: isBest ? '#111' : '#fff',
                     'stroke-width': isBest ? 4 : 1.5, opacity: 0.95 }, g);
      const remote = value === 'draw' || value === 'unknown' || rec.remoteness === null || rec.remoteness === undefined ? '' : rec.remoteness;
      // Quick Cross: which piece the move puts down (H, V) or turns over (a circular arrow), then the value.
      const piece = { '-': 'H', '|': 'V', flip: '\u21bb' }[m.move.split('@')[0]];
      const label = kind === 'quickcross' ? piece + SYMBOL[value] : SYMBOL[value];
      const small = list.length > 1 || kind === 'quickcross';
      el('text', { x, y: y + (remote === '' ? 5 : -1), 'text-anchor': 'middle', 'font-size': small ? 12 : 17,
                   fill: TEXT_ON[value] }, g, label);
      if (remote !== '') el('text', { x, y: y + (small ? 11 : 14), 'text-anchor': 'middle', 'font-size': small ? 10 : 12, fill: TEXT_ON[value] }, g, String(remote));
      if (isBest) el('text', { x: x + radius * 0.85, y: y - radius * 0.6, 'font-size': 16, fill: '#111' }, g, '\u2605');
      g.addEventListener('click', () => play(m.position));
    });
  }
  // Connect 4: a click anywhere in a column plays there.
  if (kind === 'connect4') {
    for (let c = 0; c < cols; ++c) {
      const m = board.moves.find((mv) => mv.square && mv.square[1] === c);
      if (!m) continue;
      const hit = el('rect', { x: x0 + c * cell, y: y0, width: cell, height: rows * cell, class: 'cell-hit' }, svg);
      svg.insertBefore(hit, svg.querySelector('.mark'));
      hit.addEventListener('click', () => play(m.position));
    }
  }
}

// ---- the moves table and the summary ------------------------------------------

function showReport(board, report) {
  const disc = family(state.game.game) === 'connect4' ? { X: ' (red)', O: ' (yellow)' }[board.to_move] || '' : '';
  const to = board.to_move ? board.to_move + disc + ' to move' : 'Player to move';
  const summary = $('summary');
  summary.dataset.value = report.value;
  summary.textContent = report.primitive ? `Game over: ${recordText(report, scored())} for the side to move`
                                         : `${to}: ${recordText(report, scored())}`;
  if (report.source && report.source !== 'database') summary.textContent += ` (${report.source === 'search' ? 'searched live' : report.source})`;
  const tbody = $('moves').querySelector('tbody');
  tbody.replaceChildren();
  const best = bestMoves(report);
  const byMove = new Map(board.moves.map((m) => [m.move, m]));
  document.querySelectorAll('#moves .score').forEach((e) => { e.hidden = !scored(); });
  for (const m of report.moves || []) {
    const tr = document.createElement('tr');
    if (best.has(m.move)) tr.className = 'best';
    tr.dataset.move = m.move;
    tr.dataset.value = m.value;
    const remote = m.value === 'draw' || m.value === 'unknown' || m.remoteness === null || m.remoteness === undefined ? '' : m.remoteness;
    const cells = [m.move, null, remote, m.score ?? ''];
    cells.forEach((v, i) => {
      if (i === 3 && !scored()) return;
      const td = document.createElement('td');
      if (i === 1) {
        td.className = 'value';
        const span = document.createElement('span');
        span.className = 'v-' + m.value;
        span.textContent = `${SYMBOL[m.value] || '?'} ${m.value}`;
        td.appendChild(span);
      } else {
        td.textContent = v;
      }
      tr.appendChild(td);
    });
    const target = byMove.get(m.move);
    if (target) tr.addEventListener('click', () => play(target.position));
    tbody.appendChild(tr);
  }
}

// ---- the value history -------------------------------------------------------

function drawHistory() {
  const svg = $('history');
  svg.replaceChildren();
  const W = 600, H = 200, left = 36, bottom = 24, top = 12, right = 10;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const points = state.line.map((p, ply) => ({ ply, position: p, report: state.reports.get(p) }));
  const maxR = Math.max(4, ...points.map((q) => (q.report && q.report.remoteness) || 0));
  const n = Math.max(points.length, 2);
  const px = (ply) => left + (ply + 0.5) * (W - left - right) / n;
  const py = (r) => H - bottom - r * (H - bottom - top) / maxR;
  el('line', { x1: left, y1: H - bottom, x2: W - right, y2: H - bottom, stroke: '#888' }, svg);
  el('line', { x1: left, y1: top, x2: left, y2: H - bottom, stroke: '#888' }, svg);
  for (const r of [0, Math.round(maxR / 2), maxR])
    el('text', { x: left - 6, y: py(r) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#444' }, svg, String(r));
  el('text', { x: 10, y: H / 2, transform: `rotate(-90 10 ${H / 2})`, 'text-anchor': 'middle', 'font-size': 11, fill: '#444' }, svg, 'remoteness');
  el('text', { x: W - right, y: H - 6, 'text-anchor': 'end', 'font-size': 11, fill: '#444' }, svg, 'ply');
  let path = '';
  for (const q of points) {
    if (!q.report) continue;
    const r = q.report.remoteness ?? 0;
    path += (path ? 'L' : 'M') + px(q.ply) + ',' + py(r);
  }
  if (path) el('path', { d: path, fill: 'none', stroke: '#bbb', 'stroke-width': 1.5 }, svg);
  for (const q of points) {
    const value = q.report ? q.report.value : 'unknown';
    const r = q.report ? q.report.remoteness ?? 0 : 0;
    const g = el('g', { class: 'ply', 'data-ply': q.ply, 'data-value': value,
                        'data-remoteness': q.report && q.report.remoteness !== null && q.report.remoteness !== undefined ? q.report.remoteness : '',
                        'data-position': q.position }, svg);
    el('title', {}, g, `ply ${q.ply}: ${q.report ? recordText(q.report, scored()) : 'not known yet'}`);
    el('circle', { cx: px(q.ply), cy: py(r), r: q.ply === state.at ? 9 : 7, fill: COLOR[value] || COLOR.unknown,
                   stroke: q.ply === state.at ? '#111' : '#fff', 'stroke-width': 2 }, g);
    el('text', { x: px(q.ply), y: py(r) + 4, 'text-anchor': 'middle', 'font-size': 10, fill: TEXT_ON[value] || '#fff' }, g, SYMBOL[value] || '?');
    if (points.length <= 40 || q.ply % 5 === 0)
      el('text', { x: px(q.ply), y: H - 8, 'text-anchor': 'middle', 'font-size': 10, fill: '#444' }, svg, String(q.ply));
    g.addEventListener('click', () => { state.at = q.ply; show(); });
  }
}

// ---- the database summary ----------------------------------------------------

async function showInfo() {
  const box = $('info');
  if (!state.game.database) { box.hidden = true; return; }
  let info;
  try { info = await getJson('/api/info', { game: state.game.name }); } catch (e) { box.hidden = true; return; }
  box.hidden = false;
  const start = info.start ? recordText(info.start, !!info.start && 'score' in info.start) : 'not solved yet';
  const c = info.counts || {};
  $('info-text').textContent =
      `game        ${info.game}  (objective ${info.objective}, solver ${info.solver})\n` +
      `coverage    ${info.coverage}${info.complete ? '' : '  (solve not finished)'}\n` +
      `start       ${start}\n` +
      `positions   ${info.canonical_positions} canonical, ${info.reachable_positions} reachable\n` +
      `values      win ${c.win}  lose ${c.lose}  tie ${c.tie}  draw ${c.draw}   (reachable positions)\n` +
      `size        ${info.bytes} bytes (${Number(info.file_bits_per_position).toFixed(2)} bits per position)`;
  drawInfoChart(info.remoteness || []);
}

// Grouped bars per remoteness (win, lose, tie), on a log scale: counts span orders of magnitude.
function drawInfoChart(rows) {
  const svg = $('info-chart');
  svg.replaceChildren();
  const W = 900, H = 240, left = 50, bottom = 28, top = 14, right = 10;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  if (!rows.length) return;
  const maxCount = Math.max(1, ...rows.flatMap((r) => [r.win, r.lose, r.tie]));
  const decades = Math.max(1, Math.ceil(Math.log10(maxCount + 1)));
  const py = (n) => H - bottom - (n > 0 ? Math.log10(n + 1) / decades : 0) * (H - bottom - top);
  const maxR = Math.max(...rows.map((r) => r.remoteness));
  const slot = (W - left - right) / (maxR + 1), bar = Math.max(1, slot / 3.5);
  el('line', { x1: left, y1: H - bottom, x2: W - right, y2: H - bottom, stroke: '#888' }, svg);
  for (let d = 0; d <= decades; ++d) {
    const y = H - bottom - d / decades * (H - bottom - top);
    el('line', { x1: left, y1: y, x2: W - right, y2: y, stroke: '#eee' }, svg);
    el('text', { x: left - 6, y: y + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#444' }, svg, d === 0 ? '0' : '1e' + d);
  }
  for (const row of rows) {
    ['win', 'lose', 'tie'].forEach((v, k) => {
      const n = row[v];
      const x = left + row.remoteness * slot + slot / 2 + (k - 1) * bar;
      const rect = el('rect', { x: x - bar / 2, y: py(n), width: bar, height: H - bottom - py(n), fill: COLOR[v],
                                'data-remoteness': row.remoteness, 'data-value': v, 'data-count': n }, svg);
      el('title', {}, rect, `remoteness ${row.remoteness}: ${n} ${v}`);
    });
    if (maxR <= 50 || row.remoteness % 5 === 0)
      el('text', { x: left + row.remoteness * slot + slot / 2, y: H - 10, 'text-anchor': 'middle', 'font-size': 10, fill: '#444' }, svg, String(row.remoteness));
  }
  el('text', { x: W - right, y: top + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#444' }, svg,
     'reachable positions by remoteness: + win, \u2212 lose, = tie (log scale)');
}

// ---- navigation --------------------------------------------------------------

function setUrl() {
  const params = new URLSearchParams({ game: state.game.name, position: state.line[state.at] });
  history.replaceState(null, '', '?' + params.toString());
}

function setStatus(text, kind = '') {
  const s = $('status');
  s.className = kind;
  s.dataset.state = kind || 'ready';
  s.replaceChildren();
  if (kind === 'busy') {
    const sp = document.createElement('span');
    sp.className = 'spinner';
    s.appendChild(sp);
  }
  s.appendChild(document.createTextNode(text));
}

async function fetchReport(position, onWait) {
  if (state.reports.has(position)) return state.reports.get(position);
  const report = await getJson('/api/position', { game: state.game.name, position });
  if (!report.incomplete) state.reports.set(position, report);
  return report;
}

async function fetchBoard(position) {
  if (!state.boards.has(position)) state.boards.set(position, await getJson('/api/board', { game: state.game.name, position }));
  return state.boards.get(position);
}

// Shows line[at]: its board at once, its moves' values when the report comes.
async function show() {
  const number = ++state.request;
  const position = state.line[state.at];
  $('position-text').value = position;
  setUrl();
  let board;
  try {
    board = await fetchBoard(position);
  } catch (e) {
    if (number === state.request) setStatus(e.message, 'error');
    return;
  }
  if (number !== state.request) return;
  const cached = state.reports.get(position);
  drawBoard(board, cached);
  if (cached) {
    showReport(board, cached);
    setStatus('', 'ready');
    drawHistory();
    return;
  }
  $('summary').textContent = '';
  $('moves').querySelector('tbody').replaceChildren();
  const started = performance.now();
  const label = state.game.database ? 'reading the database' : 'searching';
  setStatus(label + '\u2026', 'busy');
  const timer = setInterval(() => {
    if (number === state.request) setStatus(`${label}\u2026 ${((performance.now() - started) / 1000).toFixed(1)} s`, 'busy');
  }, 100);
  let report;
  try {
    report = await fetchReport(position);
  } catch (e) {
    clearInterval(timer);
    if (number === state.request) setStatus(e.message, 'error');
    return;
  }
  clearInterval(timer);
  if (number !== state.request) return;
  drawBoard(board, report);
  showReport(board, report);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (report.incomplete) {
    const proven = (report.moves || []).filter((m) => m.value && m.value !== 'unknown').length;
    let text = `Search stopped (${report.incomplete}) after ${seconds} s: ${proven} of ${(report.moves || []).length} moves proven`;
    if (report.score_bounds) text += `; score between ${report.score_bounds[0]} and ${report.score_bounds[1]}`;
    setStatus(text, 'ready');
  } else {
    setStatus(report.source === 'search' ? `searched in ${seconds} s` : '', 'ready');
  }
  drawHistory();
  // The earlier plies of a line typed or linked: their reports fill the chart.
  for (const p of state.line) {
    if (number !== state.request || state.reports.has(p) || !state.game.database) continue;
    try { await fetchReport(p); } catch (e) { break; }
  }
  if (number === state.request) drawHistory();
}

function play(position) {
  state.line = state.line.slice(0, state.at + 1);
  state.line.push(position);
  state.at = state.line.length - 1;
  show();
}

// A line of plies to a position typed or linked: Connect 4's texts are moves, each prefix a ply.
function lineTo(position) {
  if (family(state.game.game) === 'connect4' && /^[0-9]*$/.test(position)) {
    const line = [];
    for (let k = 0; k <= position.length; ++k) line.push(position.slice(0, k));
    return line;
  }
  return position === state.game.start ? [position] : [state.game.start, position].filter((p, i, a) => a.indexOf(p) === i);
}

function selectGame(name, position) {
  state.game = state.games.find((g) => g.name === name) || state.games[0];
  $('game').value = state.game.name;
  state.reports.clear();
  state.boards.clear();
  const start = position ?? state.game.start;
  state.line = lineTo(start);
  state.at = state.line.length - 1;
  showInfo();
  show();
}

async function main() {
  try {
    state.games = await getJson('/api/games', {});
  } catch (e) {
    setStatus(e.message, 'error');
    return;
  }
  const select = $('game');
  for (const g of state.games) {
    const o = document.createElement('option');
    o.value = g.name;
    o.textContent = g.name === g.game ? `${g.game} (live search)` : `${g.name} (${g.game})`;
    select.appendChild(o);
  }
  select.addEventListener('change', () => selectGame(select.value, null));
  $('start').addEventListener('click', () => { state.at = 0; show(); });
  $('undo').addEventListener('click', () => { if (state.at > 0) { --state.at; show(); } });
  $('redo').addEventListener('click', () => { if (state.at + 1 < state.line.length) { ++state.at; show(); } });
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowLeft') $('undo').click();
    if (e.key === 'ArrowRight') $('redo').click();
    if (e.key === 'Home') $('start').click();
  });
  $('paste').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('position-text').value.trim();
    state.line = lineTo(text);
    state.at = state.line.length - 1;
    show();
  });
  const params = new URLSearchParams(location.search);
  selectGame(params.get('game'), params.has('position') ? params.get('position') : null);
}

main();
