import { expect, test } from "vitest";
import type { Port } from "../bindings";
import { grassPath, outlinePath, outlineSegments, placePath, turnedSides, withWalls } from "./outline";

const length = (segments: [[number, number], [number, number]][]) =>
  segments.reduce((n, [[ax, ay], [bx, by]]) => n + Math.hypot(bx - ax, by - ay), 0);

test("a whole tile of grass is outlined along its border only", () => {
  const all: Port[] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
  const segments = outlineSegments([{ at: [2, 1], places: all }]);
  expect(length(segments)).toBe(400);
  expect(
    segments.every(
      ([[ax, ay], [bx, by]]) =>
        [ax, bx].every((x) => x === 200 || x === 300) || [ay, by].every((y) => y === 100 || y === 200),
    ),
  ).toBe(true);
  expect(outlinePath([{ at: [2, 1], places: all }])).toMatch(/^M [\d, L]+ Z$/);
});

test("grass south of a road stops at the road through the tile's middle", () => {
  // The start tile's grass below its west–east road: the east half of the east edge, the
  // south edge, the south half of the west edge.
  const segments = outlineSegments([{ at: [0, 0], places: ["ER", "SL", "SR", "WL"] }]);
  // 50 + 100 + 50 of border, and 100 along the road from (0,50) through the centre to (100,50).
  expect(length(segments)).toBe(300);
  const alongRoad = segments.filter(([[, ay], [, by]]) => ay === 50 && by === 50);
  expect(length(alongRoad)).toBe(100);
});

test("two tiles of one farm share no outline on their common edge", () => {
  const all: Port[] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
  const segments = outlineSegments([
    { at: [0, 0], places: all },
    { at: [1, 0], places: all },
  ]);
  expect(length(segments)).toBe(600);
  expect(segments.some(([[ax], [bx]]) => ax === 100 && bx === 100)).toBe(false);
  expect(
    outlinePath([
      { at: [0, 0], places: all },
      { at: [1, 0], places: all },
    ]).match(/M/g),
  ).toHaveLength(1);
});

test("the halves of a city side beside the grass join the farm, so its wall can bound it", () => {
  // The start tile D: its city on the north side, the grass between the wall and the road is
  // the east half of the east edge and the north half of the west edge (EL, WR).
  const d = withWalls([{ at: [0, 0], places: ["EL", "WR"] }], () => ["N"]);
  expect(d[0]!.places.sort()).toEqual(["EL", "NL", "NR", "WR"]);
  // The grass south of D's road touches no wall.
  expect(withWalls([{ at: [0, 0], places: ["ER", "SL", "SR", "WL"] }], () => ["N"])[0]!.places.sort()).toEqual([
    "ER",
    "SL",
    "SR",
    "WL",
  ]);
  // A catalog city on the north side of a tile turned 90° lies on its east side.
  expect(turnedSides(["N", "W"], 90)).toEqual(["E", "N"]);
  expect(turnedSides(["E"], 270)).toEqual(["N"]);
});

test("a tile's drawing is turned about its centre and put on its cell", () => {
  // A city along the north edge, turned a quarter: along the east edge of cell (2, -1).
  expect(placePath("M 0,0 L 100,0 Q 50,42 0,0 Z", 2, -1, 90)).toBe("M 300,-100 L 300,0 Q 258,-50 300,-100 Z");
  expect(placePath("M 0,0 L 100,0", 0, 0, 0)).toBe("M 0,0 L 100,0");
  expect(grassPath([{ x: 1, y: 0, cities: ["M 100,0 L 200,0 Z"] }])).toBe(
    "M 100,0 h 100 v 100 h -100 Z M 100,0 L 200,0 Z",
  );
});
