// A farm's outline drawn along its grass, not round whole tiles. Each half edge of a tile
// (NL, NR, … WR) stands for the triangle of grass between it and the tile's centre; the
// farm's area is the union of its triangles, and its outline the triangle sides that no other
// triangle of the farm shares — on a tile's border where the grass meets no more of the farm,
// and along the spokes where it meets a road or a city.
import type { FieldPiece } from "../bindings";
import { PLACE_POINT } from "./geometry";

type Point = [number, number];

/** Each half edge's two corners on the tile's border, clockwise, in the 100-square. */
const WEDGE: Record<string, [Point, Point]> = {
  NL: [[0, 0], [50, 0]],
  NR: [[50, 0], [100, 0]],
  EL: [[100, 0], [100, 50]],
  ER: [[100, 50], [100, 100]],
  SL: [[100, 100], [50, 100]],
  SR: [[50, 100], [0, 100]],
  WL: [[0, 100], [0, 50]],
  WR: [[0, 50], [0, 0]],
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
    const at = ([x, y]: Point): Point => [ox + x, oy + y];
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
      const [px, py] = at(PLACE_POINT[place] ?? [50, 50]);
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
