// The leaderboard page that bvh_matchd serves beside the replay viewer: the best players from /api/leaderboard;
// choosing one lists its last matches from /api/history/KEY, each linking to the viewer opening the replay the
// service decided it from (index.html?replay=/replay/MATCHID). Names come from the service and go into the page as
// text only, never as markup.
'use strict';

function cell(row, text, cls) {
  const td = document.createElement('td');
  td.textContent = text;
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}

function fail(what) {
  const box = document.getElementById('error');
  box.textContent = what;
  box.hidden = false;
  document.getElementById('status').textContent = '';
}

async function json(url) {
  const r = await fetch(url, {cache: 'no-cache'});
  if (!r.ok) throw new Error(`${url}: ${r.status} ${(await r.text()).trim()}`);
  const value = await r.json();
  if (value.error) throw new Error(`${url}: ${value.error}`);
  return value;
}

function resultText(m) {
  if (m.state !== 'verified') return `${m.state}${m.flags ? ' (' + m.flags + ')' : ''}`;
  const who = m.winner === 2 ? 'draw' : `${m.players[m.winner]} won`;
  return m.flags ? `${who} (${m.flags})` : who;
}

function signed(x) { return (x > 0 ? '+' : '') + x.toFixed(1); }

async function showHistory(player, row) {
  document.querySelectorAll('tr.chosen').forEach((r) => r.classList.remove('chosen'));
  row.classList.add('chosen');
  const matches = await json(`/api/history/${player.key}`);
  const title = document.getElementById('historytitle');
  title.textContent = `${player.name}: last matches`;
  title.hidden = false;
  const body = document.querySelector('#history tbody');
  body.replaceChildren();
  for (const m of matches) {
    const tr = document.createElement('tr');
    cell(tr, m.id);
    cell(tr, `${m.players[0]} (${m.fighters[0]})`);
    cell(tr, `${m.players[1]} (${m.fighters[1]})`);
    cell(tr, resultText(m));
    cell(tr, m.ranked ? `${signed(m.change[0])} / ${signed(m.change[1])}` : 'unranked');
    const link = document.createElement('a');
    link.textContent = 'watch';
    link.href = `index.html?replay=${encodeURIComponent('/replay/' + m.id + '.freplay')}`;
    if (m.state !== 'open') cell(tr, '').appendChild(link);
    else cell(tr, 'being played');
    body.appendChild(tr);
  }
  document.getElementById('history').hidden = false;
}

async function showBoard() {
  const players = await json('/api/leaderboard');
  const body = document.querySelector('#board tbody');
  for (const p of players) {
    const tr = document.createElement('tr');
    tr.className = 'player';
    cell(tr, p.rank);
    cell(tr, p.name, p.provisional ? 'provisional' : '');
    cell(tr, p.code);
    cell(tr, Math.round(p.rating));
    cell(tr, Math.round(p.deviation));
    cell(tr, p.games);
    tr.addEventListener('click', () => showHistory(p, tr).catch((e) => fail(e.message)));
    body.appendChild(tr);
  }
  document.getElementById('status').textContent =
    players.length ? `${players.length} players (italic: provisional); choose one for its matches` : 'no players yet';
  const first = body.querySelector('tr');
  if (first) await showHistory(players[0], first);
}

showBoard().catch((e) => fail(e.message));
