// The game in the page: fighter select, a match against the CPU at a steady 60 Hz, the keyboard (the game's
// default keys from data/buttons.cfg, rebindable, kept in localStorage) and gamepads (the Gamepad API), the sounds
// and music the game synthesises (the same code, through Web Audio), the hitbox overlay (F1). The rules, the CPU,
// the camera, the round banners and the picture are the game's own (WebAssembly, see web/live.h); this file only
// reads the controls, keeps the clock and paints. Every match is recorded by the game's ReplayWriter, so the
// replay the page offers plays to the same final hash in `game_headless --replay`.
'use strict';

const $ = (id) => document.getElementById(id);
const stage = $('stage'), ctx = stage.getContext('2d');
const params = new URLSearchParams(location.search);
const STEP_MS = 1000 / 60;
const STAGES = ['Dusk', 'Night'];
const MODES = ['Versus CPU', 'Training', 'CPU vs CPU', 'Tutorial'];
const TUTORIAL = 3;  // the mode that plays data/tutorial's lessons
// sim::DummyMode, in the order the game's F6 cycles them (Record and Playback come from recording).
const DUMMIES = ['stand', 'crouch', 'block', 'crouch block', 'jump', 'random block', 'reversal', 'block after a hit'];
// app::FrameKind: the frame meter's colours (the training page's and the viewer's).
const METER = ['#30303c', '#3cc86e', '#eb3c3c', '#4678eb', '#f0d23c', '#f08c28', '#be5adc', '#9696aa'];
const LEVELS = [1, 2, 3, 4];
const KEY_STORE = 'bvh.play.keys';
// The tutorial's lessons passed in this browser: a JSON list of lesson file names ("01_move.fscript"), as the window's
// tutorial.cfg keeps them (names, not positions, so a lesson added or renamed leaves the others' marks in place).
const TUTORIAL_STORE = 'bvh.play.tutorial.passed';
const LESSON_FILE = /^[A-Za-z0-9_.-]+\.fscript$/;
const SFX = {hit: 0, heavy: 1, block: 2, fireball: 3, ko: 4, blip: 5, boom: 7};
// SFML's (XInput's) pad button numbers, as data/buttons.cfg gives them, to the Gamepad API's standard layout.
const PAD_STANDARD = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 9, 8: 16, 9: 10, 10: 11};
const RECORD_PATH = 'live.freplay';

let M = null;
let table = [];          // the button table: [{name, bit, label, keys: [codes], pad: [standard indices]}]
let binding = {};        // button name -> [KeyboardEvent.code]
let fighters = [];       // fighter ids
let displayNames = [];   // fighters[i]'s name as menus show it (its file's `display`)
let lessonNames = '';    // the tutorial's lesson files under data/, one a line
let lessons = [];        // the tutorial's lessons in order: [{file: '01_move.fscript', title}]
const passedUnsaved = new Set();  // lessons passed whose write failed (storage off or full): kept for the visit
const held = new Set();  // key codes held now
let screen = 'loading';  // loading, select, fight, pause, over
let choice = {mode: 0, p1: 0, p2: 1, level: 0, stage: 0, simple: 0, dummy: 0, reversal: 0, tech: 0, position: 0, counter: 0,
              lesson: 0};
// Training's settings (the window's training page; sim::MatchSetup's fields): start positions as its presets [x1, x2],
// throw tech (sim::DummyTech) and counter hits (sim::CounterHits) in their enums' order.
const POSITIONS = [[400, 800, 'start'], [560, 640, 'mid-screen'], [150, 60, 'P2 cornered (left)'],
                   [1050, 1140, 'P2 cornered (right)'], [60, 150, 'P1 cornered (left)'], [1140, 1050, 'P1 cornered (right)']];
const TECHS = ['never', 'always', 'random'];
const COUNTERS = ['off', 'on', 'always'];
/// The dummy's reversal choices: none, then its moves with an input (asked of the rules for the chosen fighter).
function reversals() { return ['none', ...call('bf_reversal_moves', 'string', ['string'], [fighters[choice.p2]]).split('\n').filter((m) => m)]; }

let row = 0;             // select screen's row
let menuAt = 0;          // pause / over menu's item
let prevButtons = 0;     // last tick's buttons (for presses)
let state = null;        // the match's state after the last step
let overlay = false, counters = false;
let resultTicks = 0;     // ticks the match's result has been up
let replay = null;       // the finished match's recording: {name, text, hash}
let recordSlot = 1;      // training's recording slot (1-3) F8 records into and plays back
let stepMs = [];         // recent step times (F2)
let rebinding = null;    // button name waiting for a key
let lastTime = null, acc = 0;

const call = (name, ret, types, args) => M.ccall(name, ret, types, args);

function showError(text) {
  $('error').textContent = text;
  $('error').hidden = !text;
}

// ---- Controls -------------------------------------------------------------------------------------------------

/// SFML's key names (data/buttons.cfg) as KeyboardEvent.code values.
function codeOf(sfml) {
  if (/^[A-Z]$/.test(sfml)) return 'Key' + sfml;
  if (/^Num[0-9]$/.test(sfml)) return 'Digit' + sfml.slice(3);
  const named = {Up: 'ArrowUp', Down: 'ArrowDown', Left: 'ArrowLeft', Right: 'ArrowRight', RShift: 'ShiftRight',
                 LShift: 'ShiftLeft', RControl: 'ControlRight', LControl: 'ControlLeft', RAlt: 'AltRight',
                 LAlt: 'AltLeft', Return: 'Enter'};
  return named[sfml] || sfml;
}

