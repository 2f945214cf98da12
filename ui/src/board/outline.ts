// A farm's outline drawn along its grass, not round whole tiles. Each half edge of a tile
// (NL, NR, … WR) stands for the triangle of grass between it and the tile's centre; the
// farm's area is the union of its triangles, and its outline the triangle sides that no other
// triangle of the farm shares — on a tile's border where the grass meets no more of the farm,
// and along the spokes where it meets a road or a city.
import type { FieldPiece, Port } from "../bindings";
import { PLACE_POINT } from "./geometry";

type Point = [number, number];

/** Each half edge's two corners on the tile's border, clockwise, in the 100-square. */
const WEDGE: Record<string, [Point, Point]> = {
  NL: [
    [0, 0],
    [50, 0],
  ],
  NR: [
    [50, 0],
    [100, 0],
  ],
  EL: [
    [100, 0],
    [100, 50],
  ],
  ER: [
    [100, 50],
    [100, 100],
  ],
  SL: [
    [100, 100],
    [50, 100],
  ],
  SR: [
    [50, 100],
    [0, 100],
  ],
  WL: [
    [0, 100],
    [0, 50],
  ],
  WR: [
    [0, 50],
    [0, 0],
  ],
};

/** Half the side of the square drawn round an enclosed field (I, II of KR5). */
const ENCLOSED = 14;

const key = ([a, b]: Point) => `${a},${b}`;

/** The outline's sides in board units, each once: `[from, to]`. */
export function outlineSegments(pieces: FieldPiece[]): [Point, Point][] {
  // A side met twice lies between two triangles of the farm: inside it.
  const sides = new Map<string, { from: Point; to: Point; n: number }>();
  const add = (from: Point, to: Point) => {
    const id = [key(from), key(to)].sort().join("|");
    const side = sides.get(id);
    if (side) side.n += 1;
    else sides.set(id, { from, to, n: 1 });
  };
  for (const piece of pieces) {
    const [ox, oy] = [piece.at[0] * 100, piece.at[1] * 100];
    const at = ([x, y]: Readonly<Point>): Point => [ox + x, oy + y];
    const centre = at([50, 50]);
    for (const place of piece.places) {
      const wedge = WEDGE[place];
      if (wedge) {
        const [a, b] = [at(wedge[0]), at(wedge[1])];
        add(a, b);
        add(b, centre);
        add(centre, a);
        continue;
      }
      // An enclosed field touches no edge: a small square round its place.
      const [px, py] = at(PLACE_POINT[place]);
      const c: Point[] = [
        [px - ENCLOSED, py - ENCLOSED],
        [px + ENCLOSED, py - ENCLOSED],
        [px + ENCLOSED, py + ENCLOSED],
        [px - ENCLOSED, py + ENCLOSED],
      ];
      c.forEach((p, i) => add(p, c[(i + 1) % 4]!));
    }
  }
  return [...sides.values()].filter((s) => s.n === 1).map((s) => [s.from, s.to]);
}

/** The outline as an SVG path: its sides joined end to end into closed loops. */
export function outlinePath(pieces: FieldPiece[]): string {
  const segments = outlineSegments(pieces);
  const ends = new Map<string, number[]>();
  segments.forEach(([a, b], i) => {
    for (const p of [a, b]) ends.set(key(p), [...(ends.get(key(p)) ?? []), i]);
  });
  const used = new Set<number>();
  const loops: string[] = [];
  for (let start = 0; start < segments.length; start++) {
    if (used.has(start)) continue;
    used.add(start);
    const [first, second] = segments[start]!;
    const points: Point[] = [first, second];
    let at = second;
    for (;;) {
      const next = (ends.get(key(at)) ?? []).find((i) => !used.has(i));
      if (next === undefined) break;
      used.add(next);
      const [a, b] = segments[next]!;
      at = key(a) === key(at) ? b : a;
      points.push(at);
    }
    const closed = key(points[points.length - 1]!) === key(first);
    if (closed) points.pop();
    loops.push(`M ${points.map(key).join(" L ")}${closed ? " Z" : ""}`);
  }
  return loops.join(" ");
}

const SIDES = ["N", "E", "S", "W"] as const;
type Side = (typeof SIDES)[number];
/** The half edges clockwise round a tile: each one's neighbours are the ones beside it. */
const RING: Port[] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];

/**
 * The farm's pieces with the halves of the city sides that border its grass added: a city's
 * wall curves into the tile, so the grass under it lies in the city's triangles as much as in
 * the farm's. The board then hides the cities themselves (see FarmOutline), and what is left of
 * the added triangles is the farm's grass up to the wall. `citySides` gives, for a tile, the
 * sides (board orientation) its cities take.
 */
export function withWalls(pieces: FieldPiece[], citySides: (at: [number, number]) => Side[]): FieldPiece[] {
  return pieces.map((piece) => {
    const places = new Set(piece.places);
    for (const side of citySides(piece.at)) {
      const i = RING.indexOf(`${side}L`);
      if (i < 0) continue;
      const [before, after] = [RING[(i + 7) % 8]!, RING[(i + 2) % 8]!];
      if (piece.places.includes(before) || piece.places.includes(after)) {
        places.add(`${side}L`);
        places.add(`${side}R`);
      }
    }
    return { at: piece.at, places: [...places] };
  });
}

/** The sides, board orientation, of catalog sides turned clockwise by `rotation` degrees. */
export function turnedSides(sides: string[], rotation: number): Side[] {
  const quarters = Math.round(rotation / 90);
  return sides
    .map((s) => SIDES.indexOf(s as Side))
    .filter((i) => i >= 0)
    .map((i) => SIDES[(i + quarters) % 4]!);
}

/** A path drawn in a tile's 100-square, catalog orientation, moved onto the board: turned
 * clockwise by `rotation` degrees about the tile's centre, then put at cell `x`, `y`. Every
 * point of the tile drawings is written `x,y`. */
export function placePath(d: string, x: number, y: number, rotation: number): string {
  const quarters = ((Math.round(rotation / 90) % 4) + 4) % 4;
  return d.replace(/(-?[\d.]+),(-?[\d.]+)/g, (_, a: string, b: string) => {
    let p: Point = [Number(a), Number(b)];
    for (let i = 0; i < quarters; i++) p = [100 - p[1], p[0]];
    return `${x * 100 + p[0]},${y * 100 + p[1]}`;
  });
}

/**
 * The grass of some tiles as one path to clip with under the even-odd rule: each tile's square
 * and, inside it, its cities (already placed on the board), which the rule cuts out again.
 */
export function grassPath(tiles: { x: number; y: number; cities: string[] }[]): string {
  return tiles.map((t) => [`M ${t.x * 100},${t.y * 100} h 100 v 100 h -100 Z`, ...t.cities].join(" ")).join(" ");
}
