// The replay viewer: opens a fight replay or action script, re-simulates it with the game's own code (WebAssembly,
// see wasm_api.cpp), and shows any frame on a canvas from the game's draw list. Nothing here decides anything about
// the match: the hash, the results and the failed expectations all come from the simulation.
//
// The simulation runs in slices of a few milliseconds between which the page stays live, so a long (or hostile)
// file never freezes the tab; the loaders refuse what game_headless refuses, with the same FILE:LINE message.
'use strict';

const $ = (id) => document.getElementById(id);
const stage = $('stage'), ctx = stage.getContext('2d');
const timeline = $('timeline'), tctx = timeline.getContext('2d');
const meter = $('meter'), mctx = meter.getContext('2d');
const params = new URLSearchParams(location.search);

const ROLE_OVERLAY_FIRST = 6;  // view::Role::Branch: the roles from here on are the overlay
const EVENT_COLORS = {hit: '#ff5050', block: '#60a8ff', cancel: '#d68cff', ko: '#ffffff', timeover: '#ff9a30',
                      roundstart: '#ffd84a', matchover: '#ffd84a', throw: '#60ff90', tech: '#a0ffc0'};
const METER = [['free', '#30303c'], ['startup', '#3cc86e'], ['active', '#eb3c3c'], ['recovery', '#4678eb'],
               ['hitstun', '#f0d23c'], ['blockstun', '#f08c28'], ['thrown', '#be5adc'], ['jump/dash', '#9696aa']];
const LEGEND = [['hurtbox (BVH leaf)', '#468cff'], ['attack (dim: inactive)', '#ff3c3c'], ['throw', '#50ff78'],
                ['push (corners)', '#e1e1e1'], ['BVH branch, root', '#ffdc3c'], ['BVH branch, deep', '#788cff'],
                ['tested, overlapped', '#ffff00'], ['tested, missed', '#ffffff'], ['projectile', '#ff50ff']];

let M = null;           // the WebAssembly module
let run = null;         // the open file: {name, total, done, events, meter, result, loadMs, simMs}
let shown = 0;          // frame on screen
let playing = false;
let openSerial = 0;     // a newer open() abandons an older one still running
let wantFrame = null;   // #frame=N, applied once that frame has been simulated
let frameNote = '';     // what is wrong with the link's #frame= (said once the file is open), or ''
let moduleMs = 0;       // time to fetch, compile and start the WebAssembly module
let source = null;      // what the address names: {url} (a hosted file), {name, z} (carried in the link) or {name}
const LINK_LIMIT = 16000;  // most characters of a link that carries the replay itself (chat apps cut longer ones)

const call = (name, ret, types, args) => M.ccall(name, ret, types, args);

function setStatus(text) { $('status').textContent = text; }
function showError(text) {
  $('error').hidden = !text;
  $('error').textContent = text || '';
}
/// A short note about the link (a frame it names that this file does not have): shown until the next file opens.
function showNotice(text) {
  $('notice').hidden = !text;
  $('notice').textContent = text || '';
}
/// No file on the stage: a black stage with the welcome text and its demo links back over it.
function showEmpty() {
  run = null;
  playing = false;
  clearStage();
  $('stagebox').classList.remove('open');
  $('result').textContent = 'no file open';
  showNotice('');
}
const sleep0 = () => new Promise((resolve) => setTimeout(resolve, 0));

// ---- opening a file ------------------------------------------------------------------------------------------

/// The name a file is opened under: its base name (the loaders' messages say it), never a path.
function safeName(name) {
  const base = String(name).split(/[\\/]/).pop();
  return base && base !== '.' && base !== '..' ? base : 'replay';
}