/// data/buttons.cfg's rows: `button NAME LETTER LABEL P1KEYS P2KEYS PAD`, row i is bit 1 << i.
function parseButtons(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    const f = line.replace(/#.*/, '').trim().split(/\s+/);
    if (f[0] !== 'button' || f.length < 7) continue;
    const list = (s) => (s === '-' ? [] : s.split(','));
    rows.push({name: f[1], bit: 1 << rows.length, label: f[3], keys: list(f[4]).map(codeOf),
               pad: list(f[6]).map((n) => (n in PAD_STANDARD ? PAD_STANDARD[n] : Number(n)))});
  }
  return rows;
}

function defaultBinding() {
  const b = {};
  for (const r of table) b[r.name] = r.keys.slice();
  return b;
}

function loadBinding() {
  binding = defaultBinding();
  try {
    const saved = JSON.parse(localStorage.getItem(KEY_STORE) || 'null');
    if (saved && typeof saved === 'object') {
      for (const r of table) if (Array.isArray(saved[r.name])) binding[r.name] = saved[r.name].filter((c) => typeof c === 'string');
    }
  } catch (e) { /* a damaged entry: the default keys */ }
}

function saveBinding() {
  try { localStorage.setItem(KEY_STORE, JSON.stringify(binding)); } catch (e) { /* storage off: keys last this visit */ }
}

/// The lesson files passed (TUTORIAL_STORE, read each time: another tab may have passed one). Whatever else is
/// stored there (not JSON, not a list, entries that are not lesson file names) is ignored, never an error.
function passedLessons() {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(TUTORIAL_STORE) || '[]'); } catch (e) { /* damaged: nothing stored */ }
  const names = Array.isArray(saved) ? saved.filter((n) => typeof n === 'string' && LESSON_FILE.test(n)) : [];
  return [...new Set([...names, ...passedUnsaved])].sort();
}

/// Marks a lesson passed; the list written back keeps the names of lessons no longer shipped (as tutorial.cfg does)
/// and drops what was not a name.
function markLessonPassed(file) {
  const passed = passedLessons();
  if (!passed.includes(file)) passed.push(file);
  try { localStorage.setItem(TUTORIAL_STORE, JSON.stringify(passed.sort())); } catch (e) { passedUnsaved.add(file); }
}

/// The first lesson not passed yet (the first when all are): where a tutorial starts, as on the window's page.
function firstNotPassed() {
  const passed = new Set(passedLessons());
  return Math.max(0, lessons.findIndex((l) => !passed.has(l.file)));
}

function bitOf(name) {
  const r = table.find((x) => x.name === name);
  return r ? r.bit : 0;
}

/// The pads' buttons: the d-pad or the left stick for directions, the table's pad buttons for the rest.
function padButtons() {
  let b = 0;
  const pads = navigator.getGamepads ? navigator.getGamepads() : [];
  for (const pad of pads) {
    if (!pad || !pad.connected) continue;
    const down = (i) => pad.buttons[i] && pad.buttons[i].pressed;
    const [ax, ay] = [pad.axes[0] || 0, pad.axes[1] || 0];
    if (down(12) || ay < -0.5) b |= bitOf('up');
    if (down(13) || ay > 0.5) b |= bitOf('down');
    if (down(14) || ax < -0.5) b |= bitOf('left');
    if (down(15) || ax > 0.5) b |= bitOf('right');
    for (const r of table) if (r.pad.some(down)) b |= r.bit;
  }
  return b;
}

/// Player 1's buttons now: the keys held and every pad.
function readButtons() {
  let b = 0;
  for (const r of table) if ((binding[r.name] || []).some((c) => held.has(c))) b |= r.bit;
  return b | padButtons() | window.bvhTouch.bits();
}

// ---- Sound ----------------------------------------------------------------------------------------------------

const audio = {ctx: null, sfx: [], songs: {}, music: null, song: -1};

/// Web Audio starts on the first key, click or pad press (browsers keep it silent until then).
function startAudio() {
  if (audio.ctx || !M || !window.AudioContext) return;
  audio.ctx = new AudioContext();
  for (let i = 0; i < 8; ++i) audio.sfx.push(samplesToBuffer(call('bf_sfx', 'number', ['number'], [i])));
  if (audio.want !== undefined) playSong(audio.want);
}

function samplesToBuffer(ptr) {
  const n = call('bf_samples_count', 'number', [], []);
  const buf = audio.ctx.createBuffer(1, Math.max(1, n), 22050);
  const out = buf.getChannelData(0), src = M.HEAP16.subarray(ptr >> 1, (ptr >> 1) + n);
  for (let i = 0; i < n; ++i) out[i] = src[i] / 32768;
  return buf;
}

function playSfx(which, volume = 1) {
  if (!audio.ctx || !$('sound').checked) return;
  const s = audio.ctx.createBufferSource(), g = audio.ctx.createGain();
  s.buffer = audio.sfx[which];
  g.gain.value = volume;
  s.connect(g).connect(audio.ctx.destination);
  s.start();
}

/// Loops a song (view::Song: 0 dusk, 1 night, 2 title), as the game does on its stages and menus.
function playSong(song) {
  audio.want = song;
  if (!audio.ctx || audio.song === song) return;
  if (audio.music) audio.music.stop();
  if (!audio.songs[song]) audio.songs[song] = samplesToBuffer(call('bf_song', 'number', ['number'], [song]));
  const s = audio.ctx.createBufferSource();
  s.buffer = audio.songs[song];
  s.loop = true;
  audio.gain = audio.gain || audio.ctx.createGain();
  audio.gain.gain.value = $('sound').checked ? 0.35 : 0;
  s.connect(audio.gain).connect(audio.ctx.destination);
  s.start();
  audio.music = s;
  audio.song = song;
}

