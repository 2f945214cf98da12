// Tile drawings in a 100 × 100 square, catalog orientation; the board turns each tile by its
// rotation. Shapes come only from the catalog's edges and features, so every tile of every
// box is drawn the same way.
import type {
  Degrees,
  FeatureShapeView,
  Figure,
  FollowerRole,
  Goods,
  Heading,
  Port,
  TileId,
  TileShape,
} from "../bindings";
import { PLACE_POINTS } from "../ipc";

export type Side = "N" | "E" | "S" | "W";
const SIDES: Side[] = ["N", "E", "S", "W"];

/** The places offered on one tile: for a figure on the tile being placed, or on a finished table. */
export interface Spots {
  x: number;
  y: number;
  places: Port[];
  /** For each place, every place of the tile on the same feature, space-separated. */
  covers: string[];
  /** For each place, what a follower is there. */
  roles: FollowerRole[];
  /** For each place, the shape the figure is drawn with there. */
  shapes: FigureShape[];
}

/** The tile being placed, where and how it lies, with the figure step's choices. */
export interface Pending extends Spots {
  tile: TileId;
  rotation: Degrees;
  /** The kind of figure whose places are offered. */
  figure: Figure;
  chosen: Port | null;
  /** The mover takes their abbot back instead of placing a figure: then nothing is chosen. */
  recall: boolean;
}

/**
 * The shape a figure is drawn with: a follower's tells its role, every other kind of figure
 * has one of its own, whatever it stands on. A box that brings a new figure adds its kind
 * here and its outline below.
 */
export type FigureShape = FollowerRole | Exclude<Figure, "follower">;

/** The words naming a shape: a follower's role, or another figure. */
export function shapeLabel(shape: FigureShape): `role.${FollowerRole}` | `figure.${Exclude<Figure, "follower">}` {
  return shape === "abbot" || shape === "big" || shape === "builder" || shape === "pig"
    ? `figure.${shape}`
    : `role.${shape}`;
}

/** The shape of `figure` standing where a follower would be a `role`. */
export function shapeOf(figure: Figure, role: FollowerRole): FigureShape {
  return figure === "follower" ? role : figure;
}

