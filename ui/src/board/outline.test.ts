import { expect, test } from "vitest";
import { outlinePath, outlineSegments } from "./outline";

const length = (segments: [[number, number], [number, number]][]) =>
  segments.reduce((n, [[ax, ay], [bx, by]]) => n + Math.hypot(bx - ax, by - ay), 0);

test("a whole tile of grass is outlined along its border only", () => {
  const all = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
  const segments = outlineSegments([{ at: [2, 1], places: all }]);
  expect(length(segments)).toBe(400);
  expect(segments.every(([[ax, ay], [bx, by]]) => [ax, bx].every((x) => x === 200 || x === 300) || [ay, by].every((y) => y === 100 || y === 200))).toBe(true);
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
  const all = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
  const segments = outlineSegments([
    { at: [0, 0], places: all },
    { at: [1, 0], places: all },
  ]);
  expect(length(segments)).toBe(600);
  expect(segments.some(([[ax], [bx]]) => ax === 100 && bx === 100)).toBe(false);
  expect(outlinePath([{ at: [0, 0], places: all }, { at: [1, 0], places: all }]).match(/M/g)).toHaveLength(1);
});
