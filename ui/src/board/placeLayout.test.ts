import { expect, test } from "vitest";
import type { Port } from "../bindings";
import { PORTS } from "../ipc";
import { PLACE_POINT, outlineBox, type FigureShape } from "./geometry";
import { enlargedSize, fitPlaces, layPlaces } from "./placeLayout";

const SHAPES: FigureShape[] = ["knight", "thief", "monk", "farmer", "heretic", "abbot", "big", "builder", "pig"];
const ALL = [...PORTS];
const at = (places: readonly Port[]) => places.map((p): [number, number] => [...PLACE_POINT[p]]);

/** Each outline's box about its drawn point, in the tile's square. */
function boxes(points: [number, number][], shapes: FigureShape[], r: number) {
  return points.map(([x, y], i) => {
    const [l, t, rt, b] = outlineBox(shapes[i]!);
    return [x + l * r, y + t * r, x + rt * r, y + b * r] as const;
  });
}

/** What is wrong with a layout: a place past the tile's edge, two places overlapping. */
function faults(points: [number, number][], shapes: FigureShape[], r: number): string[] {
  const drawn = boxes(points, shapes, r);
  const out: string[] = [];
  drawn.forEach(([l, t, rt, b], i) => {
    if (l < 0 || t < 0 || rt > 100 || b > 100) out.push(`place ${i} past the edge: ${[l, t, rt, b]}`);
    for (let j = i + 1; j < drawn.length; j++) {
      const o = drawn[j]!;
      if (Math.min(rt, o[2]) > Math.max(l, o[0]) && Math.min(b, o[3]) > Math.max(t, o[1]))
        out.push(`places ${i} and ${j} overlap`);
    }
  });
  return out;
}

test("an outline's box holds each of its points, the monk's round one its radius", () => {
  expect(outlineBox("monk"), "a circle of radius 1").toEqual([-1, -1, 1, 1]);
  expect(outlineBox("knight")).toEqual([-1, -1, 1, 1.1]);
  const [l, t, r, b] = outlineBox("big");
  expect([l, r], "the arms' reach").toEqual([-1.5, 1.5]);
  expect(t, "the head's curve is inside its control point").toBe(-1.85);
  expect(b).toBe(1.5);
});

test("places already apart and inside stay at their points", () => {
  const anchors = at(["N", "S"]);
  expect(layPlaces(anchors, ["knight", "farmer"], 10)).toEqual(anchors);
});

test("places on one point, or pressed against an edge, come apart inside the tile", () => {
  const shapes: FigureShape[] = ["big", "big", "big"];
  const points = layPlaces(at(["NL", "WR", "N"]), shapes, 8);
  expect(points, "they fit").not.toBeNull();
  expect(faults(points!, shapes, 8)).toEqual([]);
});

test("too many large places for a tile drawn small do not fit it: the tile is enlarged", () => {
  const places: Port[] = ["N", "E", "S", "W", "NL", "NR", "ER", "SR"];
  const shapes = places.map((): FigureShape => "big");
  expect(fitPlaces(at(places), shapes, 45, 32), "eight big followers on a 45-pixel tile").toBeNull();
  const enlarged = enlargedSize(at(places), shapes, 560);
  expect(enlarged.px, "larger than the board's tile").toBeGreaterThan(45);
  expect(faults(enlarged.points, shapes, enlarged.r)).toEqual([]);
  expect(2 * enlarged.r * (enlarged.px / 100), "each place 25 pixels across").toBeGreaterThanOrEqual(25);
});

test("every place of a tile, of every shape, fits a tile enlarged for it", () => {
  for (const shape of SHAPES) {
    const shapes = ALL.map(() => shape);
    const enlarged = enlargedSize(at(ALL), shapes, 560);
    expect(faults(enlarged.points, shapes, enlarged.r), `${ALL.length} ${shape}s`).toEqual([]);
    expect(enlarged.px, `${shape}: within the room given`).toBeLessThanOrEqual(560);
  }
});

test("a tile drawn large holds its places at the size the board draws followers", () => {
  const places: Port[] = ["N", "E", "S", "W"];
  const shapes: FigureShape[] = ["knight", "thief", "farmer", "monk"];
  const fitted = fitPlaces(at(places), shapes, 200, 10);
  expect(fitted?.r, "at the board's size").toBe(10);
  expect(faults(fitted!.points, shapes, 10)).toEqual([]);
});
