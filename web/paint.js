// Paints the game's draw list (game/view/draw_list.h, as the C functions' JSON rows) on a 2D canvas: the same
// shapes the SFML game paints. Used by the play page; rows are [kind, role, player, depth, additive, fill, line,
// thickness, [x, y, ...]] with colours packed as 0xRRGGBBAA.
'use strict';

function rgbaOf(c) {
  return `rgba(${c >>> 24},${(c >>> 16) & 255},${(c >>> 8) & 255},${((c & 255) / 255).toFixed(3)})`;
}

/// Polygons (fill, then an outline), polylines, vertical gradients and triangle strips, back to front.
function paintShapes(ctx, shapes) {
  for (const [kind, , , , additive, fill, line, thickness, pts] of shapes) {
    ctx.globalCompositeOperation = additive ? 'lighter' : 'source-over';
    if (kind === 2) {
      const g = ctx.createLinearGradient(0, pts[1], 0, pts[3]);
      g.addColorStop(0, rgbaOf(fill));
      g.addColorStop(1, rgbaOf(line));
      ctx.fillStyle = g;
      ctx.fillRect(pts[0], pts[1], pts[2] - pts[0], pts[3] - pts[1]);
      continue;
    }
    ctx.beginPath();
    if (kind === 3) {  // a triangle strip: along its even points, back along its odd ones
      ctx.moveTo(pts[0], pts[1]);
      for (let i = 4; i < pts.length; i += 4) ctx.lineTo(pts[i], pts[i + 1]);
      for (let i = pts.length - 2 - ((pts.length / 2) % 2 === 0 ? 0 : 2); i > 0; i -= 4) ctx.lineTo(pts[i], pts[i + 1]);
    } else {
      ctx.moveTo(pts[0], pts[1]);
      for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i], pts[i + 1]);
    }
    if (kind === 0 || kind === 3) {
      ctx.closePath();
      if ((fill & 255) !== 0) {
        ctx.fillStyle = rgbaOf(fill);
        ctx.fill();
      }
    }
    if (thickness > 0 && (line & 255) !== 0) {
      ctx.strokeStyle = rgbaOf(line);
      ctx.lineWidth = thickness;
      ctx.lineJoin = 'round';
      ctx.stroke();
    }
  }
  ctx.globalCompositeOperation = 'source-over';
}