/// The sounds of one step, as the game's fight effects play them.
function stepSounds(before, after) {
  for (const e of after.events) {
    if (e.type === 'hit') playSfx(e.heavy ? SFX.heavy : SFX.hit);
    else if (e.type === 'block' || e.type === 'throw') playSfx(SFX.block);
    else if (e.type === 'cancel') playSfx(SFX.boom);
    else if (e.type === 'ko') playSfx(SFX.ko);
    else if (e.type === 'timeover') playSfx(SFX.ko, 0.6);
    else if (e.type === 'tech') playSfx(SFX.blip);
  }
  for (let p = 0; p < 2; ++p) if (after.players[p].fireball && !(before && before.players[p].fireball)) playSfx(SFX.fireball, 0.7);
}

// ---- Screens --------------------------------------------------------------------------------------------------

function setScreen(name) {
  screen = name;
  $('select').hidden = name !== 'select';
  $('pause').hidden = name !== 'pause';
  $('over').hidden = name !== 'over';
  menuAt = 0;
  if (name === 'select') {
    choice.lesson = firstNotPassed();
    drawSelect();
    playSong(2);
  }
  if (name === 'pause') fillMenu('pauseitems', choice.mode === TUTORIAL ? LESSON_PAUSE_ITEMS : PAUSE_ITEMS);
  if (name === 'over') fillMenu('overitems', OVER_ITEMS);
  document.body.dataset.screen = name;
}

// Each row: label, its value, a change by d, and the one mode it shows in (none: every mode).
const SELECT_ROWS = [
  ['Mode', () => MODES[choice.mode], (d) => { choice.mode = wrap(choice.mode + d, MODES.length); }],
  ['Lesson', () => lessonLabel(choice.lesson), (d) => { choice.lesson = wrap(choice.lesson + d, Math.max(1, lessons.length)); }, TUTORIAL],
  ['Player 1', () => displayNames[choice.p1], (d) => { choice.p1 = wrap(choice.p1 + d, fighters.length); }],
  ['CPU / dummy', () => displayNames[choice.p2], (d) => { choice.p2 = wrap(choice.p2 + d, fighters.length); }],
  ['CPU level', () => String(LEVELS[choice.level]), (d) => { choice.level = wrap(choice.level + d, LEVELS.length); }],
  ['Dummy (training)', () => DUMMIES[choice.dummy], (d) => { choice.dummy = wrap(choice.dummy + d, DUMMIES.length); }],
  ['Stage', () => STAGES[choice.stage], (d) => { choice.stage = wrap(choice.stage + d, STAGES.length); }],
  ['Specials', () => (choice.simple ? 'simple (one button)' : 'motion (236, 623)'), () => { choice.simple ^= 1; }],
  ['Reversal (training)', () => reversals()[choice.reversal] || 'none', (d) => { choice.reversal = wrap(choice.reversal + d, reversals().length); }],
  ['Throw tech (training)', () => TECHS[choice.tech], (d) => { choice.tech = wrap(choice.tech + d, TECHS.length); }],
  ['Start position (training)', () => POSITIONS[choice.position][2], (d) => { choice.position = wrap(choice.position + d, POSITIONS.length); }],
  ['Counter hits (training)', () => COUNTERS[choice.counter], (d) => { choice.counter = wrap(choice.counter + d, COUNTERS.length); }],
];
const PAUSE_ITEMS = [['Resume', () => setScreen('fight')], ['Restart', () => startMatch()],
                     ['End and save the replay', () => endMatch()], ['Fighter select', () => toSelect()]];
const LESSON_PAUSE_ITEMS = [['Resume', () => setScreen('fight')], ['Restart the lesson', () => lessonGo(0)],
                            ['Next lesson', () => lessonGo(1)], ['Leave the tutorial', () => toSelect()]];
const OVER_ITEMS = [['Rematch', () => startMatch()], ['Fighter select', () => toSelect()]];

const wrap = (i, n) => ((i % n) + n) % n;
/// The select's rows for the mode chosen: the lesson row in the tutorial only, and there only it and the mode (each
/// lesson names its own fighters, stage and dummy, so the other rows would change nothing).
const selectRows = () => SELECT_ROWS.filter((r) => (choice.mode === TUTORIAL ? r[0] === 'Mode' || r[3] === TUTORIAL
                                                                               : r[3] === undefined));

/// A lesson as the window's tutorial page lists it: its number, title and PASSED or NOT YET.
function lessonLabel(i) {
  if (!lessons[i]) return 'none';
  return `${i + 1}/${lessons.length} ${lessons[i].title} · ${passedLessons().includes(lessons[i].file) ? 'PASSED' : 'NOT YET'}`;
}

function drawSelect() {
  paintShapes(ctx, JSON.parse(call('bf_stage_shapes', 'string', ['number', 'number', 'number'],
                                   [stage.width, stage.height, choice.stage])));
  $('selecttitle').textContent = MODES[choice.mode].toUpperCase();
  const passed = new Set(passedLessons());
  $('selectnote').textContent = `${lessons.filter((l) => passed.has(l.file)).length} of ${lessons.length} lessons passed` +
                                ' (kept in this browser); the first not passed is chosen';
  $('selectnote').hidden = choice.mode !== TUTORIAL;
  const rows = selectRows();
  row = Math.min(row, rows.length - 1);
  $('rows').innerHTML = '';
  rows.forEach(([label, value, change], i) => {
    const tr = document.createElement('tr');
    tr.className = i === row ? 'on' : '';
    tr.innerHTML = `<td>${label}</td><td>◀ <b></b> ▶</td>`;
    tr.querySelector('b').textContent = value();
    tr.onclick = () => { row = i; change(1); drawSelect(); };
    $('rows').appendChild(tr);
  });
}