/** One drawn shape: an SVG path and what it depicts (used as its CSS class). */
export interface Shape {
  d: string;
  part:
    | "city"
    | "road"
    | "river"
    | "cloister"
    | "shrine"
    | "cross"
    | "pennant"
    | "carcassonne"
    | "junction"
    | "lake"
    | "inn"
    | "cathedral"
    | "gold"
    | "flier"
    | Goods;
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
        return turned(
          ["M", [0, 0], "L", [100, 0], "Q", [62, 50], [100, 100], "L", [0, 100], "Q", [38, 50], [0, 0], "Z"],
          a,
        );
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

/**
 * Where a place on a tile is drawn, board orientation, in the tile's 100-square: the table's
 * points (`PLACE_POINTS`), which its descriptions of features measure "north of" from.
 */
export const PLACE_POINT: Readonly<Record<Port, readonly [number, number]>> = PLACE_POINTS;

/** Where a feature's follower stands, in catalog orientation. */
export function anchorPoint(feature: FeatureShapeView): [number, number] {
  const [x, y] = PLACE_POINT[feature.anchor];
  return [x, y];
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
  } else if (tile.ferryLake) {
    // The ferry lake where the roads end (FE-02), round so it reads the same turned.
    shapes.push({ d: "M 50,32 A 18,18 0 1 1 49.9,32 Z", part: "lake" });
  } else if (roads.filter((r) => r.sides.length === 1).length >= 3) {
    shapes.push({ d: "M 42,42 L 58,42 L 58,58 L 42,58 Z", part: "junction" });
  }
  for (const city of byKind("city")) {
    for (let i = 0; i < city.pennants; i++) {
      // Beside the city's follower point, on the side towards the tile's middle, so that a city
      // on the east edge does not draw its pennant half off the tile.
      const [x, y] = anchorPoint(city);
      const cx = x + (x > 50 ? -1 : 1) * (14 + i * 16);
      const cy = Math.min(Math.max(y - 6, 6), 76);
      shapes.push({
        d: `M ${cx - 8},${cy} L ${cx + 8},${cy} L ${cx + 8},${cy + 10} L ${cx},${cy + 18} L ${cx - 8},${cy + 10} Z`,
        part: "pennant",
      });
    }
  }
  for (const feature of tile.features) {
    const [x, y] = anchorPoint(feature);
    // A cathedral stands below its city's follower point, an inn beside its road's: the
    // tiles of the two boxes are told apart from their look-alikes at a glance (I-04, I-07).
    if (feature.cathedral) shapes.push({ d: house(x, Math.min(y + 20, 78), 9), part: "cathedral" });
    if (feature.inn) shapes.push({ d: house(x > 50 ? x - 16 : x + 16, Math.max(y - 16, 12), 7), part: "inn" });
    // The goods symbol on the other side of the follower point from the pennant (T-01).
    if (feature.goods) {
      const cx = x + (x > 50 ? 1 : -1) * 16;
      const cy = Math.min(Math.max(y, 14), 86);
      shapes.push({ d: goodsMark(feature.goods, Math.min(Math.max(cx, 12), 88), cy), part: feature.goods });
    }
  }
  // The gold mine, a golden mound with its mouth, in a corner clear of the cloister the gold
  // tiles often show (GM-02): not the bar the board draws for ingots lying on a tile.
  if (tile.gold) shapes.push({ d: "M 68,92 Q 81,66 94,92 Z M 77,92 Q 81,82 85,92 Z", part: "gold" });
  if (tile.flier) shapes.push({ d: flierMark(tile.flier), part: "flier" });
  return shapes;
}

const HEADINGS: Heading[] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/** A flying machine seen from above, pointing north, in units of its half-span: a nose, two
 * wings and a tail, so the way it flies reads at a glance. */
const FLIER_OUTLINE: [number, number][] = [
  [0, -1.1],
  [0.22, -0.45],
  [1, -0.1],
  [1, 0.12],
  [0.2, 0.05],
  [0.12, 0.6],
  [0.45, 0.85],
  [0, 0.85],
  [-0.45, 0.85],
  [-0.12, 0.6],
  [-0.2, 0.05],
  [-1, 0.12],
  [-1, -0.1],
  [-0.22, -0.45],
];

/** The flying machine in the middle of its tile, nose towards `heading` (FM-05): turned in
 * eighths of a turn, catalog orientation, as the tile itself is turned on the board. */
export function flierMark(heading: Heading): string {
  const angle = (HEADINGS.indexOf(heading) * Math.PI) / 4;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const k = 20;
  return (
    FLIER_OUTLINE.map(([dx, dy], i) => {
      const [x, y] = [50 + (dx * cos - dy * sin) * k, 50 + (dx * sin + dy * cos) * k];
      return `${i ? "L" : "M"} ${x.toFixed(1)},${y.toFixed(1)}`;
    }).join(" ") + " Z"
  );
}

/** A small house with a pitched roof, `size` wide, centred at `x`, `y`. */
function house(x: number, y: number, size: number): string {
  const h = size / 2;
  return `M ${x - h},${y + h} L ${x - h},${y - h / 3} L ${x},${y - h * 1.3} L ${x + h},${y - h / 3} L ${x + h},${y + h} Z`;
}

/** Each kind of goods drawn on its tile as outlines of points about its centre: a goblet, a
 * sheaf, a stack of folded cloth. */
