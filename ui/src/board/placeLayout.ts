// Where a tile's follower places are drawn: each at its point (`PLACE_POINT`) when it can be,
// else pushed as little as it takes for no two places' outlines to overlap and none to reach
// past the tile's edge. A tile drawn too small for its places, at the smallest size a place
// may be drawn, is shown enlarged (see `enlargedSize`); its places are never drawn spilling
// over its neighbours nor piled on each other.
import { outlineBox, type FigureShape } from "./geometry";

/** Room kept between two places' outlines, and between a place and the tile's edge, in units
 * of the places' half-width: enough for the outline's stroke. */
const CLEARANCE = 0.25;

/** One place's box about its drawn point, in board units. */
type Box = [number, number, number, number];

/**
 * The points `anchors` (in a tile's 100-square) moved until the outlines of `shapes` of
 * half-width `r` about them neither overlap nor leave the square; null when they cannot all
 * be fitted. A point already clear stays where it is.
 */
export function layPlaces(anchors: [number, number][], shapes: FigureShape[], r: number): [number, number][] | null {
  const gap = CLEARANCE * r;
  // Each outline's reach from its point, with half the clearance around it.
  const reach: Box[] = shapes.map((shape) => {
    const [l, t, rt, b] = outlineBox(shape);
    return [l * r - gap / 2, t * r - gap / 2, rt * r + gap / 2, b * r + gap / 2];
  });
  if (reach.some(([l, t, rt, b]) => rt - l > 100 - gap || b - t > 100 - gap)) return null;
  const out = anchors.map(([x, y]): [number, number] => [x, y]);
  const inside = (i: number) => {
    const [l, t, rt, b] = reach[i]!;
    const p = out[i]!;
    p[0] = Math.min(Math.max(p[0], gap / 2 - l), 100 - gap / 2 - rt);
    p[1] = Math.min(Math.max(p[1], gap / 2 - t), 100 - gap / 2 - b);
  };
  out.forEach((_, i) => inside(i));
  for (let round = 0; round < 300; round++) {
    let moved = false;
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const [a, b] = [out[i]!, out[j]!];
        const [ra, rb] = [reach[i]!, reach[j]!];
        // How far the two boxes reach into each other, across and down.
        const across = Math.min(a[0] + ra[2], b[0] + rb[2]) - Math.max(a[0] + ra[0], b[0] + rb[0]);
        const down = Math.min(a[1] + ra[3], b[1] + rb[3]) - Math.max(a[1] + ra[1], b[1] + rb[1]);
        if (across <= 0.01 || down <= 0.01) continue;
        // Parted the short way; two on one point part across, the first to the west.
        const axis = across <= down ? 0 : 1;
        const sign = b[axis] >= a[axis] ? 1 : -1;
        const push = (axis === 0 ? across : down) / 2 + 0.02;
        a[axis] -= sign * push;
        b[axis] += sign * push;
        inside(i);
        inside(j);
        moved = true;
      }
    }
    if (!moved) return out;
  }
  return null;
}

/** The fewest pixels across a place is drawn (see `TOKEN_PX`), as a half-width in pixels. */
const LEAST_HALF_PX = 12.5;

/**
 * How a tile's places are drawn on a tile `tilePx` pixels across: at half-width `r` board
 * units, from `largest` down to the least that still draws a place 25 pixels across, the
 * first that fits; null when even the least does not.
 */
export function fitPlaces(
  anchors: [number, number][],
  shapes: FigureShape[],
  tilePx: number,
  largest: number,
): { r: number; points: [number, number][] } | null {
  if (!(tilePx > 0)) return null;
  const least = (LEAST_HALF_PX * 100) / tilePx;
  for (let r = Math.max(largest, least); ; r = Math.max(least, r * 0.85)) {
    const points = layPlaces(anchors, shapes, r);
    if (points) return { r, points };
    if (r <= least) return null;
  }
}

/** The enlarged tile's fewest pixels across: much larger than a tile the board draws small. */
const LEAST_ENLARGED_PX = 200;

/**
 * The pixels across a tile too small for its places is shown enlarged: the least from
 * `LEAST_ENLARGED_PX` up, in steps of 20, at which they fit, but never over `most`; with how
 * its places are drawn there (at `most` however they come out, should even that be too small).
 */
export function enlargedSize(
  anchors: [number, number][],
  shapes: FigureShape[],
  most: number,
): { px: number; r: number; points: [number, number][] } {
  const top = Math.max(most, LEAST_ENLARGED_PX);
  for (let px = LEAST_ENLARGED_PX; px <= top; px += 20) {
    const fitted = fitPlaces(anchors, shapes, px, 0);
    if (fitted) return { px, ...fitted };
  }
  const r = (LEAST_HALF_PX * 100) / top;
  return { px: top, r, points: anchors.map(([x, y]) => [x, y]) };
}