function fillMenu(id, items) {
  const ul = $(id);
  ul.innerHTML = '';
  items.forEach(([label, act], i) => {
    const li = document.createElement('li');
    li.textContent = label;
    li.className = i === menuAt ? 'on' : '';
    li.onclick = () => act();
    ul.appendChild(li);
  });
}

/// One tick of a menu: up and down choose, left and right change (select), light or start confirms.
function menuTick(pressed) {
  const up = pressed & bitOf('up'), down = pressed & bitOf('down');
  const confirm = pressed & (bitOf('light') | bitOf('start'));
  if (screen === 'select') {
    const d = (pressed & bitOf('right') ? 1 : 0) - (pressed & bitOf('left') ? 1 : 0);
    if (up || down) row = wrap(row + (down ? 1 : -1), selectRows().length), playSfx(SFX.blip);
    if (d) selectRows()[row][2](d), playSfx(SFX.blip);
    if (up || down || d) drawSelect();
    if (confirm) startMatch();
    return;
  }
  const pauseItems = choice.mode === TUTORIAL ? LESSON_PAUSE_ITEMS : PAUSE_ITEMS;
  const [id, items] = screen === 'pause' ? ['pauseitems', pauseItems] : ['overitems', OVER_ITEMS];
  if (up || down) menuAt = wrap(menuAt + (down ? 1 : -1), items.length), fillMenu(id, items), playSfx(SFX.blip);
  else if (confirm) playSfx(SFX.blip), items[menuAt][1]();
}

function toSelect() {
  finishRecording();
  setScreen('select');
}

// ---- The match ------------------------------------------------------------------------------------------------

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] || 1;
}

/// Starts a match of the choices; its seed (the CPU's decisions) is random unless the link gives one (?seed=N).
function startMatch(seed = Number(params.get('seed')) || randomSeed()) {
  finishRecording();
  const rev = reversals()[choice.reversal];
  const pos = POSITIONS[choice.position];
  call('bf_training_options', null, ['string', 'number', 'number', 'number', 'number'],
       [rev && rev !== 'none' ? rev : '', choice.tech, pos[0], pos[1], choice.counter]);
  const ok = choice.mode === TUTORIAL ? call('bf_lesson_start', 'number', ['string', 'number', 'string', 'number'], [lessonNames, 0, '', choice.lesson])
                                      : call('bf_live_start', 'number', ['string', 'string', 'number', 'number', 'number', 'number', 'number', 'string'],
                  [fighters[choice.p1], fighters[choice.p2], [1, 2, 3][choice.mode], LEVELS[choice.level], seed,
                   choice.simple, choice.dummy, RECORD_PATH]);
  if (!ok) {
    showError(call('bf_live_error', 'string', [], []));
    return false;
  }
  showError('');
  replay = null;
  resultTicks = 0;
  state = JSON.parse(call('bf_live_state', 'string', [], []));
  state.seed = seed;
  setScreen('fight');
  playSong(choice.stage);
  draw();
  return true;
}

/// One 60 Hz step of the match with player 1's buttons (the start button pauses and never reaches the rules).
function stepMatch(buttons) {
  const t0 = performance.now();
  call('bf_live_step', null, ['number', 'number'], [buttons & ~bitOf('start'), 0]);
  const before = state;
  state = JSON.parse(call('bf_live_state', 'string', [], []));
  stepMs.push(performance.now() - t0);
  if (stepMs.length > 60) stepMs.shift();
  stepSounds(before, state);
  notePass(before, state);
  if (state.matchOver && ++resultTicks > 150) endMatch();
}

/// A lesson's pass (its phase turned passed, or finished after the last) is kept in TUTORIAL_STORE.
function notePass(before, after) {
  const l = after.lesson;
  if (!l || (l.phase !== 'passed' && l.phase !== 'finished') || (before.lesson && before.lesson.phase === l.phase)) return;
  if (lessons[l.index]) markLessonPassed(lessons[l.index].file);
}

/// Ends the match: its recording is finished (the `end` line) and offered as a file and as a viewer link.
function endMatch() {
  finishRecording();
  setScreen('over');
  draw();
  $('overtitle').textContent = state && state.matchOver ? (state.banner || 'MATCH OVER') : 'MATCH ENDED';
  $('overhash').textContent = replay ? `${replay.frames} frames · final hash ${replay.hash}` : '';
  offerReplay();
}

/// Training's F8, as the window's: record the dummy with your keys in the slot chosen (F7), again to play it back.
function recordDummy() {
  call('bf_record_slot', null, ['number'], [recordSlot]);
  state = JSON.parse(call('bf_live_state', 'string', [], []));
  draw();
}

/// The tutorial's pause menu: 0 plays the lesson again from its start, 1 the next one.
function lessonGo(delta) {
  call('bf_lesson_go', null, ['number'], [delta]);
  state = JSON.parse(call('bf_live_state', 'string', [], []));
  setScreen('fight');
  draw();
}