const GOODS_OUTLINES: Record<Goods, [number, number][][]> = {
  wine: [
    [
      [-5, -7],
      [5, -7],
      [4, -1],
      [1, 2],
      [1, 5],
      [4, 7],
      [-4, 7],
      [-1, 5],
      [-1, 2],
      [-4, -1],
    ],
  ],
  grain: [
    [
      [0, -8],
      [5, -2],
      [2, 1],
      [5, 8],
      [-5, 8],
      [-2, 1],
      [-5, -2],
    ],
  ],
  cloth: [-7, -2, 3].map((top, i) => [
    [-7 + i, top],
    [6 + i, top],
    [6 + i, top + 4],
    [-7 + i, top + 4],
  ]),
};

/** A kind of goods' outline about `x`, `y`, scaled so it reads on a tile drawn small. */
function goodsMark(goods: Goods, x: number, y: number): string {
  const k = 1.4;
  return GOODS_OUTLINES[goods]
    .map((ring) => ring.map(([dx, dy], i) => `${i ? "L" : "M"} ${x + dx * k},${y + dy * k}`).join(" ") + " Z")
    .join(" ");
}

/**
 * Each role's outline, in units of the token's half-width, about its centre: shapes that differ
 * in outline and not only in colour, so players who do not tell colours apart still tell a
 * knight from a farmer. Each is at least 2 units across and high, so a token of half-width `r`
 * is never smaller than 2`r` either way.
 */
const OUTLINES: Record<FigureShape, (string | [number, number])[]> = {
  // A shield.
  knight: ["M", [-1, -1], "L", [1, -1], "L", [1, 0.1], "Q", [1, 0.75], [0, 1.1], "Q", [-1, 0.75], [-1, 0.1], "Z"],
  // A diamond, the only shape standing on a point.
  thief: ["M", [0, -1.15], "L", [1.15, 0], "L", [0, 1.15], "L", [-1.15, 0], "Z"],
  // Round, like a tonsure.
  monk: ["M", [-1, 0], "A", [1, 1], "0 1 1", [1, 0], "A", [1, 1], "0 1 1", [-1, 0], "Z"],
  // Lying down in the field, as farmers are laid: wider than high.
  farmer: [
    "M",
    [-1, -1],
    "L",
    [1, -1],
    "Q",
    [1.35, -1],
    [1.35, -0.6],
    "L",
    [1.35, 0.6],
    "Q",
    [1.35, 1],
    [1, 1],
    "L",
    [-1, 1],
    "Q",
    [-1.35, 1],
    [-1.35, 0.6],
    "L",
    [-1.35, -0.6],
    "Q",
    [-1.35, -1],
    [-1, -1],
    "Z",
  ],
  // A hood, pointed at the top.
  heretic: ["M", [0, -1.25], "L", [1, -0.4], "L", [1, 1], "L", [-1, 1], "L", [-1, -0.4], "Z"],
  // A cross, for the figure that only stands on a cloister, shrine or garden: arms wide
  // enough to hold the player's initial where they meet.
  abbot: [
    "M",
    [-0.55, -1.25],
    "L",
    [0.55, -1.25],
    "L",
    [0.55, -0.6],
    "L",
    [1.2, -0.6],
    "L",
    [1.2, 0.45],
    "L",
    [0.55, 0.45],
    "L",
    [0.55, 1.2],
    "L",
    [-0.55, 1.2],
    "L",
    [-0.55, 0.45],
    "L",
    [-1.2, 0.45],
    "L",
    [-1.2, -0.6],
    "L",
    [-0.55, -0.6],
    "Z",
  ],
  // The figure itself, head, arms and legs, and larger than any follower's token: it weighs
  // two wherever it stands (I-12).
  big: [
    "M",
    [-0.45, -1.05],
    "Q",
    [0, -1.85],
    [0.45, -1.05],
    "L",
    [1.5, -0.6],
    "L",
    [1.5, 0],
    "L",
    [0.65, 0.2],
    "L",
    [1.2, 1.5],
    "L",
    [0.3, 1.5],
    "L",
    [0, 0.95],
    "L",
    [-0.3, 1.5],
    "L",
    [-1.2, 1.5],
    "L",
    [-0.65, 0.2],
    "L",
    [-1.5, 0],
    "L",
    [-1.5, -0.6],
    "Z",
  ],
  // A house with a pitched roof, for the figure that builds on roads and cities (T-07).
  builder: [
    "M",
    [0, -1.3],
    "L",
    [1.2, -0.2],
    "L",
    [1, -0.2],
    "L",
    [1, 1.1],
    "L",
    [-1, 1.1],
    "L",
    [-1, -0.2],
    "L",
    [-1.2, -0.2],
    "Z",
  ],
  // A pig seen from the side: a round body on four short legs, with a snout to the right
  // (T-16). Wider than high, like the farmer it stands beside, but with legs.
  pig: [
    "M",
    [-1.2, -0.6],
    "Q",
    [0, -1.2],
    [1.1, -0.6],
    "L",
    [1.45, -0.3],
    "L",
    [1.45, 0.2],
    "L",
    [1.1, 0.3],
    "L",
    [1, 0.7],
    "L",
    [0.7, 0.7],
    "L",
    [0.7, 1.05],
    "L",
    [0.35, 1.05],
    "L",
    [0.35, 0.75],
    "L",
    [-0.45, 0.75],
    "L",
    [-0.45, 1.05],
    "L",
    [-0.8, 1.05],
    "L",
    [-0.8, 0.7],
    "Q",
    [-1.4, 0.4],
    [-1.2, -0.6],
    "Z",
  ],
};

