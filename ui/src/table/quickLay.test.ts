import { expect, test } from "vitest";
import type { BagCount, Degrees, FeatureShapeView, PlacementOption, Port, TileId, TileShape } from "../bindings";
import { layRequest, lookOf, looksAt, nextTurn, openSquares, type Fits, type Laid } from "./quickLay";

const option = (x: number, y: number, rotation: Degrees): PlacementOption => ({
  x,
  y,
  rotation,
  followers: [],
  mayRecall: false,
  earnsSecondTile: false,
});

const feature = (kind: FeatureShapeView["kind"], sides: Port[]): FeatureShapeView => ({
  kind,
  sides,
  pennants: 0,
  anchor: sides[0] ?? "C",
  inn: false,
  cathedral: false,
  goods: null,
});
const shape = (id: TileId, features: FeatureShapeView[]): TileShape => ({
  id,
  from: "base",
  copies: 1,
  features,
  carcassonne: false,
  crop: null,
  edges: "",
  ferryLake: false,
  gold: false,
});
// A straight road looks the same turned half round; a city and road (D) never does.
const SHAPES = new Map<TileId, TileShape>([
  ["U", shape("U", [feature("road", ["W", "E"])])],
  ["D", shape("D", [feature("city", ["N"]), feature("road", ["E", "W"])])],
  ["V", shape("V", [feature("road", ["S", "W"])])],
]);
const shapeOf = (tile: TileId) => SHAPES.get(tile);

const fits: Fits = new Map<TileId, PlacementOption[]>([
  ["D", [option(1, 0, 0), option(1, 0, 180), option(0, 1, 90)]],
  ["U", [option(1, 0, 0), option(1, 0, 180), option(2, 2, 0)]],
  ["V", [option(1, 0, 270)]],
]);
const bag: BagCount[] = [
  { tile: "D", count: 2 },
  { tile: "U", count: 7 },
  { tile: "V", count: 7 },
];
const none = new Map<TileId, Degrees>();

test("the open squares are every square some tile fits, each once", () => {
  expect(openSquares(fits)).toEqual([
    [1, 0],
    [0, 1],
    [2, 2],
  ]);
});

test("two turns that look the same are one look", () => {
  expect(lookOf(SHAPES.get("U"), 0)).toBe(lookOf(SHAPES.get("U"), 180));
  expect(lookOf(SHAPES.get("U"), 0)).not.toBe(lookOf(SHAPES.get("U"), 90));
  expect(lookOf(SHAPES.get("D"), 0)).not.toBe(lookOf(SHAPES.get("D"), 180));
});

test("the tile chosen last comes first where it fits, then the most copies, then by name", () => {
  const at = (chosen: TileId | null, kept = none) =>
    looksAt(fits, 1, 0, chosen, bag, kept, shapeOf).map((l) => `${l.tile}${l.rotation}`);
  expect(at("D")).toEqual(["D0", "D180", "U0", "V270"]);
  expect(at(null)).toEqual(["U0", "V270", "D0", "D180"]);
  // The turn a tile was last laid in first; the straight road's other turn is the same look.
  expect(at("D", new Map<TileId, Degrees>([["D", 180]]))).toEqual(["D180", "D0", "U0", "V270"]);
  expect(at(null, new Map<TileId, Degrees>([["U", 180]]))).toEqual(["U180", "V270", "D0", "D180"]);
  // None left of a tile: not offered.
  expect(looksAt(fits, 1, 0, null, [{ tile: "D", count: 0 }, ...bag.slice(1)], none, shapeOf)).toHaveLength(2);
  expect(looksAt(fits, 2, 2, "D", bag, none, shapeOf)).toEqual([{ tile: "U", rotation: 0 }]);
});

test("the laid tile turns through its own looks on its square", () => {
  const looks = looksAt(fits, 1, 0, "D", bag, none, shapeOf);
  const laid: Laid = { index: 3, x: 1, y: 0, tile: "D", rotation: 0, looks };
  expect(nextTurn(laid)).toBe(180);
  expect(nextTurn({ ...laid, rotation: 180 })).toBe(0);
  expect(nextTurn(laid, -1)).toBe(180);
  expect(nextTurn({ ...laid, tile: "U" })).toBe(0);
});

test("a lay is a place move with no figure", () => {
  expect(layRequest({ tile: "D", rotation: 90 }, 1, 0)).toMatchObject({
    kind: "place",
    tile: "D",
    x: 1,
    y: 0,
    rotation: 90,
    follower: null,
  });
});