function finishRecording() {
  if (choice.mode === TUTORIAL) return;  // lessons are not recorded
  if (!M || screen === 'loading' || replay || !state) return;
  const why = call('bf_live_finish', 'string', [], []);
  if (why) {
    showError(why);
    return;
  }
  const text = M.FS.readFile(RECORD_PATH, {encoding: 'utf8'});
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  replay = {name: `${stamp}-${['cpu', 'training', 'cpuvscpu'][choice.mode]}-${fighters[choice.p1]}-vs-${fighters[choice.p2]}.freplay`, text,
            hash: state.hash, frames: state.frame};
  window.bvhLastReplay = replay;
}

async function offerReplay() {
  const a = $('download'), w = $('watch');
  a.hidden = w.hidden = !replay;
  if (!replay) return;
  a.href = URL.createObjectURL(new Blob([replay.text], {type: 'text/plain'}));
  a.download = replay.name;
  a.textContent = 'download ' + replay.name;
  if (!window.CompressionStream) return;
  const z = new Blob([replay.text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(z).arrayBuffer());
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  const data = btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  w.href = `index.html#name=${encodeURIComponent(replay.name)}&z=${data}&frame=${replay.frames}`;
  w.hidden = w.href.length > 16000;  // the viewer's own limit for a replay carried in its link
}

// ---- Drawing --------------------------------------------------------------------------------------------------

function clearStage() {
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, stage.width, stage.height);
}

function draw() {
  if (!state) return;
  const t0 = performance.now();
  paintShapes(ctx, JSON.parse(call('bf_live_shapes', 'string', ['number', 'number', 'number', 'number'],
                                   [stage.width, stage.height, choice.stage, overlay ? 1 : 0])));
  drawHud();
  window.bvhDrawMs = performance.now() - t0;
}

function drawHud() {
  const w = stage.width;
  for (let p = 0; p < 2; ++p) {
    const f = state.players[p], barW = 500, x = p === 0 ? 40 : w - 40 - barW, y = 24;
    ctx.fillStyle = 'rgba(0,0,0,0.55)';
    ctx.fillRect(x - 3, y - 3, barW + 6, 28);
    const k = Math.max(0, Math.min(1, f.health / f.fullHealth));
    ctx.fillStyle = k > 0.3 ? '#f2c640' : '#f0503c';
    ctx.fillRect(p === 0 ? x + barW * (1 - k) : x, y, barW * k, 22);
    const m = Math.max(0, Math.min(1, f.meter / f.meterMax)), mw = 220, mx = p === 0 ? x : x + barW - mw;
    ctx.fillStyle = 'rgba(0,0,0,0.55)';
    ctx.fillRect(mx, 700, mw, 10);
    ctx.fillStyle = '#5ab4ff';
    ctx.fillRect(p === 0 ? mx : mx + mw * (1 - m), 700, mw * m, 10);
    ctx.font = 'bold 20px system-ui, sans-serif';
    ctx.fillStyle = '#fff';
    ctx.textAlign = p === 0 ? 'left' : 'right';
    const who = choice.mode === TUTORIAL ? (p === 0 ? 'P1' : 'the lesson') : choice.mode === 2 ? `CPU ${LEVELS[choice.level]}` : p === 0 ? 'P1' : choice.mode === 1 ? `dummy: ${DUMMIES[choice.dummy]}` : `CPU ${LEVELS[choice.level]}`;
    ctx.fillText(`${f.name.toUpperCase()}  ${'●'.repeat(state.wins[p])}`, p === 0 ? x : x + barW, y + 50);
    ctx.font = '14px system-ui, sans-serif';
    ctx.fillText(who, p === 0 ? x : x + barW, y + 70);
  }
  ctx.textAlign = 'center';
  ctx.font = 'bold 38px system-ui, sans-serif';
  ctx.fillStyle = '#fff';
  if (state.lesson) drawLesson(state.lesson);
  else ctx.fillText(String(Math.ceil(state.timer / 60)), w / 2, 54);
  if (choice.mode === 1) drawFrameMeter();
  if (state.banner && screen === 'fight') {
    ctx.font = 'bold 84px system-ui, sans-serif';
    ctx.lineWidth = 8;
    ctx.strokeStyle = 'rgba(0,0,0,0.7)';
    ctx.strokeText(state.banner, w / 2, 330);
    ctx.fillStyle = state.result ? '#fff096' : state.banner === 'FIGHT!' ? '#ffe678' : '#ff503c';
    ctx.fillText(state.banner, w / 2, 330);
  }
  if (counters) {
    const ms = stepMs.reduce((a, b) => a + b, 0) / Math.max(1, stepMs.length);
    ctx.font = '15px monospace';
    ctx.fillStyle = '#fff';
    ctx.fillText(`frame ${state.frame} · hash ${state.hash} · step ${ms.toFixed(2)} ms · draw ${(window.bvhDrawMs || 0).toFixed(2)} ms`, w / 2, 100);
  }
  ctx.textAlign = 'left';
}

// The words in a lesson's brackets: directions as arrows (forward is the way player 1 faces), buttons as their keys.
const DIRECTIONS = {forward: 'f', back: 'b', down: '↓', up: '↑', 'down-forward': 'df', 'down-back': 'db', 'up-forward': 'uf', 'up-back': 'ub'};
const ARROWS = {f: ['→', '←'], b: ['←', '→'], df: ['↘', '↙'], db: ['↙', '↘'], uf: ['↗', '↖'], ub: ['↖', '↗']};