/// The name to show for a link's file: its last path segment, URL-decoded (left as it is when not decodable).
function nameFromUrl(url) {
  const path = String(url).split(/[?#]/)[0];
  const base = path.split('/').pop();
  try {
    return safeName(decodeURIComponent(base));
  } catch (e) {
    return safeName(base);
  }
}

/// Writes a file into the simulation's file system, creating folders; false when that is impossible.
function writeFile(path, bytes) {
  try {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; ++i) {
      const dir = parts.slice(0, i).join('/');
      if (!M.FS.analyzePath(dir).exists) M.FS.mkdir(dir);
    }
    M.FS.writeFile(path, bytes);
    return true;
  } catch (e) {
    return false;
  }
}

function removeTree(path) {
  try {
    const info = M.FS.analyzePath(path);
    if (!info.exists) return;
    if (M.FS.isDir(info.object.mode)) {
      for (const entry of M.FS.readdir(path)) if (entry !== '.' && entry !== '..') removeTree(path + '/' + entry);
      M.FS.rmdir(path);
    } else {
      M.FS.unlink(path);
    }
  } catch (e) { /* nothing to clean */ }
}

/// Fetches data/fighters/ID.fighter beside the page (never cached: an edited fighter plays at once); null if absent.
async function fetchFighter(id) {
  return fetchData('fighters/' + encodeURIComponent(id) + '.fighter');
}

/// Fetches data/PATH beside the page, never cached; null if absent.
async function fetchData(path) {
  try {
    const r = await fetch('data/' + path, {cache: 'no-cache'});
    return r.ok ? new Uint8Array(await r.arrayBuffer()) : null;
  } catch (e) {
    return null;
  }
}

/// Opens bytes as NAME: load, fetch the fighters, re-simulate in slices. Resolves to the run (or {error}).
/// Opens bytes as NAME from `src` (what the address is to name: see linkTo).
async function openBytes(name, bytes, src) {
  const serial = ++openSerial;
  playing = false;
  run = null;  // the simulation is about to be reset: nothing may show the previous file from here on
  $('stagebox').classList.add('open');  // the welcome text gives way to the file (or to its error)
  source = src;
  updateAddress(wantFrame !== null ? wantFrame : 0);
  showError('');
  showNotice('');
  try {
    return await loadAndRun(serial, name, bytes);
  } catch (e) {  // never a half-open file: any surprise is said on the page
    if (serial !== openSerial) return {error: 'abandoned'};
    const message = safeName(name) + ': cannot open: ' + e.message;
    showEmpty();
    showError(message);
    setStatus('not opened');
    return {error: message};
  }
}

const SCRIPT_WORD = /^unknown command '/;  // the script parser's word for a first line it does not know

/// True when bytes that failed to load look like neither kind of file the viewer opens: binary, nothing in them,
/// or a first word that is neither a replay's `fightreplay` nor a script command (the parser's error is then about
/// that word, at the file's first line with a word).
function neitherKind(bytes, error) {
  if (bytes.length === 0 || bytes.includes(0)) return true;  // a NUL byte: a binary file, never text
  const lines = new TextDecoder().decode(bytes).split('\n');
  const first = lines.findIndex((l) => l.replace(/#.*/, '').trim() !== '');
  if (first < 0) return true;
  if (lines[first].trim().split(/\s+/)[0] === 'fightreplay') return false;
  const m = /^[^\n]*?:(\d+): (.*)/.exec(error);
  return !!m && Number(m[1]) === first + 1 && SCRIPT_WORD.test(m[2]);
}

/// A fighter id worth asking the server for (the loader's rule); any other id is left to the loader, which refuses
/// it with game_headless's message (a name that is not UTF-8 reaches the page as replacement characters).
const FIGHTER_ID = /^[a-z0-9_-]{1,64}$/;

async function loadAndRun(serial, name, bytes) {
  const t0 = performance.now();
  name = safeName(name);
  M.FS.chdir('/');
  removeTree('/w');
  M.FS.mkdir('/w');
  M.FS.chdir('/w');
  if (!writeFile(name, bytes)) return fail(name + ': cannot open: the name is not usable here');
  const buttons = await fetchData('buttons.cfg');  // the button table: names and letters the file may use
  if (serial !== openSerial) return {error: 'abandoned'};
  if (buttons) writeFile('data/buttons.cfg', buttons);  // absent: the loader says so, as natively
  if (!call('bf_open', 'number', ['string'], [name])) return fail(call('bf_error', 'string', [], []));
  const ids = [0, 1].map((p) => call('bf_fighter', 'string', ['number'], [p]));
  for (const id of new Set(ids.filter((id) => FIGHTER_ID.test(id)))) {
    const text = await fetchFighter(id);
    if (serial !== openSerial) return {error: 'abandoned'};
    if (text) writeFile('data/fighters/' + id + '.fighter', text);  // absent: the loader says so, as natively
  }
  if (!call('bf_load_fighters', 'number', ['string'], ['data'])) return fail(call('bf_error', 'string', [], []));
  const total = call('bf_total_frames', 'number', [], []);
  run = {name, total, done: false, events: [], meter: ['', ''], result: null, serial};
  const t1 = performance.now();
  run.loadMs = t1 - t0;
  shown = -1;
  drawTimeline();
  let slice = 200;
  while (!call('bf_run', 'number', ['number'], [slice])) {
    const t = performance.now();
    const ran = call('bf_frames_run', 'number', [], []);
    setStatus(`${name}: simulating ${ran} / ${total} frames…`);
    if (wantFrame !== null && ran >= wantFrame) applyWantedFrame();
    else if (shown < 0) show(0);
    await sleep0();
    if (serial !== openSerial) return {error: 'abandoned'};
    slice = Math.max(50, Math.min(20000, Math.round(slice * 12 / Math.max(1, performance.now() - t))));  // ~12 ms
  }
  run.simMs = performance.now() - t1;
  finish(name);
  return run;

  // The page says what the file is not before the loader's FILE:LINE message; the result keeps the loader's own
  // (the test compares it with game_headless's).
  function fail(message) {
    showEmpty();
    showError((neitherKind(bytes, message) ? NOT_A_RUN_FILE + '\n' : '') + message);
    setStatus(name + ': not opened');
    return {error: message};
  }
}

const NOT_A_RUN_FILE = 'this is not a replay (.freplay) or a script (.fscript); the viewer opens only those:';

function finish(name) {
  run.done = true;
  run.result = JSON.parse(call('bf_result', 'string', [], []));
  run.events = JSON.parse(call('bf_events', 'string', [], []));
  run.meter = JSON.parse(call('bf_meter', 'string', [], []));
  run.total = run.result.frames;
  run.digest = call('bf_hash_digest', 'string', [], []);
  run.snapshotEvery = call('bf_snapshot_every', 'number', [], []);
  run.memoryBytes = M.HEAP8.buffer.byteLength;
  // (Under a headless browser's virtual time the clock stands still: then there is no speed to show.)
  const speed = run.simMs >= 1 ? ` in ${run.simMs.toFixed(0)} ms (${Math.round(run.total / (run.simMs / 1000))} frames/s; ` +
                                 `loaded in ${run.loadMs.toFixed(0)} ms)` : '';
  setStatus(`${name}: ${run.total} frames re-simulated${speed}${run.result.truncated ? ' — ' + cutShort(run.result) : ''}`);
  showResult();
  // A bug report opens at its note's frame (unless the link names a frame).
  if (wantFrame === null && run.result.notes.length && !run.noteShown) {
    run.noteShown = true;
    wantFrame = Math.min(run.result.notes[0][0], run.total);
    setStatus(`${name}: bug report, opened at frame ${wantFrame}: “${run.result.notes[0][1]}”`);
  }
  showNotice(frameNote || frameNotice(undefined, wantFrame));
  frameNote = '';
  if (wantFrame !== null) applyWantedFrame();
  else show(Math.max(0, shown));
  drawTimeline();
}

/// The frame a link's fragment names: {frame: N}, {bad: TEXT} when `frame=` is not a frame number, or {} without one.
function linkFrame(hash) {
  const text = new URLSearchParams(hash.replace(/^#/, '')).get('frame');
  if (text === null) return {};
  return /^\d{1,15}$/.test(text) ? {frame: Number(text)} : {bad: text};
}

/// The notice for a link's frame this file does not have (the page shows the nearest frame it has).
function frameNotice(bad, frame) {
  if (bad !== undefined) return `the link's frame “${bad}” is not a frame number: showing frame 0`;
  return run && frame > run.total ? `the link's frame ${frame} is past this file's last frame, ${run.total}: ` +
                                    `showing frame ${run.total}` : '';
}

function applyWantedFrame() {
  const ran = call('bf_frames_run', 'number', [], []);
  const f = Math.min(wantFrame, ran);
  if (run && run.done) wantFrame = null;
  show(f);
}

async function openUrl(url) {
  const name = nameFromUrl(url);
  setStatus('fetching ' + name + '…');
  let r;
  try {
    r = await fetch(url, {cache: 'no-cache'});
    if (r.status === 404 && !url.includes('/')) r = await fetch('data/replays/' + url, {cache: 'no-cache'});  // shipped
  } catch (e) {
    // fetch() says only "Failed to fetch" for both a dead server and a refused cross-origin read.
    const other = new URL(url, location.href).origin !== location.origin;
    return refuse(name + ': cannot open ' + url + ': ' + (other
        ? 'the server did not answer or does not let other sites read the file (a cross-origin request needs ' +
          'its Access-Control-Allow-Origin header); download the file and open it with the button or drop it here'
        : 'the server did not answer (' + e.message + ')'));
  }
  if (!r.ok) return refuse(name + ': cannot open: HTTP ' + r.status + ' ' + r.statusText);
  const bytes = new Uint8Array(await r.arrayBuffer());
  return openBytes(name, bytes, {url, name: safeName(name), z: await compress(bytes)});

  function refuse(message) {
    ++openSerial;
    showEmpty();
    source = {url};
    updateAddress(wantFrame !== null ? wantFrame : 0);
    showError(message);
    setStatus('not opened');
    return {error: message};
  }
}

// A file over the loaders' limit for any input file is refused before it is read, with the loader's own message,
// so dropping a huge file cannot exhaust the tab's memory.
async function openFile(file) {
  const limit = call('bf_max_file_bytes', 'number', [], []);
  if (file.size > limit) {
    const message = `${safeName(file.name)}: larger than ${limit} bytes (the limit for any input file)`;
    ++openSerial;  // the file shown before is gone from the page, so the address names the refused one
    showEmpty();
    source = {name: safeName(file.name)};
    updateAddress(0);
    showError(message);
    setStatus('not opened');
    return {error: message};
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  return openBytes(file.name, bytes, {name: safeName(file.name), z: await compress(bytes)});
}

// ---- the address: always names what is shown ------------------------------------------------------------------

const b64url = (bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
    .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

async function compress(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return b64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/// The bytes a link carries (`z=`), inflated, refused past the loaders' size limit (a link cannot grow the tab).
async function decompress(z) {
  const text = atob(z.replace(/-/g, '+').replace(/_/g, '/'));
  const packed = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const reader = new Blob([packed]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const limit = call('bf_max_file_bytes', 'number', [], []), parts = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) throw new Error(`larger than ${limit} bytes (the limit for any input file)`);
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/// The link to what is shown at frame f: the hosted file's address, or the replay itself in the fragment. A share
/// (`inline`) carries a hosted file itself when it fits, so the link outlives the host; the address bar keeps the
/// hosted file's address.
function linkTo(f, inline = false) {
  const base = location.origin + location.pathname;
  const frame = 'frame=' + f;
  if (!source) return base;
  const hosted = source.url ? `${base}?replay=${encodeURIComponent(source.url)}#${frame}` : '';
  if (hosted && !inline) return hosted;
  if (source.z) {
    const link = `${base}#name=${encodeURIComponent(source.name)}&z=${source.z}&${frame}`;
    if (link.length <= LINK_LIMIT) return link;
  }
  if (hosted) return hosted;
  return `${base}#local=${encodeURIComponent(source.name)}&${frame}`;  // names it, cannot carry it
}

/// Puts the link to frame f (default: the frame shown) in the address bar, without a new history entry.
function updateAddress(f = shown) {
  const link = linkTo(Math.max(0, f));
  if (link !== location.href) history.replaceState(null, '', link);
}

async function share() {
  if (!run) return;
  const link = linkTo(shown, true);
  const box = $('sharebox');
  box.hidden = false;
  $('sharelink').value = link;
  $('sharenote').textContent = source && !source.url && link.includes('#local=')
      ? `${source.name} is too large to travel in a link (over ${LINK_LIMIT} characters): host the file and share ` +
        `?replay=ITS_ADDRESS instead`
      : `${link.length} characters` + (link.includes('&z=') ? ', the replay itself inside' : '');
  $('sharelink').select();
  try {
    await navigator.clipboard.writeText(link);
    $('sharenote').textContent += ' — copied';
  } catch (e) { /* no clipboard (plain http or no permission): the selected field is there to copy */ }
}

// ---- showing a frame -----------------------------------------------------------------------------------------

function clearStage() {
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, stage.width, stage.height);
}

/// How much larger the HUD's text is drawn so that it stays readable where the stage is shown small (a phone shows
/// the 1280-pixel canvas at a third of its size): 1 on a large screen, at most 2.5.
function hudScale() {
  const shownWidth = stage.clientWidth || stage.width;
  return Math.max(1, Math.min(2.5, (11 / 16) * stage.width / shownWidth));
}

function drawHud(state) {
  const w = stage.width, scale = hudScale();
  ctx.font = `bold ${Math.round(20 * scale)}px system-ui, sans-serif`;
  for (let p = 0; p < 2; ++p) {
    const f = state.players[p];
    const barW = 480, x = p === 0 ? 40 : w - 40 - barW, y = 24;
    ctx.fillStyle = 'rgba(0,0,0,0.55)';
    ctx.fillRect(x - 3, y - 3, barW + 6, 26);
    const k = Math.max(0, Math.min(1, f.health / f.fullHealth));
    ctx.fillStyle = k > 0.3 ? '#f2c640' : '#f0503c';
    if (p === 0) ctx.fillRect(x + barW * (1 - k), y, barW * k, 20);
    else ctx.fillRect(x, y, barW * k, 20);
    ctx.fillStyle = '#fff';
    ctx.textAlign = p === 0 ? 'left' : 'right';
    ctx.fillText(`${f.id.toUpperCase()}  ${'●'.repeat(state.wins[p])}`, p === 0 ? x : x + barW, y + 28 + 20 * scale);
  }
  ctx.textAlign = 'center';
  const timerPx = Math.round(34 * Math.min(scale, 1.5)), timerY = Math.round(22 + timerPx * 0.77);
  ctx.font = `bold ${timerPx}px system-ui, sans-serif`;
  ctx.fillText(String(Math.ceil(state.timer / 60)), w / 2, timerY);
  ctx.font = `${Math.round(16 * scale)}px system-ui, sans-serif`;
  ctx.fillText(`round ${state.round} · frame ${state.frame}`, w / 2, timerY + 8 + 16 * scale);
  ctx.textAlign = 'left';
}

/// Shows frame f: seek, paint, and fill in the panels.
function show(f) {
  if (!M || !run || run.serial !== openSerial) return;
  const ran = call('bf_frames_run', 'number', [], []);
  shown = Math.max(0, Math.min(Math.round(f), ran));
  const state = JSON.parse(call('bf_seek', 'string', ['number'], [shown]));
  if (!state.players) return;
  const overlay = $('overlay').checked ? 1 : 0;
  const shapes = JSON.parse(call('bf_shapes', 'string', ['number', 'number', 'number'], [stage.width, stage.height, overlay]));
  paintShapes(ctx, shapes);  // paint.js, shared with the play page
  drawHud(state);
  $('frameinfo').textContent = `frame ${shown} / ${run.total}`;
  $('hash').textContent = state.hash || '—';
  for (let p = 0; p < 2; ++p) {
    const f2 = state.players[p];
    $('in' + (p + 1)).textContent = f2.input;
    $('held' + (p + 1)).textContent = f2.held;
    $('move' + (p + 1)).textContent = f2.move;
    $('hp' + (p + 1)).textContent = `${f2.health}/${f2.fullHealth}`;
  }
  $('frameevents').textContent = state.events.length ? 'events this frame: ' + state.events.join(', ') : '';
  drawInputHistory(JSON.parse(call('bf_input_history', 'string', ['number'], [12])));
  drawMeter();
  drawTimeline();
  if (!playing && run.done) updateAddress();
}

/// The file's input as the game's training page lists it: newest first, each run of one input with its length.
function drawInputHistory(history) {
  for (let p = 0; p < 2; ++p) {
    $('history' + (p + 1)).innerHTML = history[p].map(([letters, frames]) =>
        `<tr><td>${frames}</td><td>${letters === '-' ? '·' : letters}</td></tr>`).join('');
  }
}

function drawMeter() {
  const cells = 80, cw = meter.width / cells;
  mctx.clearRect(0, 0, meter.width, meter.height);
  for (let p = 0; p < 2; ++p) {
    const row = run.meter[p] || '';
    for (let i = 0; i < cells; ++i) {
      const frame = shown - cells + 1 + i;  // frame numbers are 1-based; row[frame - 1]
      if (frame < 1 || frame > row.length) continue;
      const k = row.charCodeAt(frame - 1) - 48;
      mctx.fillStyle = k >= 0 && k < METER.length ? METER[k][1] : '#000';
      mctx.fillRect(i * cw + 1, 4 + p * 20, cw - 2, 16);
    }
  }
}

function drawTimeline() {
  const w = timeline.width, h = timeline.height;
  tctx.fillStyle = '#221c2e';
  tctx.fillRect(0, 0, w, h);
  if (!run || run.total <= 0) return;
  const ran = M ? call('bf_frames_run', 'number', [], []) : 0;
  tctx.fillStyle = '#3a3150';
  tctx.fillRect(0, 30, (ran / run.total) * w, 6);
  const x = (f) => (f / run.total) * (w - 2) + 1;
  for (const e of run.events) {
    const tall = e[1] === 'ko' || e[1] === 'roundstart' || e[1] === 'matchover' || e[1] === 'timeover';
    tctx.fillStyle = EVENT_COLORS[e[1]] || '#aaa';
    tctx.fillRect(Math.floor(x(e[0])), tall ? 2 : 10, tall ? 3 : 2, tall ? 26 : 16);
  }
  for (const [frame] of (run.result ? run.result.notes : [])) {  // a bug report's notes: cyan flags
    tctx.fillStyle = '#40e0ff';
    tctx.beginPath();
    tctx.moveTo(x(frame), 0);
    tctx.lineTo(x(frame) + 9, 5);
    tctx.lineTo(x(frame), 10);
    tctx.fill();
    tctx.fillRect(Math.floor(x(frame)), 0, 2, h);
  }
  tctx.fillStyle = '#fff';
  tctx.fillRect(Math.floor(x(Math.max(0, shown))) - 1, 0, 2, h);
}

/// What game_headless warns of a replay with no `end` line: it plays, but only up to where the recording stops.
const cutShort = (r) => `cut short: ${r.frames} frames, no end line (the recording stops there)`;

function showResult() {
  const r = run.result;
  const esc = (s) => s.replace(/[&<>]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;'})[c]);
  const rounds = r.rounds.map(([frame, kind, victim], i) => {
    const winner = kind === 'ko' ? (victim === 0 ? 'p2' : victim === 1 ? 'p1' : 'double KO') : 'time over';
    return `<li>round ${i + 1}: ${kind === 'ko' ? 'KO, ' + winner + ' wins' : winner} at frame ${frame}</li>`;
  }).join('');
  const notes = r.notes.map(([frame, text]) => `<li><a href="#frame=${frame}">frame ${frame}</a>: ${esc(text)}</li>`).join('');
  const failures = r.failures.map(([f, frame]) => `<li><a href="#frame=${frame}">${esc(f)}</a></li>`).join('');
  const ok = r.failures.length === 0;
  // The proof first (the final hash, the checks and their failures), then the match: a long match's rounds list
  // cannot push PASS or FAIL out of view.
  $('result').innerHTML =
      `<div>${esc(r.file)} (${r.kind}, mode ${r.mode}, seed ${r.seed}), ${r.fighters[0]} vs ${r.fighters[1]}</div>` +
      `<div>frames: ${r.frames}${r.truncated ? ' (truncated: no end line)' : ''}</div>` +
      `<div>final hash: <code id="finalhash">${r.finalHash}</code></div>` +
      `<div>checks: ${r.expectations} expectations, ${r.checkpoints} hash checkpoints, ${r.failures.length} failed: ` +
      `<span class="${ok ? 'pass' : 'fail'}">${ok ? 'PASS' : 'FAIL'}</span>` +
      (r.truncated ? ` <span class="warn" id="cutshort">${cutShort(r)}</span>` : '') + '</div>' +
      (failures ? `<ul id="failures">${failures}</ul>` : '') +
      `<div>round ${r.round}, wins p1 ${r.wins[0]} – p2 ${r.wins[1]}, winner ${r.winner}; health ` +
      `${r.health[0]}/${r.fullHealth[0]} and ${r.health[1]}/${r.fullHealth[1]}</div>` +
      `<ul>${rounds}</ul>` +
      (notes ? `<div>bug report notes:</div><ul id="notes">${notes}</ul>` : '');
}

// ---- playing -------------------------------------------------------------------------------------------------

let lastTick = 0, carry = 0;
function tick(now) {
  requestAnimationFrame(tick);
  if (!playing || !run) {
    lastTick = now;
    return;
  }
  carry += Math.min(100, now - lastTick) * 60 / 1000 * Number($('speed').value);
  lastTick = now;
  const steps = Math.floor(carry);
  if (steps <= 0) return;
  carry -= steps;
  const ran = call('bf_frames_run', 'number', [], []);
  if (shown >= ran && run.done) setPlaying(false);
  show(Math.min(shown + steps, ran));
}

function setPlaying(on) {
  playing = on && !!run;
  $('play').textContent = playing ? '❚❚' : '▶';
  if (!playing && run) show(shown);
}

function stepBy(n) {
  setPlaying(false);
  if (run) show(Math.max(-1e15, Math.min(1e15, shown + n)));
}

/// The timeline under the pointer: a mark within 6 pixels is taken (so a mark is clicked), else the frame there.
function seekFromPointer(ev) {
  if (!run) return;
  const r = timeline.getBoundingClientRect();
  const at = ((ev.clientX - r.left) / r.width) * run.total, reach = (6 / r.width) * run.total;
  let best = null;
  for (const e of run.events) if (Math.abs(e[0] - at) <= reach && (best === null || Math.abs(e[0] - at) < Math.abs(best - at))) best = e[0];
  show(best !== null ? best : Math.round(at));
}

const JUMPS = {hit: ['hit', 'block', 'throw'], ko: ['ko', 'timeover'], round: ['roundstart']};

/// Goes to the next (dir 1) or previous (dir -1) frame with an event of the group (hit, ko, round).
function jump(group, dir) {
  if (!run) return;
  setPlaying(false);
  const frames = run.events.filter((e) => JUMPS[group].includes(e[1])).map((e) => e[0]);
  const target = dir > 0 ? frames.find((f) => f > shown) : frames.reverse().find((f) => f < shown);
  if (target !== undefined) show(target);
  else setStatus(`no ${dir > 0 ? 'later' : 'earlier'} ${group === 'ko' ? 'K.O.' : group} than frame ${shown}`);
}

const KEYS = [['space', 'play / pause'], ['← →', 'one frame back / forward (shift: ten)'],
              ['Home End', 'first / last frame'], ['1 – 5', 'speed 1×, 2×, 4×, 8×, 16×'], ['- +', 'slower / faster'],
              ['h  H', 'next / previous hit, block or throw'], ['k  K', 'next / previous K.O. or time over'],
              ['r  R', 'next / previous round start'], ['o', 'hitbox overlay'], ['s', 'share a link to this frame'],
              ['?', 'this help'], ['Esc', 'close']];

function toggleHelp(on) {
  const help = $('help');
  help.hidden = on === undefined ? !help.hidden : !on;
}

function setSpeed(value) {
  const select = $('speed');
  if ([...select.options].some((o) => o.value === String(value))) select.value = String(value);
}

function stepSpeed(dir) {
  const select = $('speed');
  const i = Math.max(0, Math.min(select.options.length - 1, select.selectedIndex - dir));
  select.selectedIndex = i;
}

/// Esc closes the help and the share box from anywhere, the share field included (share() selects the link there,
/// which takes the keys), and gives the keys back to the viewer.
function closeBoxes() {
  toggleHelp(false);
  $('sharebox').hidden = true;
  if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
}

function onKey(ev) {
  if (ev.key === 'Escape') {
    closeBoxes();
    ev.preventDefault();
    return;
  }
  if (ev.target.tagName === 'SELECT' || ev.target.tagName === 'INPUT' && ev.target.type !== 'checkbox') return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const k = ev.key;
  if (k === ' ') setPlaying(!playing);
  else if (k === 'ArrowLeft') stepBy(ev.shiftKey ? -10 : -1);
  else if (k === 'ArrowRight') stepBy(ev.shiftKey ? 10 : 1);
  else if (k === 'Home') stepBy(-Infinity);
  else if (k === 'End') stepBy(Infinity);
  else if (k >= '1' && k <= '5') setSpeed(2 ** (Number(k) - 1));
  else if (k === '+' || k === '=') stepSpeed(1);
  else if (k === '-') stepSpeed(-1);
  else if (k === 'h' || k === 'H') jump('hit', k === 'h' ? 1 : -1);
  else if (k === 'k' || k === 'K') jump('ko', k === 'k' ? 1 : -1);
  else if (k === 'r' || k === 'R') jump('round', k === 'r' ? 1 : -1);
  else if (k === 'o') { $('overlay').checked = !$('overlay').checked; if (run) show(shown); }
  else if (k === 's') share();
  else if (k === '?') toggleHelp();
  else return;
  ev.preventDefault();
}

function wireControls() {
  $('play').onclick = () => setPlaying(!playing);
  $('back').onclick = () => stepBy(-1);
  $('fwd').onclick = () => stepBy(1);
  $('overlay').onchange = () => show(shown);
  $('picker').onchange = (ev) => ev.target.files[0] && openFile(ev.target.files[0]);
  timeline.onpointerdown = (ev) => {
    setPlaying(false);
    timeline.setPointerCapture(ev.pointerId);
    seekFromPointer(ev);
    timeline.onpointermove = seekFromPointer;
  };
  timeline.onpointerup = () => { timeline.onpointermove = null; };
  document.onkeydown = onKey;
  for (const [id, group, dir] of [['prevhit', 'hit', -1], ['nexthit', 'hit', 1], ['prevko', 'ko', -1], ['nextko', 'ko', 1],
                                  ['prevround', 'round', -1], ['nextround', 'round', 1]]) $(id).onclick = () => jump(group, dir);
  $('share').onclick = share;
  $('helpbutton').onclick = () => toggleHelp();
  $('help').onclick = () => toggleHelp(false);
  $('helpkeys').innerHTML = KEYS.map(([key, what]) => `<tr><th><kbd>${key}</kbd></th><td>${what}</td></tr>`).join('');
  const box = $('stagebox');
  document.ondragover = (ev) => { ev.preventDefault(); box.classList.add('dragging'); };
  document.ondragleave = (ev) => { if (!ev.relatedTarget) box.classList.remove('dragging'); };
  document.ondrop = (ev) => {
    ev.preventDefault();
    box.classList.remove('dragging');
    const file = ev.dataTransfer.files[0];
    if (file) openFile(file);
  };
  window.onhashchange = () => {
    const {frame, bad} = linkFrame(location.hash);
    if (!run || (frame === undefined && bad === undefined) || frame === shown) return;
    showNotice(frameNotice(bad, frame));
    show(frame !== undefined ? frame : 0);
  };
  $('meterkey').innerHTML = METER.map(([n, c]) => `<span><i style="background:${c}"></i>${n}</span>`).join('') +
                            '<span><i style="background:#000"></i>not counted</span>';
  $('legend').innerHTML = LEGEND.map(([n, c]) => `<span><i style="border-color:${c};background:${c}44"></i>${n}</span>`).join('');
}

// ---- the test driver: ?batch=LIST&report=1 opens every file of LIST and posts what each gave -----------------

/// Opens what the address names: a replay carried in the fragment (#name=&z=), or ?replay=URL.
async function openFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('z')) {
    const name = safeName(hash.get('name') || 'replay.freplay');
    let bytes;
    try {
      bytes = await decompress(hash.get('z'));
    } catch (e) {
      showError(`${name}: the replay in this link is damaged (${e.message}); ask for the link again`);
      setStatus('not opened');
      return;
    }
    return openBytes(name, bytes, {name, z: hash.get('z')});
  }
  if (hash.get('local')) {
    showError(`${hash.get('local')}: this link names a file opened on another computer, too large to travel in a link: ` +
              'ask for the file and open it here');
    return;
  }
  const replay = params.get('replay');
  if (replay) return openUrl(replay);
}

/// The benchmark's scrubbing: n jumps to spread frames (a fixed sequence), each timed from the request to the painted
/// frame; the times in ms.
function scrubTimes(n) {
  const times = [];
  let x = 12345;
  for (let i = 0; i < n; ++i) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const t = performance.now();
    show(x % (run.total + 1));
    times.push(performance.now() - t);
  }
  return times;
}

async function batch(listUrl) {
  const names = (await (await fetch(listUrl, {cache: 'no-cache'})).text()).split('\n').map((s) => s.trim()).filter(Boolean);
  const out = [];
  for (const url of names) {
    const r = await openUrl(url);
    out.push(r.error ? {url, error: r.error}
                     : {url, result: r.result, events: r.events, loadMs: r.loadMs, simMs: r.simMs, moduleMs, shown,
                        digest: r.digest, memoryBytes: r.memoryBytes, snapshotEvery: r.snapshotEvery,
                        scrubMs: params.get('scrub') ? scrubTimes(Number(params.get('scrub'))) : []});
  }
  await fetch('report', {method: 'POST', body: JSON.stringify(out)});
  setStatus(`batch done: ${out.length} files`);
}

async function main() {
  wireControls();
  clearStage();
  const {frame, bad} = linkFrame(location.hash);
  if (frame !== undefined) wantFrame = frame;
  if (bad !== undefined) frameNote = frameNotice(bad);
  if (params.get('overlay') === '1') $('overlay').checked = true;
  const t0 = performance.now();
  M = await createBvhFighter();
  moduleMs = performance.now() - t0;
  setStatus('ready: open a replay or script');
  requestAnimationFrame(tick);
  if (params.get('batch')) return batch(params.get('batch'));
  await openFromAddress();
}

main();
