import { expect, test } from "vitest";
import type { TileShape } from "../bindings";
import { PLACE_POINTS, PORTS } from "../ipc";
import {
  LEAST_FIT_SCALE,
  PLACE_POINT,
  TOKEN_PX,
  fitSize,
  viewSpan,
  readingOrder,
  roleOutline,
  shapeLabel,
  shapeOf,
  spreadPoints,
  tileShapes,
  flierMark,
  tokenRadius,
  quarterLabelSize,
  QUARTER_LABEL_PX,
  type FigureShape,
} from "./geometry";

const D: TileShape = {
  id: "D",
  edges: "CRFR",
  gold: false,
  from: "base",
  copies: 4,
  carcassonne: false,
  crop: null,
  ferryLake: false,
  features: [
    { kind: "city", sides: ["N"], pennants: 0, anchor: "N", inn: false, cathedral: false, goods: null },
    { kind: "road", sides: ["E", "W"], pennants: 0, anchor: "E", inn: false, cathedral: false, goods: null },
    { kind: "field", sides: [], pennants: 0, anchor: "EL", inn: false, cathedral: false, goods: null },
    { kind: "field", sides: [], pennants: 0, anchor: "ER", inn: false, cathedral: false, goods: null },
  ],
};

test("the start tile draws a city cap on the north edge and a road across", () => {
  const shapes = tileShapes(D);
  expect(shapes.map((s) => s.part)).toEqual(["city", "road"]);
  expect(shapes[0]!.d).toBe("M 0,0 L 100,0 Q 50,42 0,0 Z");
  expect(shapes[1]!.d).toBe("M 100,50 Q 50,50 0,50");
});

test("a gold tile draws its mine, a tile without gold none", () => {
  expect(tileShapes(D).some((s) => s.part === "gold")).toBe(false);
  expect(tileShapes({ ...D, gold: true }).filter((s) => s.part === "gold")).toHaveLength(1);
});

test("a flying machine is drawn in the middle of its tile, nose the way it flies (FM-05)", () => {
  const nose = (d: string) => d.split(" ").slice(1, 2)[0];
  expect(nose(flierMark("N"))).toBe("50.0,28.0");
  expect(nose(flierMark("E"))).toBe("72.0,50.0");
  expect(nose(flierMark("SW"))).toBe(`${(50 - 22 / Math.SQRT2).toFixed(1)},${(50 + 22 / Math.SQRT2).toFixed(1)}`);
  const fm02: TileShape = { ...D, id: "FM02", from: "flier", features: [], flier: "W" };
  expect(tileShapes(fm02).map((s) => s.part)).toEqual(["flier"]);
  expect(
    tileShapes(D).map((s) => s.part),
    "no machine on the start tile",
  ).not.toContain("flier");
});

test("a cap on another side is the north cap turned", () => {
  const east: TileShape = {
    ...D,
    features: [{ kind: "city", sides: ["E"], pennants: 1, anchor: "E", inn: false, cathedral: false, goods: null }],
  };
  const shapes = tileShapes(east);
  expect(shapes[0]!.d).toBe("M 100,0 L 100,100 Q 58,50 100,0 Z");
  expect(shapes.filter((s) => s.part === "pennant")).toHaveLength(1);
});

test("three road ends meet at a junction; a cloister draws its building instead", () => {
  const w: TileShape = {
    ...D,
    features: (["E", "S", "W"] as const).map((s) => ({
      kind: "road" as const,
      sides: [s],
      pennants: 0,
      anchor: s,
      inn: false,
      cathedral: false,
      goods: null,
    })),
  };
  expect(tileShapes(w).map((s) => s.part)).toEqual(["road", "road", "road", "junction"]);
  const a: TileShape = {
    ...D,
    features: [
      { kind: "cloister", sides: [], pennants: 0, anchor: "C", inn: false, cathedral: false, goods: null },
      { kind: "road", sides: ["S"], pennants: 0, anchor: "S", inn: false, cathedral: false, goods: null },
    ],
  };
  expect(tileShapes(a).map((s) => s.part)).toEqual(["road", "cloister", "cross"]);
});

test("the roads of a ferry lake tile end at its lake, not at a junction", () => {
  const lake: TileShape = {
    ...D,
    ferryLake: true,
    features: (["E", "S", "W"] as const).map((s) => ({
      kind: "road" as const,
      sides: [s],
      pennants: 0,
      anchor: s,
      inn: false,
      cathedral: false,
      goods: null,
    })),
  };
  expect(tileShapes(lake).map((s) => s.part)).toEqual(["road", "road", "road", "lake"]);
});

test("every role and every figure beside the follower has an outline of its own, scaled and centred where asked", () => {
  const roles = ["knight", "thief", "monk", "farmer", "heretic", "abbot", "big", "builder", "pig"] as const;
  const outlines = roles.map((r) => roleOutline(r, 0, 0, 1));
  expect(new Set(outlines).size, outlines.join("\n")).toBe(roles.length);
  expect(roleOutline("thief", 50, 10, 10)).toBe("M 50,-1.5 L 61.5,10 L 50,21.5 L 38.5,10 Z");
  // A circle's arcs keep their radii while the ends move with the centre.
  expect(roleOutline("monk", 50, 50, 10)).toBe("M 40,50 A 10,10 0 1 1 60,50 A 10,10 0 1 1 40,50 Z");
});