/// A lesson's text with its [tokens] as the window shows them: a direction's arrow, or a button's name and keys.
function lessonText(text, facingRight) {
  return text.replace(/\[([a-z0-9_-]+)\]/g, (all, word) => {
    const d = DIRECTIONS[word];
    if (d) return ARROWS[d] ? ARROWS[d][facingRight ? 0 : 1] : d;
    const b = table.find((r) => r.name === word);
    return b ? `${b.label} (${keyText(binding[word])})` : all;
  });
}

/// The lesson's panel as the window draws it: the title, the instruction, the goals as dots (filled once met),
/// player 1's direction keys, the opponent's wait, and the result banner.
function drawLesson(l) {
  const w = stage.width, cx = w / 2, y = 122, h = 100;
  ctx.textAlign = 'center';
  ctx.font = 'bold 24px system-ui, sans-serif';
  ctx.fillStyle = '#fff';
  ctx.fillText(l.title, cx, 86);
  ctx.fillStyle = 'rgba(12,10,24,0.84)';
  ctx.strokeStyle = 'rgba(255,210,100,0.8)';
  ctx.lineWidth = 2;
  ctx.fillRect(90, y, w - 180, h);
  ctx.strokeRect(90, y, w - 180, h);
  ctx.font = '22px system-ui, sans-serif';
  ctx.fillStyle = '#fff';
  ctx.fillText(lessonText(l.caption, l.facingRight), cx, y + 34);
  for (let i = 0; i < l.goals.length; ++i) {
    ctx.beginPath();
    ctx.arc(cx - 12 * (l.goals.length - 1) + 24 * i, y + 60, 7, 0, 2 * Math.PI);
    ctx.fillStyle = l.goals[i] === '1' ? '#6ee678' : '#28243c';
    ctx.fill();
    ctx.strokeStyle = '#e6e6f0';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  ctx.font = '14px system-ui, sans-serif';
  ctx.fillStyle = '#c8c8d7';
  const dirs = ['up', 'down', 'left', 'right'].map((n) => `${keyText(binding[n])}`).join(' ');
  ctx.fillText(`directions: ${dirs} (up, down, left, right) · ${keyText(binding.start)}: pause`, cx, y + 90);
  if (l.waits) {
    ctx.textAlign = 'right';
    ctx.font = '15px system-ui, sans-serif';
    ctx.fillStyle = '#ffd264';
    ctx.fillText(l.waits, w - 104, y + 64);
    ctx.textAlign = 'center';
  }
  if (!l.head) return;
  ctx.fillStyle = l.phase === 'failed' ? 'rgba(110,30,30,0.86)' : 'rgba(20,90,40,0.86)';
  ctx.fillRect(0, 250, w, 120);
  ctx.font = 'bold 56px system-ui, sans-serif';
  ctx.fillStyle = '#fff';
  ctx.fillText(l.head, cx, 316);
  ctx.font = '20px system-ui, sans-serif';
  ctx.fillText(lessonText(l.line, l.facingRight), cx, 352);
}

/// Training's frame meter (the game's, game/view/frame_meter): both rows of the current exchange, newest right,
/// and P1's advantage once it has ended.
function drawFrameMeter() {
  const cell = 9, x0 = stage.width / 2 - 40 * cell, y0 = 600;
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  ctx.fillRect(x0 - 6, y0 - 6, 80 * cell + 12, 2 * 16 + 30);
  for (let p = 0; p < 2; ++p) {
    const row = state.frameMeter[p].slice(-80);
    for (let i = 0; i < row.length; ++i) {
      ctx.fillStyle = METER[Number(row[i])];
      ctx.fillRect(x0 + i * cell, y0 + p * 16, cell - 1, 14);
    }
  }
  ctx.font = '14px monospace';
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  const adv = state.advantage;
  ctx.fillText(adv === null ? 'frame meter' : `P1 advantage ${adv > 0 ? '+' : ''}${adv}`, stage.width / 2, y0 + 46);
  // The recording slots (dummy modes 8 record, 9 playback: sim::DummyMode).
  const slots = state.tapes.map((n, i) => `${i + 1 === recordSlot ? '▶' : ''}${i + 1}: ${n}f`).join('  ');
  const what = state.dummy === 8 ? `RECORDING SLOT ${state.slot} (your keys drive the dummy; F8: play)`
             : state.dummy === 9 ? `PLAYBACK SLOT ${state.slot}: ${state.tapes[state.slot - 1]} frames in a loop (F8: record again)`
             : 'F8: record the dummy · F7: slot';
  ctx.fillStyle = state.dummy === 8 ? '#ff786e' : '#c8c8d7';
  ctx.fillText(`${what}   slots ${slots}`, stage.width / 2, y0 - 14);
}

// ---- The clock ------------------------------------------------------------------------------------------------

// Keys that work in the menus whatever the binding (the arrows and Enter, as the hint says).
const MENU_KEYS = {ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', Enter: 'start'};

/// One 60 Hz tick of whatever is on screen.
function tick() {
  let buttons = readButtons();
  if (screen !== 'fight') for (const [code, name] of Object.entries(MENU_KEYS)) if (held.has(code)) buttons |= bitOf(name);
  const pressed = buttons & ~prevButtons;
  prevButtons = buttons;
  if (pressed) startAudio();
  if (screen === 'fight') {
    if (pressed & bitOf('start')) {
      setScreen('pause');
      return false;
    }
    stepMatch(buttons);
    return true;
  }
  if (screen === 'select' || screen === 'pause' || screen === 'over') menuTick(pressed);
  return false;
}

/// The display's frames: the simulation takes as many fixed 60 Hz steps as the time elapsed holds (at most 15,
/// a quarter of a second, after a stall), and the picture is painted again only when a step was taken (a faster
/// display shows the same frame twice).
function frame(now) {
  requestAnimationFrame(frame);
  if (lastTime === null || window.bvhManualClock) {
    lastTime = now;
    return;
  }
  acc = Math.min(acc + (now - lastTime), 15 * STEP_MS);
  lastTime = now;
  let stepped = false;
  while (acc >= STEP_MS) {
    acc -= STEP_MS;
    stepped = tick() || stepped;
  }
  if (stepped) draw();
}

/// Test and link hook: `n` ticks at once on the page's own clock (the same tick, the same controls), then paints.
function advance(n) {
  window.bvhManualClock = true;
  let stepped = false;
  for (let i = 0; i < n; ++i) stepped = tick() || stepped;
  if (stepped || screen === 'fight') draw();
  return state;
}

// ---- Keys -----------------------------------------------------------------------------------------------------

function onKeyDown(ev) {
  startAudio();
  if (rebinding) {
    ev.preventDefault();
    if (ev.code !== 'Escape') {
      for (const r of table) binding[r.name] = (binding[r.name] || []).filter((c) => c !== ev.code);
      binding[rebinding] = [ev.code];
      saveBinding();
    }
    rebinding = null;
    drawKeys();
    return;
  }
  if (ev.code === 'F1') overlay = !overlay, draw();
  else if (ev.code === 'F2') counters = !counters, draw();
  else if (ev.code === 'F7' && screen === 'fight' && choice.mode === 1) recordSlot = recordSlot % 3 + 1, draw();
  else if (ev.code === 'F8' && screen === 'fight' && choice.mode === 1) recordDummy();
  else if (ev.code === 'Escape' && screen === 'fight') setScreen('pause');
  else if (ev.code === 'Escape' && screen === 'pause') setScreen('fight');
  else held.add(ev.code);
  if (ev.code === 'F1' || ev.code === 'F2' || ev.code === 'F7' || ev.code === 'F8' || ev.code.startsWith('Arrow') || ev.code === 'Space') ev.preventDefault();
}

function onKeyUp(ev) { held.delete(ev.code); }

/// Key codes as a person reads them ("J", "Numpad1", "Enter").
function keyText(codes) {
  return (codes || []).map((c) => c.replace(/^Key|^Digit/, '').replace(/^Arrow/, '')).join(', ') || '(none)';
}

function drawKeys() {
  const t = $('keytable');
  t.innerHTML = '';
  for (const r of table) {
    const tr = document.createElement('tr');
    tr.innerHTML = `<td>${r.name}</td><td><button></button></td>`;
    const b = tr.querySelector('button');
    b.textContent = rebinding === r.name ? 'press a key…' : keyText(binding[r.name]);
    b.onclick = () => { rebinding = r.name; drawKeys(); };
    t.appendChild(tr);
  }
}

// ---- Start-up -------------------------------------------------------------------------------------------------

async function fetchText(path) {
  const r = await fetch(path, {cache: 'no-cache'});
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  return r.text();
}

async function loadData() {
  M.FS.mkdirTree('data/fighters');
  const buttons = await fetchText('data/buttons.cfg');
  M.FS.writeFile('data/buttons.cfg', buttons);
  table = parseButtons(buttons);
  fighters = (await fetchText('data/fighters.txt')).split('\n').map((s) => s.trim()).filter((s) => /^[a-z0-9_-]+$/.test(s));
  for (const id of fighters) M.FS.writeFile(`data/fighters/${id}.fighter`, await fetchText(`data/fighters/${id}.fighter`));
  displayNames = fighters.map((id) => call('bf_fighter_display', 'string', ['string'], [id]) || capitalized(id));
  M.FS.mkdirTree('data/tutorial');
  const files = (await fetchText('data/tutorial.txt')).split('\n').map((s) => s.trim()).filter((s) => LESSON_FILE.test(s));
  lessons = [];
  for (const file of files) {
    const text = await fetchText(`data/tutorial/${file}`);
    M.FS.writeFile(`data/tutorial/${file}`, text);
    const title = /^title[ \t]+([^#\n]*)/m.exec(text);  // the lesson's `title` line (formats.md), else its name
    lessons.push({file, title: title ? title[1].trim() : file.replace(/\.fscript$/, '')});
  }
  lessonNames = files.map((name) => `tutorial/${name}`).join('\n');
  choice.lesson = firstNotPassed();
  loadBinding();
  window.bvhTouch.init(bitOf, (name) => (table.find((r) => r.name === name) || {label: name}).label, params);
  if (window.bvhTouch.shown()) choice.simple = 1;  // a quarter circle on a glass pad is hard: one-button specials
  $('startkey').textContent = keyText(binding.light);
  choice.p1 = Math.max(0, fighters.indexOf('ryo'));  // the game's own first pairing
  choice.p2 = Math.max(0, fighters.indexOf('brick'));
}

/// What the link said that the page did not understand, each with what it used instead (shown in #notice): a link
/// with a typo plays, but never a different match than asked without saying so.
const linkNotes = [];
const LINK_MODES = ['versus', 'training', 'cpuvscpu', 'tutorial'];  // MODES' order; `mode=` absent is versus
const capitalized = (id) => id.charAt(0).toUpperCase() + id.slice(1);

/// The index of the link's `key` among `names` (as the link spells them); absent: `fallback`; not among them:
/// `fallback` and a note naming the value, the values known and `used` (what plays instead).
function linkPick(key, names, fallback, used, value = params.get(key)) {
  if (value === null) return fallback;
  const i = names.indexOf(value.toLowerCase());
  if (i >= 0) return i;
  linkNotes.push(`unknown ${key} “${value}” (known: ${names.join(', ')}): ${used}`);
  return fallback;
}

/// A row's number from the link (dummy=N, position=N, ...: row order from 0); else 0, with a note.
function linkRow(key, items) {
  const label = (item) => (Array.isArray(item) ? item[2] : item);  // POSITIONS' items are [x1, x2, label]
  return linkPick(key, items.map((item, i) => String(i)), 0, `using ${key} 0 (${label(items[0])})`);
}

function linkSeed() {
  const seed = params.get('seed');
  if (seed !== null && !/^[1-9][0-9]{0,14}$/.test(seed)) {
    linkNotes.push(`seed “${seed}” is not a whole number from 1: each match gets a random seed`);
  }
}

/// The fighters, level, stage and mode a link names (each checked: linkPick).
function linkChoices() {
  const [a, b] = params.get('fighters').split(',');
  const p1 = Math.max(0, fighters.indexOf('ryo')), p2 = Math.max(0, fighters.indexOf('brick'));
  choice.p1 = linkPick('fighter', fighters, p1, `playing ${displayNames[p1]}`, a);
  choice.p2 = linkPick('fighter', fighters, p2, `playing ${displayNames[p2]}`, b === undefined ? a : b);
  choice.level = linkPick('level', LEVELS.map(String), 0, 'playing level 1');
  choice.stage = linkPick('stage', STAGES.map((n) => n.toLowerCase()), 0, 'playing on Dusk');
  choice.dummy = linkRow('dummy', DUMMIES);
  choice.position = linkRow('position', POSITIONS);
  choice.tech = linkRow('tech', TECHS);
  choice.counter = linkRow('counter', COUNTERS);
}

/// A link can start a match at once: ?fighters=ryo,brick&level=4&stage=night&seed=7&advance=600&overlay=1
/// (`mode=training&dummy=N` for training against dummy mode N; `mode=tutorial` for the lessons)
/// (`advance` plays that many frames with no key held; `screen=pause` opens the pause menu after). A value the page
/// does not know is named in the notice with what plays instead; `mode=` alone opens the select on that mode.
function startFromLink() {
  linkSeed();
  choice.mode = linkPick('mode', LINK_MODES, 0, params.has('fighters') ? 'playing Versus CPU' : 'showing the fighter select');
  if (!params.has('fighters')) return false;
  linkChoices();
  overlay = params.get('overlay') === '1';
  if (!startMatch()) return true;
  let n = Math.min(Number(params.get('advance')) || 0, 60000);
  while (n > 0 && screen === 'fight') advance(Math.min(n, 600)), n -= 600;
  window.bvhManualClock = false;
  if (params.get('screen') === 'pause' && screen === 'fight') setScreen('pause');
  draw();
  return true;
}

function showNotice(text) {
  $('notice').textContent = text;
  $('notice').hidden = !text;
}

async function main() {
  const t0 = performance.now();
  addEventListener('keydown', onKeyDown);
  addEventListener('keyup', onKeyUp);
  addEventListener('blur', () => held.clear());
  addEventListener('pointerdown', startAudio);
  $('fight').onclick = () => startMatch();
  $('sound').onchange = () => { if (audio.gain) audio.gain.gain.value = $('sound').checked ? 0.35 : 0; };
  $('keysbutton').onclick = () => { $('keys').hidden = false; drawKeys(); };
  $('keysclose').onclick = () => { $('keys').hidden = true; rebinding = null; };
  $('keysdefault').onclick = () => { binding = defaultBinding(); saveBinding(); drawKeys(); };
  try {
    M = await createBvhFighter();
    await loadData();
  } catch (e) {
    showError('the game did not load: ' + e.message);
    return;
  }
  clearStage();
  if (!startFromLink()) setScreen('select');
  showNotice(linkNotes.join('\n'));
  window.bvhLoadMs = performance.now() - t0;  // page script start to the first playable frame
  window.bvhFirstFrameMs = performance.now();  // navigation start to the first playable frame
  $('status').textContent = `ready in ${Math.round(window.bvhLoadMs)} ms`;
  if (params.has('measure')) measure(Math.min(Number(params.get('measure')) || 600, 20000));
  requestAnimationFrame(frame);
}

/// ?measure=N (with a link that starts a match, e.g. mode=cpuvscpu): N ticks, each step and each paint timed apart,
/// medians posted to /report beside the load times (tests/web/web_test.py playmeasure).
function measure(n) {
  const stepT = [], drawT = [];
  window.bvhManualClock = true;
  for (let i = 0; i < n && screen === 'fight'; ++i) {
    const t0 = performance.now();
    tick();
    const t1 = performance.now();
    draw();
    const t2 = performance.now();
    stepT.push(t1 - t0);
    drawT.push(t2 - t1);
  }
  const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
  fetch('/report', {method: 'POST', body: JSON.stringify({
    frames: stepT.length, stepMedianMs: median(stepT), drawMedianMs: median(drawT),
    stepMeanMs: stepT.reduce((a, b) => a + b, 0) / stepT.length, drawMeanMs: drawT.reduce((a, b) => a + b, 0) / drawT.length,
    loadMs: window.bvhLoadMs, firstFrameMs: window.bvhFirstFrameMs, hash: state.hash})});
}

window.bvhPlay = {advance, screen: () => screen, state: () => state, replay: () => replay, binding: () => binding};
main();