/**
 * The box a figure's outline of half-width 1 fills about its centre: left, top, right, bottom.
 * Reckoned from the outline's points with a curve's control points among them, so it is never
 * smaller than what is drawn; an arc (the monk's halves of a circle) reaches its radius past
 * the middle of its ends.
 */
export function outlineBox(shape: FigureShape): [number, number, number, number] {
  const xs: number[] = [];
  const ys: number[] = [];
  const outline = OUTLINES[shape];
  let last: [number, number] = [0, 0];
  outline.forEach((p, i) => {
    if (typeof p === "string") return;
    if (outline[i - 1] === "A") {
      const end = outline[i + 2] as [number, number];
      const [mx, my] = [(last[0] + end[0]) / 2, (last[1] + end[1]) / 2];
      xs.push(mx - p[0], mx + p[0]);
      ys.push(my - p[1], my + p[1]);
      return;
    }
    xs.push(p[0]);
    ys.push(p[1]);
    last = p;
  });
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The outline of a figure of shape `role` with half-width `r`, centred on `x`, `y` (an SVG path). */
export function roleOutline(role: FigureShape, x: number, y: number, r: number): string {
  const round = (n: number) => Math.round(n * 100) / 100;
  return OUTLINES[role]
    .map((p, i, all) => {
      if (typeof p === "string") return p;
      // An arc's radii scale, they do not move.
      const radii = all[i - 1] === "A";
      return radii ? `${round(p[0] * r)},${round(p[1] * r)}` : `${round(x + p[0] * r)},${round(y + p[1] * r)}`;
    })
    .join(" ");
}

/** The fewest pixels a follower or a follower's place is drawn across at the default zoom. */
export const TOKEN_PX = 24;

/** The largest half-width of a follower, in board units: two thirds of a tile across. */
const MOST_RADIUS = 32;

/**
 * The fewest pixels per board unit the default view draws: tiles 40 pixels across, so a
 * follower of the largest half-width is still `TOKEN_PX` across. A board too large for its
 * frame at that size is shown in part, its middle first, and the rest is reached by dragging.
 */
export const LEAST_FIT_SCALE = 0.4;

/**
 * How large followers and their places are drawn, as a half-width in board units, when one
 * board unit is `scale` pixels: 25 pixels across, so they can be seen and hit, but never under
 * a fifth of a tile nor over two thirds of one. The default view never draws a board so small
 * that the largest would be under `TOKEN_PX` (see `fitSize`); only zooming out does.
 */
export function tokenRadius(scale: number): number {
  if (!(scale > 0)) return 10;
  return Math.min(MOST_RADIUS, Math.max(10, Math.ceil(12.5 / scale)));
}

/** The cells by which the default view grows: see `viewSpan`. */
export const VIEW_STEP = 2;

/**
 * The cells the default view spans on one axis, given the tiles' cells on it (the start tile's
 * 0 always among them): every tile with two cells of margin, room for every square a tile could
 * go and one more, widened to a multiple of `VIEW_STEP` cells on each side. The view then moves
 * only when a tile crosses a step, not with most tiles laid at the board's edge: a view that
 * moves repaints the whole board, one that stays repaints the cells a turn changes.
 */
export function viewSpan(cells: number[]): { min: number; max: number } {
  const low = Math.min(0, ...cells) - 2;
  const high = Math.max(0, ...cells) + 3;
  return { min: Math.floor(low / VIEW_STEP) * VIEW_STEP, max: Math.ceil(high / VIEW_STEP) * VIEW_STEP };
}

/**
 * The side of the square of board the default view shows in a frame `frame` pixels across (its
 * shorter side): the whole `extent` of the board when it fits at `LEAST_FIT_SCALE` or more,
 * else as much of it as does.
 */
export function fitSize(extent: number, frame: number): number {
  return frame > 0 ? Math.min(extent, frame / LEAST_FIT_SCALE) : extent;
}

/**
 * Cells in the order they read on screen, row by row from the top left, with the board turned
 * `turns` quarter turns clockwise: the order the keyboard's Tab goes through them.
 */
export function readingOrder(cells: [number, number][], turns: number): [number, number][] {
  const onScreen = ([x, y]: [number, number]): [number, number] => {
    let p: [number, number] = [x, y];
    for (let i = 0; i < ((turns % 4) + 4) % 4; i++) p = [-p[1], p[0]];
    return p;
  };
  return cells
    .map((c) => ({ c, s: onScreen(c) }))
    .sort((a, b) => a.s[1] - b.s[1] || a.s[0] - b.s[0])
    .map((e) => e.c);
}

/**
 * The points pushed apart until no two are nearer than `gap`, each moving as little as it
 * can: a tile's follower places drawn large would otherwise cover each other on a board drawn
 * small, and one could no longer be clicked. Points already far enough apart stay put.
 */
export function spreadPoints(points: [number, number][], gap: number): [number, number][] {
  const out = points.map(([x, y]): [number, number] => [x, y]);
  for (let round = 0; round < 50; round++) {
    let moved = false;
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const [a, b] = [out[i]!, out[j]!];
        let [dx, dy] = [b[0] - a[0], b[1] - a[1]];
        let d = Math.hypot(dx, dy);
        if (d >= gap - 0.01) continue;
        // Two places on the same point part along a fixed line, so the drawing never jumps.
        if (d < 0.01) [dx, dy, d] = [1, 0, 1];
        const push = (gap - d) / 2 + 0.01;
        a[0] -= (dx / d) * push;
        a[1] -= (dy / d) * push;
        b[0] += (dx / d) * push;
        b[1] += (dy / d) * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return out;
}

/** The fewest pixels high a quarter's name on the City is drawn at the default zoom. */
export const QUARTER_LABEL_PX = 12;

/**
 * The font size, in board units, of a quarter's name `label` on the City when one board unit
 * is `scale` pixels: `QUARTER_LABEL_PX` on screen when it fits, never under 20 units, and never
 * wider than the 180 units its box holds (bold letters reckoned at 0.62 of their height).
 */
export function quarterLabelSize(scale: number, label: string): number {
  const readable = scale > 0 ? Math.max(20, Math.ceil(QUARTER_LABEL_PX / scale)) : 20;
  return Math.min(readable, Math.floor(180 / (Math.max(1, label.length) * 0.62)));
}