test("followers and their places are 24 pixels across at least, whatever the board's size at the default zoom", () => {
  // Frames from a small window's to a large one's, boards from the start tile alone to more
  // tiles than any box holds across.
  for (const frame of [420, 560, 680, 760, 1000]) {
    for (let cells = 5; cells <= 60; cells++) {
      const scale = frame / fitSize(cells * 100, frame);
      const across = 2 * tokenRadius(scale) * scale;
      expect(across, `${cells} cells in ${frame} px`).toBeGreaterThanOrEqual(TOKEN_PX);
    }
  }
  expect(LEAST_FIT_SCALE * 100, "tiles are drawn 40 pixels at least by default").toBe(40);
  // The 16 cells a 72-tile game may span, with its margin of 5, and tiles 40 pixels: drawn
  // as they are before the board is cut to its middle.
  expect(fitSize(2100, 840)).toBe(2100);
  expect(fitSize(2200, 840), "past that, the view shows part of the board").toBe(2100);
  expect(fitSize(600, 0), "before the frame is measured: all of it").toBe(600);
});

test("a follower's size follows the scale, between a fifth and two thirds of a tile", () => {
  for (const scale of [0.4, 0.53, 0.6, 0.8, 1, 1.25, 2]) {
    expect(2 * tokenRadius(scale) * scale, `scale ${scale}`).toBeGreaterThanOrEqual(25);
  }
  expect(tokenRadius(3), "a fifth of a tile at least").toBe(10);
  expect(tokenRadius(0.2), "two thirds of a tile at most, zoomed out").toBe(32);
  expect(tokenRadius(0), "before the frame is measured").toBe(10);
});

test("a quarter's name on the City reads at 12 pixels by default, inside its box", () => {
  for (const scale of [0.4, 0.5, 0.8, 1]) {
    for (const label of ["castle", "Burg", "Schmiede", "markt"]) {
      const size = quarterLabelSize(scale, label);
      expect(size * scale, `${label} at scale ${scale}`).toBeGreaterThanOrEqual(QUARTER_LABEL_PX);
      expect(size * label.length * 0.62, `${label} fits its box`).toBeLessThanOrEqual(180);
    }
  }
  expect(quarterLabelSize(0.4, "♛ kathedraal") * 12 * 0.62, "a long name is made to fit").toBeLessThanOrEqual(180);
  expect(quarterLabelSize(2, "castle"), "never under 20 units zoomed in").toBe(20);
  expect(quarterLabelSize(0, "castle"), "before the frame is measured").toBe(20);
});

test("Tab goes through squares as they read on screen, the board turned or not", () => {
  const cells: [number, number][] = [
    [1, 0],
    [0, -1],
    [-1, 0],
    [0, 1],
  ];
  expect(readingOrder(cells, 0)).toEqual([
    [0, -1],
    [-1, 0],
    [1, 0],
    [0, 1],
  ]);
  // A quarter turn clockwise brings the west square to the top.
  expect(readingOrder(cells, 1)).toEqual([
    [-1, 0],
    [0, 1],
    [0, -1],
    [1, 0],
  ]);
  expect(readingOrder(cells, 4)).toEqual(readingOrder(cells, 0));
});

test("places drawn too close are pushed apart, and only those", () => {
  const gap = 40;
  // The north edge's road and the fields beside it, and a cloister far from them.
  const points: [number, number][] = [
    [20, 10],
    [50, 14],
    [80, 10],
    [50, 80],
  ];
  const spread = spreadPoints(points, gap);
  for (let i = 0; i < spread.length; i++)
    for (let j = i + 1; j < spread.length; j++) {
      const d = Math.hypot(spread[i]![0] - spread[j]![0], spread[i]![1] - spread[j]![1]);
      expect(d, `${i} and ${j}`).toBeGreaterThanOrEqual(gap - 0.05);
    }
  expect(spread[3], "the cloister was far enough already").toEqual([50, 80]);
  expect(spread[0]![0]).toBeLessThan(20);
  expect(spreadPoints(points, 20), "nothing moves when all are apart").toEqual(points);
  const same = spreadPoints(
    [
      [50, 50],
      [50, 50],
    ],
    10,
  );
  expect(Math.hypot(same[0]![0] - same[1]![0], same[0]![1] - same[1]![1])).toBeGreaterThanOrEqual(9.95);
});

test("a city's pennants lie inside the tile, whichever edge the city is on", () => {
  for (const side of ["N", "E", "S", "W"] as const) {
    const tile: TileShape = {
      ...D,
      features: [{ kind: "city", sides: [side], pennants: 1, anchor: side, inn: false, cathedral: false, goods: null }],
    };
    const pennant = tileShapes(tile).find((s) => s.part === "pennant")!;
    const numbers = [...pennant.d.matchAll(/-?\d+(\.\d+)?/g)].map((m) => Number(m[0]));
    expect(Math.min(...numbers), side).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers), side).toBeLessThanOrEqual(100);
  }
});

