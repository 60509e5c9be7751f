// Touch controls for a phone or a tablet: a directional pad on the left (one thumb, eight directions, slid from
// one to the next without lifting) and the five attack buttons plus pause on the right, each finger its own
// pointer, so a direction and a button (or two buttons) are held at once. What they hold is player 1's buttons
// exactly as keys or a pad would give them (play.js ORs `bvhTouch.bits()` into its controls), so a match played by
// touch records and replays like any other.
//
// Shown when the device's main pointer is coarse (a finger), on the first touch anywhere on the page, or with
// ?touch=1 in the link; ?touch=0 keeps them hidden.
'use strict';

window.bvhTouch = (() => {
  const pointers = new Map();  // pointerId -> the bits that finger holds
  let bitOf = () => 0;
  let bits = 0;
  let shown = false;

  /// The directions a finger at (x, y) on the pad holds: none in the middle, else the 45-degree sector it is in.
  function padBits(pad, x, y) {
    const r = pad.getBoundingClientRect();
    const dx = (x - (r.left + r.width / 2)) / (r.width / 2), dy = (y - (r.top + r.height / 2)) / (r.height / 2);
    if (Math.hypot(dx, dy) < 0.25) return 0;
    const a = (Math.atan2(-dy, dx) * 180) / Math.PI;  // 0 right, 90 up, -90 down
    let b = 0;
    if (a > 22.5 && a < 157.5) b |= bitOf('up');
    if (a < -22.5 && a > -157.5) b |= bitOf('down');
    if (Math.abs(a) < 67.5) b |= bitOf('right');
    if (Math.abs(a) > 112.5) b |= bitOf('left');
    return b;
  }

  function paint() {
    const pad = document.getElementById('dpad');
    for (const dir of ['up', 'down', 'left', 'right']) pad.classList.toggle(dir, (bits & bitOf(dir)) !== 0);
    for (const el of document.querySelectorAll('#touch [data-button]')) {
      el.classList.toggle('on', (bits & bitOf(el.dataset.button)) !== 0);
    }
  }

  /// Finger `id` now holds `b` (0 for the pad's middle: still down, holding nothing); `b` null lifts it.
  function hold(id, b) {
    if (b === null) pointers.delete(id);
    else pointers.set(id, b);
    bits = 0;
    for (const v of pointers.values()) bits |= v;
    paint();
  }

  function capture(ev) {
    ev.preventDefault();  // no focus, no scrolling, no zoom, no synthesised mouse events
    try { ev.currentTarget.setPointerCapture(ev.pointerId); } catch (e) { /* a synthetic pointer: nothing to capture */ }
  }

  function wire() {
    const pad = document.getElementById('dpad');
    pad.addEventListener('pointerdown', (ev) => { capture(ev); hold(ev.pointerId, padBits(pad, ev.clientX, ev.clientY)); });
    pad.addEventListener('pointermove', (ev) => {
      if (pointers.has(ev.pointerId)) hold(ev.pointerId, padBits(pad, ev.clientX, ev.clientY));
    });
    for (const el of document.querySelectorAll('#touch [data-button]')) {
      el.addEventListener('pointerdown', (ev) => { capture(ev); hold(ev.pointerId, bitOf(el.dataset.button)); });
    }
    for (const el of [pad, ...document.querySelectorAll('#touch [data-button]')]) {
      for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) el.addEventListener(type, (ev) => hold(ev.pointerId, null));
    }
    addEventListener('blur', () => { pointers.clear(); hold(-1, null); });
  }

  /// Shows the controls (idempotent).
  function show() {
    if (shown) return;
    shown = true;
    document.getElementById('touch').hidden = false;
    document.body.classList.add('touch');
  }

  /// Called once the button table is loaded: `bitOfName` maps a button name of data/buttons.cfg to its bit.
  function init(bitOfName, labelOf, params) {
    bitOf = bitOfName;
    for (const el of document.querySelectorAll('#touch [data-button]')) if (!el.textContent) el.textContent = labelOf(el.dataset.button);
    wire();
    const wanted = params.get('touch');
    if (wanted === '0') return;
    const coarse = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
    if (wanted === '1' || coarse) show();
    else addEventListener('pointerdown', (ev) => { if (ev.pointerType === 'touch') show(); });
  }

  return {init, show, bits: () => bits, shown: () => shown};
})();
