// Tile drawings in a 100 × 100 square, catalog orientation; the board turns each tile by its
// rotation. Shapes come only from the catalog's edges and features, so every tile of every
// box is drawn the same way.
import type { FeatureShapeView, TileShape } from "../bindings";

export type Side = "N" | "E" | "S" | "W";
const SIDES: Side[] = ["N", "E", "S", "W"];

/** The tile being placed: where, how turned, and the follower places it offers. */
export interface Pending {
  tile: string;
  x: number;
  y: number;
  rotation: number;
  places: string[];
  /** For each place, every place of the tile on the same feature, space-separated. */
  covers: string[];
  chosen: string | null;
}

/** One drawn shape: an SVG path and what it depicts (used as its CSS class). */
export interface Shape {
  d: string;
  part: "city" | "road" | "river" | "cloister" | "shrine" | "cross" | "pennant" | "carcassonne" | "junction";
}

const sideIndex = (s: string): number => SIDES.indexOf(s as Side);

/** Rotates a point of the 100-square by quarter turns clockwise about its centre. */
function turn([x, y]: [number, number], quarters: number): [number, number] {
  let p: [number, number] = [x, y];
  for (let i = 0; i < ((quarters % 4) + 4) % 4; i++) p = [100 - p[1], p[0]];
  return p;
}

/** A path written for north (or north + east) and turned to face the wanted side. */
function turned(template: (string | [number, number])[], quarters: number): string {
  return template.map((t) => (typeof t === "string" ? t : turn(t, quarters).join(","))).join(" ");
}

function cityPath(sides: number[]): string | null {
  const sorted = [...sides].sort();
  switch (sorted.length) {
    case 0:
      return null;
    case 1:
      return turned(["M", [0, 0], "L", [100, 0], "Q", [50, 42], [0, 0], "Z"], sorted[0]!);
    case 2: {
      const [a, b] = sorted as [number, number];
      if (b - a === 2) {
        return turned(["M", [0, 0], "L", [100, 0], "Q", [62, 50], [100, 100], "L", [0, 100], "Q", [38, 50], [0, 0], "Z"], a);
      }
      // Adjacent sides: the corner between them, written for north + east.
      const first = b - a === 1 ? a : b; // north + west is west + north, turned three times
      return turned(["M", [0, 0], "L", [100, 0], "L", [100, 100], "Q", [58, 42], [0, 0], "Z"], first);
    }
    case 3: {
      const missing = [0, 1, 2, 3].find((s) => !sorted.includes(s))!;
      return turned(["M", [0, 0], "L", [100, 0], "L", [100, 100], "Q", [50, 60], [0, 100], "Z"], missing + 2);
    }
    default:
      return "M 0,0 L 100,0 L 100,100 L 0,100 Z";
  }
}

const EDGE_MIDDLE: Record<Side, [number, number]> = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };

function linePath(sides: number[]): string {
  const ends = sides.map((s) => EDGE_MIDDLE[SIDES[s]!]);
  if (ends.length === 2) {
    const [a, b] = ends as [[number, number], [number, number]];
    return `M ${a.join(",")} Q 50,50 ${b.join(",")}`;
  }
  return ends.map((e) => `M ${e.join(",")} L 50,50`).join(" ");
}

/** Where a place on a tile is drawn, board orientation, in the tile's 100-square. */
export const PLACE_POINT: Record<string, [number, number]> = {
  N: [50, 14],
  E: [86, 50],
  S: [50, 86],
  W: [14, 50],
  NL: [26, 10],
  NR: [74, 10],
  EL: [90, 26],
  ER: [90, 74],
  SL: [74, 90],
  SR: [26, 90],
  WL: [10, 74],
  WR: [10, 26],
  C: [50, 50],
  I: [50, 32],
  II: [50, 68],
};

/** Where a feature's follower stands, in catalog orientation. */
export function anchorPoint(feature: FeatureShapeView): [number, number] {
  return PLACE_POINT[feature.anchor] ?? [50, 50];
}

/** The shapes of a tile, back to front. */
export function tileShapes(tile: TileShape): Shape[] {
  const shapes: Shape[] = [];
  if (tile.carcassonne) shapes.push({ d: "M 0,0 L 100,0 L 100,100 L 0,100 Z", part: "carcassonne" });
  const byKind = (kind: FeatureShapeView["kind"]) => tile.features.filter((f) => f.kind === kind);
  for (const city of byKind("city")) {
    const d = cityPath(city.sides.map(sideIndex));
    if (d) shapes.push({ d, part: "city" });
  }
  for (const river of byKind("river")) shapes.push({ d: linePath(river.sides.map(sideIndex)), part: "river" });
  const roads = byKind("road");
  for (const road of roads) shapes.push({ d: linePath(road.sides.map(sideIndex)), part: "road" });
  const building = tile.features.find((f) => f.kind === "cloister" || f.kind === "shrine");
  if (building) {
    // Seen from above and square (or round), so it looks the same however the tile is turned.
    shapes.push(
      building.kind === "shrine"
        ? { d: "M 50,33 A 17,17 0 1 1 49.9,33 Z", part: "shrine" }
        : { d: "M 34,34 L 66,34 L 66,66 L 34,66 Z", part: "cloister" },
    );
    shapes.push({ d: "M 50,40 L 50,60 M 40,50 L 60,50", part: "cross" });
  } else if (roads.filter((r) => r.sides.length === 1).length >= 3) {
    shapes.push({ d: "M 42,42 L 58,42 L 58,58 L 42,58 Z", part: "junction" });
  }
  for (const city of byKind("city")) {
    for (let i = 0; i < city.pennants; i++) {
      const [x, y] = anchorPoint(city);
      const cx = x + 14 + i * 16;
      const cy = Math.max(y - 6, 6);
      shapes.push({ d: `M ${cx - 8},${cy} L ${cx + 8},${cy} L ${cx + 8},${cy + 10} L ${cx},${cy + 18} L ${cx - 8},${cy + 10} Z`, part: "pennant" });
    }
  }
  return shapes;
}