test("a follower is drawn by its role, the abbot as the abbot wherever it stands", () => {
  expect(shapeOf("follower", "monk")).toBe("monk");
  expect(shapeOf("follower", "farmer")).toBe("farmer");
  expect(shapeOf("abbot", "monk")).toBe("abbot");
  expect(shapeOf("abbot", "heretic")).toBe("abbot");
  // As large as a follower's, so it is seen and hit as easily: 2 half-widths across and high.
  const points = [...roleOutline("abbot", 0, 0, 1).matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  const xs = points.map((p) => p[0]!);
  const ys = points.map((p) => p[1]!);
  expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThanOrEqual(2);
  expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThanOrEqual(2);
});

test("the big follower is drawn as itself wherever it stands, and larger than any follower", () => {
  expect(shapeOf("big", "farmer")).toBe("big");
  expect(shapeOf("big", "knight")).toBe("big");
  expect(shapeLabel("big")).toBe("figure.big");
  expect(shapeOf("builder", "thief")).toBe("builder");
  expect(shapeOf("pig", "farmer")).toBe("pig");
  expect(shapeLabel("builder")).toBe("figure.builder");
  expect(shapeLabel("pig")).toBe("figure.pig");
  expect(shapeLabel("knight")).toBe("role.knight");
  const extent = (shape: FigureShape): [number, number] => {
    const points = [...roleOutline(shape, 0, 0, 1).matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    const xs = points.map((p) => p[0]!);
    const ys = points.map((p) => p[1]!);
    return [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  };
  const [width, height] = extent("big");
  for (const role of ["knight", "thief", "monk", "farmer", "heretic"] as const) {
    const [w, h] = extent(role);
    expect(width * height, role).toBeGreaterThan(w * h);
  }
});

test("a cathedral, an inn and a goods symbol are drawn on their tiles, each in its own shape", () => {
  const marked: TileShape = {
    ...D,
    features: [
      { kind: "city", sides: ["N"], pennants: 1, anchor: "N", inn: false, cathedral: false, goods: "wine" },
      { kind: "road", sides: ["E", "W"], pennants: 0, anchor: "E", inn: true, cathedral: false, goods: null },
    ],
  };
  const parts = tileShapes(marked).map((s) => s.part);
  expect(parts).toEqual(["city", "road", "pennant", "wine", "inn"]);
  const [pennant, wine] = tileShapes(marked).filter((s) => s.part === "pennant" || s.part === "wine");
  expect(pennant!.d, "the goods keep clear of the pennant").not.toBe(wine!.d);
  const kinds = (["wine", "grain", "cloth"] as const).map(
    (goods) => tileShapes({ ...D, features: [{ ...marked.features[0]!, pennants: 0, goods }] })[1]!,
  );
  expect(kinds.map((s) => s.part)).toEqual(["wine", "grain", "cloth"]);
  expect(new Set(kinds.map((s) => s.d)).size, "three outlines, not one shape in three colours").toBe(3);
  const cathedral = { ...D, features: [{ ...marked.features[0]!, goods: null, pennants: 0, cathedral: true }] };
  expect(tileShapes(cathedral).map((s) => s.part)).toEqual(["city", "cathedral"]);
  expect(
    tileShapes(D).map((s) => s.part),
    "a plain tile shows none of them",
  ).toEqual(["city", "road"]);
});

test("every place is drawn at the table's own point for it, which its descriptions measure from", () => {
  expect(Object.keys(PLACE_POINTS).sort()).toEqual([...PORTS].sort());
  for (const port of PORTS) expect(PLACE_POINT[port], port).toEqual(PLACE_POINTS[port]);
});

test("the view keeps two cells round the tiles and grows a step at a time", () => {
  expect(viewSpan([0])).toEqual({ min: -2, max: 4 });
  // The tiles reach a cell further east: the view stays where it stood.
  expect(viewSpan([0, 1])).toEqual({ min: -2, max: 4 });
  expect(viewSpan([0, 1, 2])).toEqual({ min: -2, max: 6 });
  expect(viewSpan([0, 1, 2, 3])).toEqual({ min: -2, max: 6 });
  expect(viewSpan([-1, 0])).toEqual({ min: -4, max: 4 });
  // However far it has grown, at least two cells to spare beyond the outermost tiles.
  for (let low = -9; low <= 0; low++)
    for (let high = 0; high <= 9; high++) {
      const { min, max } = viewSpan([low, high]);
      expect(low - min).toBeGreaterThanOrEqual(2);
      expect(max - (high + 1)).toBeGreaterThanOrEqual(2);
      expect(low - min).toBeLessThan(2 + 2);
      expect(max - (high + 1)).toBeLessThan(2 + 2);
    }
});
